import type { Language } from './languages';

// Dates and numbers as the finder's language writes them ('23 nov 2026, 14:05', '2.000'), through
// Intl: the same on the server and in every browser that knows the language.

/** A moment with its date and time: in `timeZone`, or without one in the browser's own. */
export const formatDateTime = (iso: string | Date, language: Language, timeZone?: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });

export const formatNumber = (value: number, language: Language) => value.toLocaleString(language);
