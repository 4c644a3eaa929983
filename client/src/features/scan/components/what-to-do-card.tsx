import { possessive } from '@shared/possessive';
import { ExternalLink, HeartHandshake, Phone, ScanLine, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicPet } from '@/api/pets';
import { useI18n } from '@/lib/i18n';
import { ScanSection } from './scan-section';

/**
 * AAHA's Universal Pet Microchip Lookup searches the participating registries for a chip. It takes
 * the number in its own form (it has no documented link that fills it in), so the page shows the
 * number beside the link.
 */
export const AAHA_MICROCHIP_LOOKUP = 'https://www.aaha.org/your-pet/pet-microchip-lookup/';

function Step({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 text-accent-foreground [&_svg]:size-5" aria-hidden="true">
        {icon}
      </span>
      <div>{children}</div>
    </li>
  );
}

// Marks where the microchip number goes in its sentence, which each language words its own way.
const NUMBER_MARK = '\u0000';

/** The board of missing pets around where this one was last seen (its grid cell), or the board itself. */
const lostNearbyLink = ({ lastSeenLat, lastSeenLng }: PublicPet) =>
  lastSeenLat === null || lastSeenLng === null ? '/lost' : `/lost?lat=${lastSeenLat}&lng=${lastSeenLng}`;

/** Guidance for the finder of a missing pet: what helps, in the order it matters. */
export function WhatToDoCard({ pet }: { pet: PublicPet }) {
  const { t } = useI18n();
  const [beforeNumber, afterNumber] = t('scan.microchipNumber', {
    name: pet.name,
    petPossessive: possessive(pet.name),
    number: NUMBER_MARK,
  }).split(NUMBER_MARK);
  return (
    <ScanSection headingId="scan-what-to-do-heading" title={t('scan.whatToDo')}>
      <ol className="grid gap-3">
        <Step icon={<ShieldAlert />}>{t('scan.keepSafe', { name: pet.name })}</Step>
        <Step icon={<Phone />}>{pet.ownerPhone ? t('scan.callOrMessage') : t('scan.messageOnly')}</Step>
        <Step icon={<ScanLine />}>{t('scan.freeMicrochipScan')}</Step>
        {pet.microchipId && (
          <Step icon={<HeartHandshake />}>
            {beforeNumber}
            <span className="font-mono font-semibold">{pet.microchipId}</span>
            {/* One text: two side by side come from the server with a marker between them, which hydrating removes. */}
            {`${afterNumber} `}
            <a
              href={AAHA_MICROCHIP_LOOKUP}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-accent-foreground underline underline-offset-4"
            >
              {t('scan.microchipLookup')}
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('common.opensInNewTab')}</span>
            </a>
          </Step>
        )}
      </ol>
      <p className="mt-4">
        <a href={lostNearbyLink(pet)} className="font-medium text-accent-foreground underline underline-offset-4">
          {t('scan.lostNearby')}
        </a>
      </p>
    </ScanSection>
  );
}
