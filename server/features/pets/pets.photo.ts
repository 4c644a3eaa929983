import crypto from 'node:crypto';
import { badRequest } from '../../lib/errors';
import { encodePhoto, IMAGE_TYPES, MAX_PHOTO_SIDE, readImageHeader } from './photo-encoder';

/** What a `photoUrl` in a request body asks for. */
export type PhotoChange =
  | { kind: 'unchanged' }
  | { kind: 'none' }
  | { kind: 'link'; url: string }
  | { kind: 'upload'; contentType: 'image/jpeg'; data: Buffer; medium: Buffer; thumbnail: Buffer; hash: string };

export const MAX_PHOTO_BYTES = 1024 * 1024;
const MAX_LINK_LENGTH = 2048;

const DATA_URL = /^data:([^;,]*);base64,(.*)$/s;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const OWN_PHOTO_LINK = /^\/api\/pets\/([0-9a-f-]{36})\/photo(?:\?v=[0-9a-f]*)?$/i;

/**
 * The link every response gives for an uploaded photo; the hash makes it safe to cache forever.
 * Its first 16 hex digits tell one pet's photos apart as well as all 64, and a lost-pets board
 * repeats the link for each of its 50 pets.
 */
export const photoLink = (petId: string, hash: string) => `/api/pets/${petId}/photo?v=${hash.slice(0, 16)}`;

const invalid = (message: string) => badRequest(message, [{ path: 'photoUrl', message }]);
const NOT_AN_IMAGE = 'Photo is not a valid JPEG, PNG or WebP image';

/**
 * Reads `photoUrl` from a create or update body. `petId` is the pet being edited: its own photo
 * link (which the edit form sends back untouched) means "keep the photo".
 */
export async function parsePhotoInput(value: string | null | undefined, petId?: string): Promise<PhotoChange> {
  if (value === undefined) return { kind: 'unchanged' };
  const text = value?.trim() ?? '';
  if (text === '') return { kind: 'none' };

  const own = OWN_PHOTO_LINK.exec(text);
  if (own) {
    if (petId && own[1].toLowerCase() === petId) return { kind: 'unchanged' };
    throw invalid('Photo link belongs to another pet');
  }
  if (text.startsWith('data:')) return parseDataUrl(text);
  return parseLink(text);
}

/** A photo sent as a data URL, checked by its bytes and re-encoded as every uploaded photo is; 400 otherwise. */
export async function parseDataUrl(text: string): Promise<Extract<PhotoChange, { kind: 'upload' }>> {
  const match = DATA_URL.exec(text);
  const declared = match?.[1];
  if (!match || !IMAGE_TYPES.some((type) => type === declared))
    throw invalid('Photo must be a JPEG, PNG or WebP image');
  if (!BASE64.test(match[2]) || match[2].length % 4 !== 0) throw invalid('Photo data is not valid base64');
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > MAX_PHOTO_BYTES) throw invalid('Photo is too large: 1 MB at most');
  const header = await readImageHeader(bytes);
  if (!header || header.type !== declared) throw invalid(NOT_AN_IMAGE);
  if (header.width > MAX_PHOTO_SIDE || header.height > MAX_PHOTO_SIDE)
    throw invalid(`Photo is too large: ${MAX_PHOTO_SIDE} pixels per side at most`);
  const photo = await encodePhoto(bytes);
  if (!photo) throw invalid(NOT_AN_IMAGE);
  const hash = crypto.createHash('sha256').update(photo.full).digest('hex').slice(0, 16);
  const { full, medium, thumbnail } = photo;
  return { kind: 'upload', contentType: 'image/jpeg', data: full, medium, thumbnail, hash };
}

function parseLink(text: string): PhotoChange {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  // Only https: the link ends up in an <img> on the public scan page. The length counted is the
  // stored one: normalising escapes characters, which can make a link several times longer.
  if (url?.protocol !== 'https:' || url.href.length > MAX_LINK_LENGTH)
    throw invalid('Photo must be a JPEG, PNG or WebP image or an https link');
  return { kind: 'link', url: url.href };
}
