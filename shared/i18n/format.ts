import type { Language } from './languages';

// Dates and numbers as the finder's language writes them ('23 nov 2026, 14:05', '2.000'), through
// Intl: the same on the server and in every browser that knows the language.

/** A moment with its date and time: in `timeZone`, or without one in the browser's own. */
export const formatDateTime = (iso: string | Date, language: Language, timeZone?: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });

export const formatNumber = (value: number, language: Language) => value.toLocaleString(language);

/**
 * A last-seen day as people read it in `language` ('November 20, 2026', '20 novembre 2026'). The date
 * is free text (spec section 3): a bare yyyy-mm-dd is a calendar day, the same wherever it is read;
 * anything else stays as typed.
 */
export function lastSeenDay(value: string, language = 'en-US') {
  const day = /^(\d{4}-\d{2}-\d{2})$/.exec(value.trim())?.[1];
  const date = day ? new Date(`${day}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime())) return value.trim();
  return date.toLocaleDateString(language, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}
