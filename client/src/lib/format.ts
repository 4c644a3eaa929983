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
 * A month as 'November 2026' (or 'noviembre de 2026' for a finder reading Spanish), the same on the
 * server and in every browser (the scan page is rendered by both). A bare month ('2026-11') is a
 * calendar month; a timestamp is read in local time.
 */
export function formatMonthYear(value: string, locale = 'en-US') {
  const month = /^\d{4}-\d{2}$/.test(value);
  const date = new Date(month ? `${value}-01T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: month ? 'UTC' : undefined });
}
