import { lastSeenDay } from '../i18n/format';
import type { Language } from '../i18n/languages';
import { nearPlace } from '../i18n/near-a-place';
import type { PublicFoundReport } from './found-report-schema';
import type { PublicPet } from './pets';

/**
 * What a link preview of a pet shows (the Open Graph tags and the card image): the public view's
 * own pet fields, and, while the pet is missing, where and when it was last seen, as the poster
 * prints them. Built on the server from the public view, never from the owner's.
 */
export type PetPreview = Pick<PublicPet, 'id' | 'name' | 'species' | 'breed' | 'isMissing' | 'homeSafe'> & {
  /** Null for a safe pet: a preview of a pet at home says nothing of where it was lost. */
  lastSeenLocation: string | null;
  lastSeenDate: string | null;
  /** The tag's code, as engraved and printed on the poster ('ABC-DEFG'). */
  tagCode: string;
  /** The uploaded photo's content hash; null without one (a linked photo is never fetched). */
  photoHash: string | null;
};

/**
 * What a link preview of a found pet shows: the public page's own fields (the place in the finder's
 * words, never a point) and its first photo's hash, which changes the card when the photo does,
 * in the language of the page it previews, which changes the card's words.
 */
export type FoundPreview = Pick<
  PublicFoundReport,
  'id' | 'species' | 'colors' | 'size' | 'location' | 'foundAt' | 'status' | 'shelterName'
> & {
  photoUrl: string | null;
  lang: Language;
};

/**
 * 'last seen near Maple Park on November 20, 2026' ('last seen near the fountain' for 'Near the
 * fountain': see `nearPlace`); empty when neither is known.
 */
export function lastSeenWords({
  lastSeenLocation,
  lastSeenDate,
}: Pick<PetPreview, 'lastSeenLocation' | 'lastSeenDate'>) {
  const where = lastSeenLocation?.trim();
  const when = lastSeenDate?.trim();
  if (!where && !when) return '';
  return ['last seen', where && nearPlace(where), when && `on ${lastSeenDay(when)}`].filter(Boolean).join(' ');
}

/**
 * The ready words the owner's Share Missing Alert passes on, ending 'Please share:' for the scan
 * page's link to follow ('Mochi is missing, last seen near Maple Park on November 20, 2026. Please share:').
 */
export function missingAlertText(pet: Pick<PetPreview, 'name' | 'lastSeenLocation' | 'lastSeenDate'>) {
  const seen = lastSeenWords(pet);
  return `${pet.name} is missing${seen ? `, ${seen}` : ''}. Please share:`;
}
