import { describe, expect, it } from 'vitest';
import { isFutureFoundAt, latestDayOnEarth } from './found-report-schema';

describe('a found date in the future', () => {
  it('when a day no finder anywhere has reached yet is given, then it is the future; the day of the finder furthest ahead is not', () => {
    // 03:25 UTC: Kiribati (UTC+14) is at 17:25 on the 29th; nobody is on the 30th yet.
    const early = Date.parse('2026-11-29T03:25:00Z');
    expect(latestDayOnEarth(early)).toBe('2026-11-29');
    expect(isFutureFoundAt('2026-11-30', early)).toBe(true);
    expect(isFutureFoundAt('2026-11-29', early)).toBe(false);
    // 10:30 UTC: Kiribati is on the 30th, so a finder there may say so.
    const later = Date.parse('2026-11-29T10:30:00Z');
    expect(isFutureFoundAt('2026-11-30', later)).toBe(false);
    expect(isFutureFoundAt('2026-12-01', later)).toBe(true);
    // A time is the future beyond a few minutes of clock drift, wherever it is written.
    expect(isFutureFoundAt('2026-11-30T08:00:00+14:00', early)).toBe(true);
    expect(isFutureFoundAt('2026-11-29T03:27:00Z', early)).toBe(false);
  });
});
