// A found pet's photo as a second opinion on its colours: a finder in a hurry ticks one colour of
// two, or none. The photo is shrunk to a tiny palette with sharp; the pet is told from what it
// stands on (photo-outline.ts); each of its pixels is named with the fixed list's words by its hue
// and lightness (a pixel of lawn, sky or a blue blanket is named nothing); the colours that cover a
// fair share of the pet are its colours. The same pixels give the layout of its markings.
import sharp from 'sharp';
import type { MatchColour } from './colour-words';
import { type Markings, markingsOf } from './photo-markings';
import { outlineOf } from './photo-outline';

const SIDE = 48;
// Where the pet cannot be told from its floor: the middle of the picture, where a finder frames it.
const MARGIN = 10;
/** The share of the named pixels a colour must cover to count. */
const MIN_SHARE = 0.18;

type Plain = Exclude<MatchColour, 'multi-colour'>;

/** The fixed list's word for one pixel (0–255 each), or null for a colour no pet has. */
export function nameOfPixel(r: number, g: number, b: number): Plain | null {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const light = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * light - 1));
  if (light < 0.17) return 'black';
  if (chroma < 0.1 || saturation < 0.12) {
    if (light > 0.82) return 'white';
    return light < 0.25 ? 'black' : 'grey';
  }
  let hue = 0;
  const [rf, gf, bf] = [r / 255, g / 255, b / 255];
  if (max === rf) hue = (60 * ((gf - bf) / chroma) + 360) % 360;
  else if (max === gf) hue = 60 * ((bf - rf) / chroma + 2);
  else hue = 60 * ((rf - gf) / chroma + 4);
  // Pets are black, white, grey or somewhere between red and yellow; greens, blues and purples
  // are the background.
  if (hue > 65 && hue < 330) return saturation < 0.2 ? (light > 0.8 ? 'white' : 'grey') : null;
  if (light > 0.8) return 'cream';
  if (light < 0.3) return 'brown';
  if (hue < 28 || hue >= 330) return saturation > 0.45 && light > 0.38 ? 'orange' : 'brown';
  if (hue < 40) {
    if (saturation > 0.55 && light > 0.4) return 'golden';
    return light < 0.45 ? 'brown' : 'tan';
  }
  return saturation > 0.45 ? 'golden' : light > 0.65 ? 'cream' : 'tan';
}

/** How much of the pet's part of a photo each colour covers (shares summing to 1), by the list's words. */
export type ColourShares = Partial<Record<Plain, number>>;

/**
 * What a photo shows: its colours (as `photoColours` gives them), the share each covers, and the
 * layout of its markings (photo-markings.ts), one per photo read (several for a found report's photos).
 */
export interface PhotoReading {
  colours: MatchColour[];
  shares: ColourShares;
  markings: Markings[];
}

/**
 * The colours of the pet in a photo (JPEG, PNG or WebP bytes), most of the picture first. Two
 * colours or more add 'multi-colour'. An image that does not decode has none.
 */
export async function photoColours(image: Buffer): Promise<MatchColour[]> {
  return (await readPhoto(image)).colours;
}

/** A photo's colours, the share of the pet each covers and its markings; nothing for an image that does not decode. */
export async function readPhoto(image: Buffer): Promise<PhotoReading> {
  let pixels: Buffer;
  try {
    pixels = await sharp(image, { limitInputPixels: 4000 * 4000 })
      .resize(SIDE, SIDE, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
  } catch {
    return { colours: [], shares: {}, markings: [] };
  }
  const outline = outlineOf(pixels, SIDE);
  const markings: Markings | null = outline && markingsOf(pixels, SIDE, outline);
  const counts = new Map<Plain, number>();
  let named = 0;
  const [from, to] = outline ? [0, SIDE] : [MARGIN, SIDE - MARGIN];
  for (let y = from; y < to; y++)
    for (let x = from; x < to; x++) {
      const i = (y * SIDE + x) * 3;
      if (outline && !outline.onPet[y * SIDE + x]) continue;
      const name = nameOfPixel(pixels[i], pixels[i + 1], pixels[i + 2]);
      if (!name) continue;
      counts.set(name, (counts.get(name) ?? 0) + 1);
      named++;
    }
  if (named === 0) return { colours: [], shares: {}, markings: [] };
  const shares: ColourShares = {};
  for (const [colour, n] of counts) shares[colour] = n / named;
  const colours: MatchColour[] = [...counts.entries()]
    .filter(([, n]) => n / named >= MIN_SHARE)
    .sort((a, b) => b[1] - a[1])
    .map(([colour]) => colour);
  if (colours.length >= 2) colours.push('multi-colour');
  return { colours, shares, markings: markings ? [markings] : [] };
}

/** Several photos of one pet read as one: the mean of their shares. */
export function meanShares(readings: readonly ColourShares[]): ColourShares {
  const kept = readings.filter((r) => Object.keys(r).length > 0);
  const mean: ColourShares = {};
  for (const shares of kept)
    for (const [colour, share] of Object.entries(shares) as [Plain, number][])
      mean[colour] = (mean[colour] ?? 0) + share / kept.length;
  return mean;
}
