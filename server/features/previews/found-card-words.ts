import type { FoundPreview } from '../../../shared/contracts/previews';
import { lastSeenDay } from '../../../shared/i18n/format';
import { colourPhrase, SIZE_KEYS } from '../../../shared/i18n/found-pet-words';
import { speciesName } from '../../../shared/i18n/species';
import { translator } from '../../lib/i18n';

// A found pet's card speaks its page's language (`found.lang`), as the page's title and
// description do: one who shares the page shares it with people who read what they read.

/** Every line a found pet's card draws, in its language, before the fonts' cut (`drawable`). */
export interface FoundCardWords {
  badge: string;
  species: string;
  /** Its colours and size. */
  looks: string;
  heading: string;
  where: string;
  when: string;
  /** What to do now: is it yours, ask at the shelter, or nothing, it is home. */
  foot: string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function foundCardWords(found: FoundPreview): FoundCardWords {
  const t = translator(found.lang);
  const state =
    found.status === 'reunited'
      ? { badge: t('foundPet.cardReunited'), foot: t('foundPet.cardHome') }
      : found.status === 'shelter'
        ? {
            badge: t('foundPet.cardShelter'),
            foot: found.shelterName
              ? t('foundPet.cardAskAt', { name: found.shelterName })
              : t('foundPet.cardAskNearby'),
          }
        : { badge: t('foundPet.cardFound'), foot: t('foundPet.claimTitle') };
  return {
    ...state,
    species: speciesName(found.species, t),
    looks: [capitalised(colourPhrase(found.colors, found.lang, t)), t(SIZE_KEYS[found.size])]
      .filter(Boolean)
      .join(' · '),
    heading: t('foundPet.cardWhereWhen'),
    where: found.location ?? '',
    when: lastSeenDay(found.foundAt.slice(0, 10), found.lang),
  };
}
