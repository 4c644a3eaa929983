/** The reader's own calendar day `days` from today, as yyyy-mm-dd (what a date input holds). */
export function localDay(days = 0) {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
