import type { PetPreview } from '../../../shared/contracts/previews';
import { lastSeenDay } from '../../../shared/i18n/format';
import type { Language } from '../../../shared/i18n/languages';
import { nearPlace } from '../../../shared/i18n/near-a-place';
import { speciesName } from '../../../shared/i18n/species';
import { translator } from '../../lib/i18n';
import { shortened } from '../../lib/one-line';

// A pet's link preview speaks its scan page's language, as a found pet's does (found-card-words.ts):
// one who shares the page shares it with people who read what they read.

/** Every line of a pet's preview, its tags' and its card's, in one language. */
export interface PetPreviewWords {
  title: string;
  /** Species and breed, then where and when the pet was last seen (missing) or that it is home (safe); not yet cut. */
  description: string;
  alt: string;
  badge: string;
  /** Species and breed ('Dog · Beagle'). */
  kind: string;
  /** While missing: the heading over where and when it was last seen, and they. */
  heading: string;
  where: string;
  when: string;
  /** Once safe: in place of where and when. */
  safe: string;
  tagCode: string;
}

/** The most of a place the description gives. */
const PLACE_IN_DESCRIPTION = 120;

export function petPreviewWords(pet: PetPreview, lang: Language): PetPreviewWords {
  const t = translator(lang);
  const { name } = pet;
  const kind = [speciesName(pet.species, t), pet.breed?.trim()].filter(Boolean).join(' · ');
  const where = pet.lastSeenLocation?.trim() ?? '';
  const when = pet.lastSeenDate?.trim() ? lastSeenDay(pet.lastSeenDate, lang) : '';
  // Shortened in the description: a long place, cut with the rest at 300 characters, took the day
  // and the plea to share with it.
  const said = shortened(where, PLACE_IN_DESCRIPTION);
  const place = { near: said && nearPlace(said), place: said, day: when };
  const seen =
    where && when
      ? t('petPreview.seenWhereWhen', place)
      : where
        ? t('petPreview.seenWhere', place)
        : when
          ? t('petPreview.seenWhen', place)
          : '';
  const badge = t(pet.isMissing ? 'petPreview.badgeMissing' : 'petPreview.badgeSafe');
  return {
    title: t(pet.isMissing ? 'petPreview.titleMissing' : 'petPreview.titleSafe', { name }),
    description: [
      t('petPreview.kindSentence', { kind }),
      ...(pet.isMissing ? [seen, t('petPreview.pleaseShare', { name })] : [t('petPreview.safeAtHome', { name })]),
    ]
      .filter(Boolean)
      // Chinese sentences follow one another without a space.
      .join(lang === 'zh-Hans' ? '' : ' '),
    alt: t('petPreview.alt', { badge, name, kind }),
    badge,
    kind,
    heading: t('petPreview.cardLastSeen'),
    where,
    when,
    safe: t('petPreview.cardSafe'),
    tagCode: t('petPreview.cardTagCode'),
  };
}
