/** Integer cents as dollars with two decimals: 1999 → "$19.99". */
export const formatPrice = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A stored date (ISO text) in the reader's local format; the raw text when it is not a date. */
export function formatDate(value: string | null | undefined) {
  if (!value) return '';
  // A bare yyyy-mm-dd is a calendar day: read it as local midnight, not UTC, so it does not shift.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString();
}
