import type { MatchReasons } from '../../../shared/contracts/matches';
import { colourPhrase } from '../../../shared/i18n/found-pet-words';
import type { Language } from '../../../shared/i18n/languages';
import { speciesName } from '../../../shared/i18n/species';
import type { StringKey } from '../../../shared/i18n/strings';
import { translator } from '../../lib/i18n';

// Why a found pet may be the missing one, in the reader's words: the reasons are stored as facts
// (MatchReasons) and worded when read, for the profile in the request's language and for the
// alerts in the owner's. Matches stored before the facts were kept have their English words only.

/**
 * The reasons in words of `language`: 'Dog', 'brown and white', 'large', 'found 1.4 km from where
 * Bella was last seen', '2 days after'. `name` is the pet's name as it is now.
 */
export function reasonsInWords(reasons: MatchReasons, name: string, language: Language): string[] {
  const t = translator(language);
  const words = [speciesName(reasons.species, t)];
  const colours = colourPhrase(reasons.colours, language, t);
  if (colours) words.push(reasons.coloursFrom === 'photo' ? t('matches.inThePhoto', { colours }) : colours);
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
