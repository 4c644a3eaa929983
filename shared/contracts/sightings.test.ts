import { describe, expect, it } from 'vitest';
import { earliestSeenAt, SEEN_IN_FUTURE, SEEN_TOO_LONG_AGO, sightingSchema } from './sighting-schema';
import { compassPoint, distanceInWords, fromLastSeenInWords } from './sightings';

const PET = '5d0b7a4e-8c1f-4a57-9f43-0d1e2a3b4c5d';

describe('where a sighting is, from the last-seen point', () => {
  it('says the distance as people do and the nearest of the eight compass points', () => {
    const lastSeen = { lat: 45.52, lng: -122.68 };
    expect(fromLastSeenInWords(lastSeen, { lat: 45.52382, lng: -122.67455 })).toBe(
      '600 m north-east of the last-seen point',
    );
    expect(fromLastSeenInWords(lastSeen, { lat: 45.5, lng: -122.68 })).toBe('2.2 km south of the last-seen point');
    expect(fromLastSeenInWords(lastSeen, { lat: 45.52, lng: -122.68005 })).toBe('At the last-seen point');
    expect(compassPoint({ lat: 0, lng: 0 }, { lat: 0, lng: -1 })).toBe('west');
    // Across the antimeridian, east is still east.
    expect(compassPoint({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBe('east');
    expect(distanceInWords(14_400)).toBe('14 km');
  });
});

describe('when a sighting may be from', () => {
  const now = Date.parse('2026-11-25T20:00:00Z');

  it("when the sighter's clock is ahead of UTC, then yesterday starts at their own midnight", () => {
    // 20:00 UTC is 05:00 on the 26th in Tokyo: yesterday there is the 25th, from 15:00 UTC on the 24th.
    expect(new Date(earliestSeenAt('2026-11-25T10:00:00+09:00', now)).toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(new Date(earliestSeenAt('2026-11-25T10:00:00Z', now)).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(new Date(earliestSeenAt('2026-11-25T10:00:00-08:00', now)).toISOString()).toBe('2026-11-24T08:00:00.000Z');
  });

  it('refuses the future beyond a few minutes of clock skew, and the day before yesterday', () => {
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
    const issue = (seenAt: string) =>
      sightingSchema.safeParse({ petId: PET, location: 'Park', seenAt }).error?.issues[0]?.message;
    expect(issue(at(60_000))).toBeUndefined();
    expect(issue(at(10 * 60_000))).toBe(SEEN_IN_FUTURE);
    expect(issue(at(-3 * 86_400_000))).toBe(SEEN_TOO_LONG_AGO);
    expect(issue('2026-02-30T10:00:00Z')).toBeDefined();
  });
});
