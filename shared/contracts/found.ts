import { en } from '../i18n/en';

// A tag's short code and the /found page that takes it. The database draws each pet's code from
// this alphabet (migration 0002's homeward_short_code()): no 0/O, no 1/I/L, so a code read off a
// worn tag has one spelling.

export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SHORT_CODE_LENGTH = 7;
/** ISO 11784 pet microchips carry 15 digits. */
export const MICROCHIP_DIGITS = 15;

// The API's answers, in English; the /found page says them in the finder's language.
export const NO_PET_MESSAGE = en.found.noPet;
export const TOO_MANY_LOOKUPS_MESSAGE = en.found.tooMany;

export type TagLookup = { kind: 'shortCode'; code: string } | { kind: 'microchip'; number: string };

const SHORT_CODE = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);
const MICROCHIP = new RegExp(`^\\d{${MICROCHIP_DIGITS}}$`);

/**
 * What a finder typed, read as a tag's code or a microchip number: case, spaces and dashes (as a
 * code is often printed, ABC-DEFG) do not count. Undefined when it can be neither.
 */
export function readTagLookup(input: string): TagLookup | undefined {
  // Full-width letters and digits (as a Chinese or Japanese keyboard types them) are the ASCII
  // ones (NFKC), and any dash is a dash: what the finder reads off the tag, however typed.
  const compact = input
    .normalize('NFKC')
    .replace(/[\s\p{Pd}]+/gu, '')
    .toUpperCase();
  if (SHORT_CODE.test(compact)) return { kind: 'shortCode', code: compact };
  if (MICROCHIP.test(compact)) return { kind: 'microchip', number: compact };
  return undefined;
}

/** A code as it is printed under the QR code and engraved: in two groups, easier to read out. */
export const formatShortCode = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

/** What a found lookup answers: the pet's scan page. */
export interface FoundPet {
  petId: string;
  scanPath: string;
}
