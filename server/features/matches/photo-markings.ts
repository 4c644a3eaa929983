// Whether two photos show one animal: the layout of its markings. Two black-and-white cats share a
// coat; where the white lies on each does not. A photo is cut down to the pet (what differs from
// the picture's edges), its outline divided into a small grid, and each cell's colour kept relative
// to the pet's own mean, so that the light and the camera's white balance fall away. Two layouts
// are compared as a correlation, the pet facing either way and a cell off either side (the frame
// is never the same twice). A pet of one colour has no layout to compare: it reads as none.
//
// The limits, said plainly: this reads a pet seen side-on, as photos of a pet standing mostly are
// and as the matching evaluation draws them; a pet curled up or seen from the front shows another
// layout, which then compares as unlike (it lowers the chance, it never excludes a pair).

import type { Outline } from './photo-outline';

/** The pet's outline cut into this many cells across and down. */
const COLUMNS = 12;
const ROWS = 8;
/** Below this spread of the cells' colours (0–255) the coat is of one colour: no layout to compare. */
const MIN_SPREAD = 14;

/** A photo's markings: per cell, each channel's difference from the pet's mean, over its spread. */
export type Markings = number[];

/**
 * The markings of the pet in a square of RGB pixels (`side` × `side`) within its outline, or null
 * when it is of one colour.
 */
export function markingsOf(
  pixels: Uint8Array,
  side: number,
  { onPet, top, bottom, left, right }: Outline,
): Markings | null {
  const sums = Array.from({ length: COLUMNS * ROWS }, () => [0, 0, 0, 0]);
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) {
      if (!onPet[y * side + x]) continue;
      const cell =
        Math.floor(((y - top) * ROWS) / (bottom - top)) * COLUMNS + Math.floor(((x - left) * COLUMNS) / (right - left));
      const i = (y * side + x) * 3;
      for (let c = 0; c < 3; c++) sums[cell][c] += pixels[i + c];
      sums[cell][3]++;
    }
  const filled = sums.filter((s) => s[3] > 0);
  if (filled.length < (COLUMNS * ROWS) / 2) return null;
  const mean = [0, 1, 2].map((c) => filled.reduce((a, s) => a + s[c] / s[3], 0) / filled.length);
  const spread = Math.sqrt(
    filled.reduce((a, s) => a + [0, 1, 2].reduce((b, c) => b + (s[c] / s[3] - mean[c]) ** 2, 0), 0) /
      (filled.length * 3),
  );
  if (spread < MIN_SPREAD) return null;
  // An empty cell (the outline's corners) reads as the mean: it says nothing either way.
  return sums.flatMap((s) => [0, 1, 2].map((c) => (s[3] > 0 ? (s[c] / s[3] - mean[c]) / spread : 0)));
}

const cellOf = (m: Markings, column: number, row: number, channel: number) =>
  column < 0 || column >= COLUMNS || row < 0 || row >= ROWS ? 0 : m[(row * COLUMNS + column) * 3 + channel];

/** The correlation of two layouts, the second shifted by (dx, dy) cells and facing the other way or not. */
function correlation(a: Markings, b: Markings, dx: number, dy: number, mirrored: boolean) {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let row = 0; row < ROWS; row++)
    for (let column = 0; column < COLUMNS; column++)
      for (let c = 0; c < 3; c++) {
        const x = cellOf(a, column, row, c);
        const y = cellOf(b, (mirrored ? COLUMNS - 1 - column : column) + dx, row + dy, c);
        ab += x * y;
        aa += x * x;
        bb += y * y;
      }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/**
 * How alike two photos' markings are (0–1): the best correlation of their layouts, either way round
 * and a cell off in any direction; null when either has none to compare.
 */
export function markingsAlike(a: Markings | null | undefined, b: Markings | null | undefined): number | null {
  if (!a || !b) return null;
  let best = 0;
  for (const mirrored of [false, true])
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) best = Math.max(best, correlation(a, b, dx, dy, mirrored));
  return best;
}
