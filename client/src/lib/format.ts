import type { Translate } from '@shared/i18n/strings';

/** Integer cents as dollars with two decimals: 1999 → "$19.99". */
export const formatPrice = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A stored date (ISO text) in the reader's local format; the raw text when it is not a date. */
export function formatDate(value: string | null | undefined) {
  if (!value) return '';
  // A bare yyyy-mm-dd is a calendar day: read it as local midnight, not UTC, so it does not shift.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString();
}

/**
 * A month in the app's English: 'November 2026'. A bare month ('2026-11') is a calendar month; a
 * timestamp is read in local time.
 */
export function formatMonthYear(value: string, locale = 'en-US') {
  const month = /^\d{4}-\d{2}$/.test(value);
  const date = new Date(month ? `${value}-01T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: month ? 'UTC' : undefined });
}

/**
 * A bare month ('2026-11') in the finder's words: 'November 2026', 'noviembre de 2026'. From the
 * page's own words rather than Intl: the first date Intl formats on a phone loads that language's
 * calendar data, which was the largest part of hydrating the scan page (some 80 ms of Lighthouse's
 * slowed phone), and the server's and the browser's Intl need not agree word for word.
 */
export function monthInWords(month: string, t: Translate) {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const number = match ? Number(match[2]) : 0;
  if (!match || number < 1 || number > 12) return '';
  return t(`scan.month${number as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`, { year: match[1] });
}
