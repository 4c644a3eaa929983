import type { FinderReportRow } from '../schema';
import { MIN_PHONE_DIGITS, phoneDigitCount } from './phone';

/**
 * A finder's report as the pet's owners receive it: no owner id, the time as an ISO string, and of
 * the contact the finder left only a phone number (an e-mail address is used to send the owners'
 * replies, never shown: a finder and an owner do not learn each other's address from Homeward).
 */
export type FinderReport = Omit<
  FinderReportRow,
  'userId' | 'createdAt' | 'locale' | 'finderContact' | 'thankedAt' | 'closedByFinderAt'
> & {
  createdAt: string;
  /** The finder closed the conversation (a found pet's finder said it is not this pet): no more replies. */
  closedByFinder: boolean;
  /** Whether the owners' one-tap thank-you went to this finder (nobody is thanked twice). */
  thanked: boolean;
  /** The phone number the finder left, for a tap-to-call link; null when they left none. */
  finderPhone: string | null;
  /** Whether the owners' replies also reach the finder by e-mail. */
  finderHasEmail: boolean;
  /**
   * Whether the owners' messages reach the finder at all (so that they can be thanked): they left a
   * phone or an address, or they posted the found pet an owner claimed and follow the conversation
   * from that report's page; never once they closed it.
   */
  finderReachable: boolean;
  /**
   * The found pet an owner's claim filed this report for ('This Is My Pet', or a possible match
   * confirmed): its place is where the finder said they found it, not a position they shared.
   * Null for a finder's own report.
   */
  claimedFoundPet: { id: string; species: string } | null;
};

/** A claimed found pet's species as the owners' words (English) name it: 'dog', or 'pet' for another kind. */
export const foundPetNoun = (species: string) => (species === 'other' ? 'pet' : species);

/** What the finder gets back for their report: the owner's view and the path of their conversation page. */
export type FiledFinderReport = FinderReport & { conversationPath: string };

/** The longest texts a report may carry: the server's schema refuses more, the scan form stops typing there. */
export const FINDER_REPORT_MAX_LENGTH = {
  finderName: 200,
  finderLocation: 500,
  message: 2000,
  finderContact: 200,
} as const;

/** A link that opens the spot in the phone's map app or in a browser. */
/** A position on OpenStreetMap's site, marked: a link that needs no account and no script of ours. */
export const mapLink = (latitude: string, longitude: string) => {
  const [lat, lon] = [encodeURIComponent(latitude), encodeURIComponent(longitude)];
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
};

/**
 * A shared position as people read it rather than raw digits: four decimals (about 10 m) and the
 * hemispheres' letters, as maps and GPS devices write them ('45.5231° N, 122.6765° W').
 */
export function positionInWords(latitude: string, longitude: string) {
  const part = (value: string, positive: string, negative: string) => {
    const degrees = Number(value);
    return `${Math.abs(degrees).toFixed(4)}° ${degrees < 0 ? negative : positive}`;
  };
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}

/** Coordinates as a report stores them in its place when the finder typed none (spec section 3: text). */
export const positionText = (latitude: string, longitude: string) => `${latitude}, ${longitude}`;

// Older scan pages wrote these words in the place field when the finder shared the phone's position.
const LEGACY_POSITION_WORDS = 'My current location';

type Located = Pick<FinderReportRow, 'finderLocation' | 'finderLatitude' | 'finderLongitude'>;

/**
 * What a report says of where the pet was: the shared GPS position (if any) and the place the
 * finder typed (null when the place field only carries that position, never words like
 * 'My current location' passed off as a place).
 */
export function reportPlace({ finderLocation, finderLatitude, finderLongitude }: Located) {
  const position = finderLatitude && finderLongitude ? { latitude: finderLatitude, longitude: finderLongitude } : null;
  const typed = finderLocation?.trim() ?? '';
  const onlyThePosition =
    position && (typed === positionText(position.latitude, position.longitude) || typed === LEGACY_POSITION_WORDS);
  return { position, place: typed && !onlyThePosition ? typed : null };
}

// One plain address (no display name, no list: a comma must not add a recipient). Deliberately
// not a validation library: this file is part of the finder's pages, which must stay small.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
// A phone number as people write one: digits with spaces, dots, dashes, brackets, a leading plus.
const PHONE = /^\+?[\d\s().-]+$/;

/** What a finder's 'Your Phone or Email' holds: an e-mail address, a phone number, or neither. */
/** Whether `value` is one plain e-mail address, as a mailto: link and an e-mail need it. */
export const isEmailAddress = (value: string) => EMAIL.test(value.trim());

export function finderContactKind(value: string | null | undefined): 'email' | 'phone' | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  if (text.includes('@')) return isEmailAddress(text) ? 'email' : null;
  const digits = phoneDigitCount(text);
  return PHONE.test(text) && digits >= MIN_PHONE_DIGITS && digits <= 20 ? 'phone' : null;
}
