import crypto from 'node:crypto';

/**
 * A point of a test's own, at random in a band of the world no other test uses (the PostgreSQL
 * database outlives a run). Eight decimals, the last never 0: written out, the point is always
 * longer than a grid cell's six, so "the page does not contain the exact point" can never be
 * fooled by a cell that happens to begin with the same digits.
 */
export function aPointIn(south: number, west: number, degreesHigh: number, degreesWide: number) {
  const coordinate = (from: number, span: number) =>
    from + (crypto.randomInt(0, span * 10_000_000) * 10 + crypto.randomInt(1, 10)) / 100_000_000;
  return { lat: coordinate(south, degreesHigh), lng: coordinate(west, degreesWide) };
}
