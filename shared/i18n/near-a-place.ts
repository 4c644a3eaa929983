import type { Language } from './languages';

// How people say 'near a place' in each language Homeward speaks, as an owner or a finder may begin
// (or, in Chinese, end) the words of a place: 'Near the fountain', 'Cerca de la fuente', '喷泉附近'.
// English sentences that put 'near' before such words would say it twice ('last seen near Near the
// fountain'), whatever language the words are in. A file of its own, not a key in each language's
// words: the owner's app reads it, and must not carry every language's words for it.
const NEAR_A_PLACE: Record<Language, readonly string[]> = {
  en: [
    'near {{place}}',
    'nearby {{place}}',
    'close to {{place}}',
    'next to {{place}}',
    'by {{place}}',
    'around {{place}}',
    // Words that place it otherwise read as they are too: 'seen outside the Co-op', not 'near Outside …'.
    'outside {{place}}',
    'behind {{place}}',
    'in front of {{place}}',
    'opposite {{place}}',
    'across from {{place}}',
    'beside {{place}}',
    'along {{place}}',
    'at {{place}}',
    'in {{place}}',
    'on {{place}}',
  ],
  es: [
    'cerca de {{place}}',
    'cerca del {{place}}',
    'junto a {{place}}',
    'junto al {{place}}',
    'al lado de {{place}}',
    'al lado del {{place}}',
  ],
  fr: [
    'près de {{place}}',
    'près du {{place}}',
    'près des {{place}}',
    'près d’{{place}}',
    "près d'{{place}}",
    'à côté de {{place}}',
    'à côté du {{place}}',
    'vers {{place}}',
  ],
  de: [
    'in der Nähe von {{place}}',
    'in der Nähe des {{place}}',
    'in der Nähe der {{place}}',
    'in der Nähe {{place}}',
    'nahe {{place}}',
    'bei {{place}}',
    'beim {{place}}',
    'neben {{place}}',
  ],
  pt: [
    'perto de {{place}}',
    'perto do {{place}}',
    'perto da {{place}}',
    'perto dos {{place}}',
    'perto das {{place}}',
    'junto a {{place}}',
    'junto ao {{place}}',
    'ao lado de {{place}}',
    'ao lado do {{place}}',
    'ao lado da {{place}}',
  ],
  'zh-Hans': ['{{place}}附近', '在{{place}}附近', '{{place}}旁边', '{{place}}边上', '靠近{{place}}'],
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each form as a pattern over a whole place's words: the form's own words, then (or before) some place. */
const patterns = (forms: readonly string[]) =>
  forms.map((form) => {
    const [before, after] = form.split('{{place}}');
    return new RegExp(`^${escaped(before).replace(/ /g, '\\s+')}\\S.*${escaped(after)}$`, 'iu');
  });
const NEAR_PATTERNS = patterns(Object.values(NEAR_A_PLACE).flat());
const ENGLISH_NEAR_PATTERNS = patterns(NEAR_A_PLACE.en);

/** Whether a place's words already say where the place is (near it, outside it…), in any of Homeward's languages. */
export const saysNear = (place: string) => NEAR_PATTERNS.some((pattern) => pattern.test(place.trim()));

/**
 * Whether words begin the way an English sentence about a place goes on ('outside the Co-op', 'by
 * the old bakery'), so that '{name} was seen' can run straight into them; other words (a place's
 * bare name, 'Running past the bakery', 'Cerca de la fuente') can only follow it as a quotation.
 */
export const continuesEnglishPlace = (words: string) =>
  ENGLISH_NEAR_PATTERNS.some((pattern) => pattern.test(words.trim()));

/**
 * 'near {place}' for an English sentence ('last seen near Maple Park'); the place's own words when
 * they already say near, their first letter in lower case mid-sentence ('Near the fountain' reads
 * 'last seen near the fountain').
 */
export function nearPlace(place: string) {
  const words = place.trim();
  if (!saysNear(words)) return `near ${words}`;
  return `${words.charAt(0).toLowerCase()}${words.slice(1)}`;
}
