// Saving generated images (QR code, poster) as files the owner can print or send.

/** A pet's name as part of a file name: path and control characters would be refused by the system. */
export const fileNamePart = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
  name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim() || 'pet';

/** Saves a canvas as a PNG file through a temporary link. */
export async function downloadCanvas(canvas: HTMLCanvasElement, fileName: string) {
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be encoded'))), 'image/png'),
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after this task; release it once the save has surely started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
