import { lastSeenDay } from '@shared/i18n/format';
import type { PublicPet } from '@/api/pets';
import { useI18n } from '@/lib/i18n';

/**
 * Where and when the owner last saw a missing pet, in their words (its poster's and its link
 * preview's): a finder holding the pet learns how far it strayed, a neighbour from the lost-pets
 * board where to look. Nothing when the owner wrote neither.
 */
export function LastSeenLine({ pet }: { pet: Pick<PublicPet, 'lastSeenLocation' | 'lastSeenDate'> }) {
  const { t, lang } = useI18n();
  const seen = [pet.lastSeenLocation, pet.lastSeenDate && lastSeenDay(pet.lastSeenDate, lang)].filter(Boolean);
  if (seen.length === 0) return null;
  return (
    <p className="mt-2">
      <span className="font-semibold">{t('scan.lastSeen')}</span>
      {` ${seen.join(' · ')}`}
    </p>
  );
}
