/**
 * Text that someone typed, as one line: control characters and Unicode line or paragraph
 * separators become spaces and runs of spaces fold, so nothing typed can start a line of its own
 * in an e-mail or a notification and pass for Homeward's words.
 */
export const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Text someone typed over several lines (a message, a note), as e-mail quotes it: every line after
 * '> ', so that the writer's lines stay theirs and none passes for Homeward's words. Controls become
 * spaces, Unicode's line and paragraph separators line breaks, and blank lines fold to one;
 * nothing visible is ''.
 */
export function quoted(text: string) {
  const lines = text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/[^\P{Cc}\n]+/gu, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!lines) return '';
  return lines.replace(/^/gm, '> ').replace(/ $/gm, '');
}

/** `text` at most `max` characters long, its end marked '…' where it was cut. */
export const shortened = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
