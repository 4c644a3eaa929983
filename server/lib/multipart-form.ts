import busboy from 'busboy';
import type { Request } from 'express';

// A form without scripts sends files as multipart/form-data, which express does not read. busboy
// (the streaming parser multer is built on) reads it here, within limits: files are held in memory
// only up to their bound, and a form over any other limit is refused whole. A text over its bound is
// the writer's to shorten, not a broken form: it comes back cut and named in `cut`, so the page can
// say which field is too long. So are files past their count or size: the texts come back with
// `fileProblem` (the files are then not kept), so the page can refuse the photos and keep what was typed.

export interface MultipartLimits {
  /** The most files, counted as the browser sends them (an empty file input is a part too). */
  files: number;
  fileBytes: number;
  fields: number;
  fieldBytes: number;
}

export type MultipartForm =
  | {
      ok: true;
      fields: Map<string, string[]>;
      files: Buffer[];
      /** Which file part (0 for the first, empty ones counted) each of `files` was: the form's input it came from. */
      fileParts: number[];
      /** The fields longer than `fieldBytes`, whose values are cut there: never to be stored as they are. */
      cut: Set<string>;
      /** More files than `files`, or one over `fileBytes`: `files` is then empty, never to be stored. */
      fileProblem?: 'too-many-files' | 'file-too-large';
      /** The file parts over `fileBytes`, counted as `fileParts` are. */
      oversized: number[];
      /**
       * Every file part that carried bytes, kept in `files` or not: what the person chose, which a
       * refused form cannot give back (a browser never refills a file input).
       */
      chosen: number[];
    }
  | { ok: false; problem: 'not-multipart' | 'too-many-fields' | 'malformed' };

/** Reads a multipart form's text fields (all values of each name) and its non-empty files, in order. */
export function readMultipartForm(req: Request, limits: MultipartLimits): Promise<MultipartForm> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          files: limits.files,
          fileSize: limits.fileBytes,
          fields: limits.fields,
          fieldSize: limits.fieldBytes,
          parts: limits.files + limits.fields,
        },
      });
    } catch {
      resolve({ ok: false, problem: 'not-multipart' });
      return;
    }
    const fields = new Map<string, string[]>();
    const files: Buffer[] = [];
    const fileParts: number[] = [];
    const oversized: number[] = [];
    const chosen: number[] = [];
    let partsSeen = 0;
    const cut = new Set<string>();
    let problem: Extract<MultipartForm, { ok: false }>['problem'] | undefined;
    let fileProblem: Extract<MultipartForm, { ok: true }>['fileProblem'];
    const refuse = (why: NonNullable<typeof problem>) => {
      problem ??= why;
    };
    const refuseFiles = (why: NonNullable<typeof fileProblem>) => {
      fileProblem ??= why;
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) cut.add(name);
      fields.set(name, [...(fields.get(name) ?? []), value]);
    });
    parser.on('file', (_name, stream) => {
      const part = partsSeen++;
      const chunks: Buffer[] = [];
      let sent = 0;
      stream.on('data', (chunk: Buffer) => {
        sent += chunk.length;
        if (!problem && !fileProblem) chunks.push(chunk);
      });
      stream.on('limit', () => {
        refuseFiles('file-too-large');
        oversized.push(part);
      });
      stream.on('close', () => {
        if (sent > 0) chosen.push(part);
        const bytes = Buffer.concat(chunks);
        // An input left empty sends a part with no name and no bytes: no photo.
        if (bytes.length > 0) {
          files.push(bytes);
          fileParts.push(part);
        }
      });
    });
    parser.on('filesLimit', () => refuseFiles('too-many-files'));
    parser.on('fieldsLimit', () => refuse('too-many-fields'));
    parser.on('partsLimit', () => refuse('too-many-fields'));
    parser.on('error', () => {
      refuse('malformed');
      req.unpipe(parser);
      req.resume();
      resolve({ ok: false, problem: 'malformed' });
    });
    parser.on('close', () =>
      resolve(
        problem
          ? { ok: false, problem }
          : fileProblem
            ? { ok: true, fields, files: [], fileParts: [], cut, fileProblem, oversized, chosen }
            : { ok: true, fields, files, fileParts, cut, oversized, chosen },
      ),
    );
    req.pipe(parser);
  });
}
