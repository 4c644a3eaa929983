import { z } from 'zod';

// Bounds keep hostile input out of the database; the spec leaves them open. Read by the server's
// request schemas and, through zodResolver, by the forms: one rule for both.

// Invisible characters alone (a zero-width space, say) would show as a blank name.
export const VISIBLE = /[^\s\p{Cf}]/u;

export const upTo = (length: number) => (s: z.ZodString) => s.max(length, `Must be ${length} characters or fewer`);
export const short = upTo(200);
export const long = upTo(5000);

/** A text that must be there: trimmed, not blank, not only invisible characters. */
export const required = (s: z.ZodString) =>
  s
    .trim()
    .min(1, 'Required')
    .max(200, 'Must be 200 characters or fewer')
    .refine((v) => v === '' || VISIBLE.test(v), 'Required');

// PostgreSQL text cannot hold a NUL character: refused here, it is a 400 rather than a failed insert.
export const withoutNul = (s: z.ZodString) =>
  s.refine((v) => !v.includes('\u0000'), 'Contains a character that is not allowed');

/**
 * Markup is refused, not escaped later: what a stranger writes for others to read (a sighting, a
 * found pet) is plain text, whoever reads it and wherever. One rule, one message, for every such field.
 */
const MARKUP = /<\s*[a-z!/?]/i;
export const PLAIN_TEXT_MESSAGE = 'Please write plain text, without HTML';
export const withoutMarkup = <S extends z.ZodType<string, string>>(s: S) =>
  s.refine((v) => !MARKUP.test(v), PLAIN_TEXT_MESSAGE);

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
