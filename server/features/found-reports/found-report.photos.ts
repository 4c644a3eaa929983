import crypto from 'node:crypto';
import { FOUND_REPORT_MAX_PHOTOS } from '../../../shared/contracts/found-report-schema';
import { badRequest } from '../../lib/errors';
import { encodePhoto, IMAGE_TYPES, MAX_PHOTO_SIDE, readImageHeader } from '../pets/photo-encoder';
import type { FoundPhotoBytes } from './found-reports.repository';

// A found pet's photos are re-encoded exactly as pets' are (pets/photo-encoder.ts): what is stored
// is pixels only, JPEG, without the EXIF that would carry the finder's position.

/** A photo in a JSON request: a data URL of at most 1 MB of bytes, as the app's forms make them. */
export const MAX_DATA_URL_PHOTO_BYTES = 1024 * 1024;
/** A photo from the form without scripts: a phone's own file, as taken. */
export const MAX_UPLOADED_PHOTO_BYTES = 12 * 1024 * 1024;
// A phone's 12-megapixel photo (4032 × 3024) is longer than MAX_PHOTO_SIDE on one side: the
// pixels are counted instead, against the encoder's own bound on what it decodes.
const MAX_PIXELS = MAX_PHOTO_SIDE * MAX_PHOTO_SIDE;

const DATA_URL = /^data:([^;,]*);base64,(.*)$/s;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const NOT_AN_IMAGE = 'is not a valid JPEG, PNG or WebP image';

const invalid = (index: number, message: string) => {
  const text = `Photo ${index + 1} ${message}`;
  return badRequest(`photoUrls: ${text}`, [{ path: `photoUrls.${index}`, message: text }]);
};

/** The bytes of a data URL; a 400 naming the photo when it is not one of an image type. */
export function dataUrlBytes(text: string, index: number): Buffer {
  const match = DATA_URL.exec(text);
  if (!match || !IMAGE_TYPES.some((type) => type === match[1]))
    throw invalid(index, 'must be a JPEG, PNG or WebP data URL');
  if (!BASE64.test(match[2]) || match[2].length % 4 !== 0) throw invalid(index, 'is not valid base64');
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > MAX_DATA_URL_PHOTO_BYTES) throw invalid(index, 'is too large: 1 MB at most');
  return bytes;
}

/** Whether a photo is one the encoder takes: a JPEG, PNG or WebP image of no more pixels than it decodes. */
async function takenImage(bytes: Buffer) {
  const header = await readImageHeader(bytes);
  return Boolean(header && header.width * header.height <= MAX_PIXELS);
}

/**
 * The indexes of the photos that cannot be taken, from their headers alone (no decoding): a form
 * refused for its fields says of its photos too what they would meet.
 */
export async function untakenPhotos(photos: Buffer[]): Promise<number[]> {
  const taken = await Promise.all(photos.map(takenImage));
  return photos.flatMap((_, index) => (taken[index] ? [] : [index]));
}

/**
 * Decodes and encodes each photo again, one after another (the encoder's pool takes one at a
 * time); the first that is not an image, or too large, refuses them all with a 400.
 */
export async function encodeFoundPhotos(photos: Buffer[]): Promise<FoundPhotoBytes[]> {
  if (photos.length < 1 || photos.length > FOUND_REPORT_MAX_PHOTOS)
    throw badRequest(`photoUrls: Add one to ${FOUND_REPORT_MAX_PHOTOS} photos`, [
      { path: 'photoUrls', message: `Add one to ${FOUND_REPORT_MAX_PHOTOS} photos` },
    ]);
  const encoded: FoundPhotoBytes[] = [];
  for (const [index, bytes] of photos.entries()) {
    const header = await readImageHeader(bytes);
    if (!header) throw invalid(index, NOT_AN_IMAGE);
    if (header.width * header.height > MAX_PIXELS)
      throw invalid(index, `is too large: ${(MAX_PIXELS / 1e6).toFixed(0)} megapixels at most`);
    const photo = await encodePhoto(bytes);
    if (!photo) throw invalid(index, NOT_AN_IMAGE);
    const hash = crypto.createHash('sha256').update(photo.full).digest('hex').slice(0, 16);
    encoded.push({ hash, data: photo.full, medium: photo.medium, thumbnail: photo.thumbnail });
  }
  return encoded;
}
