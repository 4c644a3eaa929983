import type { FoundColor } from '../../../shared/contracts/found-report-schema';
import type { MatchReasons } from '../../../shared/contracts/matches';
import type { Language } from '../../../shared/i18n/languages';
import { speciesName } from '../../../shared/i18n/species';
import type { StringKey } from '../../../shared/i18n/strings';
import { translator } from '../../lib/i18n';

// Why a found pet may be the missing one, in the reader's words: the reasons are stored as facts
// (MatchReasons) and worded when read, for the profile in the request's language and for the
// alerts in the owner's. Matches stored before the facts were kept have their English words only.

const COLOUR_KEYS: Record<FoundColor, StringKey> = {
  black: 'matches.colourBlack',
  white: 'matches.colourWhite',
  brown: 'matches.colourBrown',
  tan: 'matches.colourTan',
  golden: 'matches.colourGolden',
  grey: 'matches.colourGrey',
  orange: 'matches.colourOrange',
  cream: 'matches.colourCream',
  'multi-colour': 'matches.colourMulti',
};

// Homeward writes British English: 'black, tan and white', without the serial comma.
const listLocale = (language: Language) => (language === 'en' ? 'en-GB' : language);

/**
 * The reasons in words of `language`: 'Dog', 'brown and white', 'large', 'found 1.4 km from where
 * Bella was last seen', '2 days after'. `name` is the pet's name as it is now.
 */
export function reasonsInWords(reasons: MatchReasons, name: string, language: Language): string[] {
  const t = translator(language);
  const words = [speciesName(reasons.species, t)];
  // 'multi-colour' says nothing more once the colours themselves are named.
  const plain = reasons.colours.filter((colour) => colour !== 'multi-colour');
  const named = (plain.length > 0 ? plain : reasons.colours).map((colour) => t(COLOUR_KEYS[colour]));
  if (named.length > 0) {
    const colours = new Intl.ListFormat(listLocale(language), { type: 'conjunction' }).format(named);
    words.push(reasons.coloursFrom === 'photo' ? t('matches.inThePhoto', { colours }) : colours);
  }
  if (reasons.size) words.push(t(`matches.size${capitalised(reasons.size)}` as StringKey));
  if (reasons.sex) words.push(t(`matches.sex${capitalised(reasons.sex)}` as StringKey));
  // The distance is to the found pet's grid cell, which may lie about 0.2 km from where it was
  // found: below 0.3 km it reads 'less than 500 m', true wherever in its cell the pet was.
  words.push(
    reasons.km < 0.3
      ? t('matches.foundNear', { name })
      : t('matches.foundKm', {
          name,
          km: reasons.km.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
        }),
  );
  // Matching allows a day's slack before the owner's last-seen day (a date given from memory).
  if (reasons.days !== null)
    words.push(
      reasons.days < 0
        ? t('matches.dayBefore')
        : reasons.days === 0
          ? t('matches.sameDay')
          : t('matches.daysAfter', { count: reasons.days }),
    );
  return words;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The reasons as one line: 'Dog, brown and white, found 1.4 km from where Bella was last seen, 2 days after'. */
export const reasonsSentence = (words: readonly string[], language: Language) =>
  words.join(translator(language)('matches.reasonsJoin'));

/** A stored match's reasons in words: its facts worded in `language`, or the English words it was stored with. */
export const storedReasonsInWords = (
  stored: { reasons: MatchReasons | null; reasonWords: string[] | null },
  name: string,
  language: Language,
) => (stored.reasons ? reasonsInWords(stored.reasons, name, language) : (stored.reasonWords ?? []));
