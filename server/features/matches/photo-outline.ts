// Which part of a photo is the pet: what differs from the picture's edges. A finder frames the pet
// with floor, lawn or pavement around it; the edges' own colour is what it stands on.

/** How far a pixel's colour may be from the edges' and still be background (0–441). */
const BACKGROUND_DISTANCE = 48;

type Rgb = [number, number, number];

/** The pet's pixels in a square picture and the box that holds most of them. */
export interface Outline {
  onPet: Uint8Array;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The picture's outermost ring of pixels. */
function edgePixels(pixels: Uint8Array, side: number): Rgb[] {
  const ring: Rgb[] = [];
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      if (x > 0 && y > 0 && x < side - 1 && y < side - 1) continue;
      const i = (y * side + x) * 3;
      ring.push([pixels[i], pixels[i + 1], pixels[i + 2]]);
    }
  return ring;
}

const isNear = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) <= BACKGROUND_DISTANCE;

/**
 * What the pet stands on: the median of each channel over the picture's edges, when most of the
 * edges are of it. A close-up, the pet filling the frame, has no one colour at its edges.
 */
function backgroundOf(pixels: Uint8Array, side: number): Rgb | null {
  const ring = edgePixels(pixels, side);
  const median = [0, 1, 2].map((c) => ring.map((p) => p[c]).sort((a, b) => a - b)[ring.length >> 1]) as Rgb;
  return ring.filter((p) => isNear(p, median)).length >= ring.length * 0.6 ? median : null;
}

/** The rows' or columns' span holding most of the pet: a stray pixel or two of the floor aside. */
function span(counts: number[]): [number, number] {
  const total = counts.reduce((a, b) => a + b, 0);
  let from = 0;
  let seen = 0;
  while (from < counts.length - 1 && seen + counts[from] <= total * 0.04) seen += counts[from++];
  let to = counts.length - 1;
  seen = 0;
  while (to > from && seen + counts[to] <= total * 0.04) seen += counts[to--];
  return [from, to + 1];
}

/**
 * The pet's outline in a square of RGB pixels (`side` × `side`), or null when it cannot be told from
 * what it stands on (a tan dog on a wooden floor, a close-up) or the picture holds nothing in particular.
 */
export function outlineOf(pixels: Uint8Array, side: number): Outline | null {
  const background = backgroundOf(pixels, side);
  if (!background) return null;
  const onPet = new Uint8Array(side * side);
  const rows = new Array<number>(side).fill(0);
  const columns = new Array<number>(side).fill(0);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3;
      if (isNear([pixels[i], pixels[i + 1], pixels[i + 2]], background)) continue;
      onPet[y * side + x] = 1;
      rows[y]++;
      columns[x]++;
    }
  const [top, bottom] = span(rows);
  const [left, right] = span(columns);
  const box = (bottom - top) * (right - left);
  if (box < side * side * 0.08 || box > side * side * 0.9) return null;
  return { onPet, top, bottom, left, right };
}
