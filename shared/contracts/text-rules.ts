import { z } from 'zod';

// Bounds keep hostile input out of the database; the spec leaves them open. Read by the server's
// request schemas and, through zodResolver, by the forms: one rule for both.

// Invisible characters alone (a zero-width space, say) would show as a blank name.
export const VISIBLE = /[^\s\p{Cf}]/u;

/** A text field that says what is wrong with it: `missing` when absent, 'Must be text' when it is a number, say. */
export const text = (missing: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : 'Must be text') });

export const upTo = (length: number) => (s: z.ZodString) => s.max(length, `Must be ${length} characters or fewer`);

// The controls that reorder text (U+202A–U+202E, U+2066–U+2069). Arabic and Hebrew need none of
// them to read right to left.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

// A field of one line (a name, a phone, a breed) takes a line break pasted or sent into it as a
// space: kept, it would break the line the field is shown on (a link preview's title, a card). It
// loses the controls that reorder text too (see `strangersWords`): a pet's name ending in an
// override turned the preview's own words after it backwards.
const LINE_BREAKS = /[\r\n\v\f\u0085\u2028\u2029]+/g;
const oneLine = (s: z.ZodString) => s.overwrite((v) => v.replace(LINE_BREAKS, ' ').replace(BIDI_CONTROLS, ''));

/** A field of one line, up to 200 characters. */
export const short = (s: z.ZodString) => upTo(200)(oneLine(s));
export const long = upTo(5000);

/** A text of one line that must be there: trimmed, not blank, not only invisible characters. */
export const required = (s: z.ZodString) =>
  oneLine(s)
    .trim()
    .min(1, 'Required')
    .max(200, 'Must be 200 characters or fewer')
    .refine((v) => v === '' || VISIBLE.test(v), 'Required');

// PostgreSQL text cannot hold a NUL character: refused here, it is a 400 rather than a failed insert.
export const withoutNul = (s: z.ZodString) =>
  s.refine((v) => !v.includes('\u0000'), 'Contains a character that is not allowed');

/**
 * A stranger's words lose the controls that reorder text (BIDI_CONTROLS): left open in an owner's
 * e-mail subject or a preview, an override shows the rest of the line backwards and can dress one
 * text up as another.
 */
export const strangersWords = (s: z.ZodString) => s.overwrite((v) => v.replace(BIDI_CONTROLS, ''));

/**
 * What a stranger writes for others to read (a sighting, a found pet) is plain text: taken as
 * written, '<b>' as well as '<3', and shown as written, never read as markup. Every place it is
 * shown escapes it or is text already: React escapes the pages, the e-mails are plain text, a push
 * and a link preview's card are text. Refusing what looked like HTML turned away honest words and
 * guarded nothing that escaping did not. One rule for every such field, bounded and without NUL.
 */
export const plainText = (length: number) => withoutNul(upTo(length)(strangersWords(z.string()).trim()));

/** A text column the owner may leave out or clear. */
export const optionalText = <S extends z.ZodType<string, string>>(rule: (s: z.ZodString) => S) =>
  rule(z.string()).nullable().optional();

/** A day as a date input gives it (yyyy-mm-dd) that really exists: no 31 February, no month 13. */
export function isCalendarDay(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
