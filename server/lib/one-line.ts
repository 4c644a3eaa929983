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
