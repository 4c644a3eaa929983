// Every uploaded photo is decoded and encoded again here: what is stored and served is only pixels
// (no EXIF, so no GPS position of the owner's home), upright, small, and in one format.
import sharp, { type Sharp } from 'sharp';
import { PHOTO_WIDTHS } from '../../../shared/contracts/photos';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
type ImageType = (typeof IMAGE_TYPES)[number];
const TYPE_OF_FORMAT: Record<string, ImageType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export const MAX_PHOTO_SIDE = 4000;
// A small file can declare a huge canvas (a decompression bomb): nothing larger is ever decoded.
const MAX_PIXELS = MAX_PHOTO_SIDE * MAX_PHOTO_SIDE;
// The spec's JPEG quality for photos (0.7).
const JPEG_QUALITY = 70;

// Decoding a 4000×4000 photo keeps a core busy for a while, and libvips would spread one over
// every core. One photo at a time, on one thread: however many edits arrive together, they queue
// here and the other core keeps answering finders.
sharp.concurrency(1);
const ENCODES_AT_ONCE = 1;
let encoding = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a place in the pool is free; a finished one hands its place to the next in line. */
async function inPool<T>(work: () => Promise<T>): Promise<T> {
  if (encoding < ENCODES_AT_ONCE) encoding++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else encoding--;
  }
}

/** Photos being encoded right now (never more than ENCODES_AT_ONCE). */
export const photosBeingEncoded = () => encoding;

interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

/** What the bytes say they are, from the header alone (no pixel is decoded); undefined when not a JPEG, PNG or WebP. */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader | undefined> {
  try {
    const { format, width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    const type = TYPE_OF_FORMAT[format];
    return type && width > 0 && height > 0 ? { type, width, height } : undefined;
  } catch {
    return undefined;
  }
}

export interface EncodedPhoto {
  full: Buffer;
  medium: Buffer;
  thumbnail: Buffer;
}

const encodeJpeg = (image: Sharp, width: number) =>
  image
    .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
    // JPEG has no transparency: a transparent background becomes white, not black.
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();

/**
 * The photo as stored: turned upright by its EXIF orientation, at most 800 px, with 320 px and
 * 160 px copies, all JPEG without metadata, one photo at a time. Undefined when the pixels do not decode.
 */
export function encodePhoto(bytes: Buffer): Promise<EncodedPhoto | undefined> {
  return inPool(async () => {
    try {
      const full = await encodeJpeg(sharp(bytes, { limitInputPixels: MAX_PIXELS }).autoOrient(), PHOTO_WIDTHS.full);
      const medium = await encodeJpeg(sharp(full), PHOTO_WIDTHS.medium);
      const thumbnail = await encodeJpeg(sharp(full), PHOTO_WIDTHS.thumbnail);
      return { full, medium, thumbnail };
    } catch {
      return undefined;
    }
  });
}
