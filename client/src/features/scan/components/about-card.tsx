import { HeartPulse, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicPet } from '@/api/pets';
import { useI18n } from '@/lib/i18n';
import { ScanSection } from './scan-section';
import { isUrgentMedicalNote } from './urgent-medical-card';

/** Care information a finder must not miss: set apart so it is read before anything else in the card. */
function Highlight({ icon, title, children }: { icon: ReactNode; title: string; children: string }) {
  return (
    <div className="rounded-lg border-2 border-warning bg-warning/15 p-4">
      <h3 className="flex items-center gap-2 font-semibold [&_svg]:size-5">
        {icon}
        {title}
      </h3>
      <p className="mt-1 whitespace-pre-line">{children}</p>
    </div>
  );
}

export function AboutCard({ pet }: { pet: PublicPet }) {
  const { t } = useI18n();
  // A microchip number takes the whole row: split over two lines, a digit could be missed.
  const facts = [
    { term: t('scan.age'), value: pet.age },
    { term: t('scan.weight'), value: pet.weight },
    { term: t('scan.color'), value: pet.color },
    { term: t('scan.microchip'), value: pet.microchipId, wide: true },
  ].filter((fact): fact is { term: string; value: string; wide?: boolean } => Boolean(fact.value));
  // Urgent notes are shown at the top of the page instead (UrgentMedicalCard).
  const medicalNotes = isUrgentMedicalNote(pet.medicalNotes) ? null : pet.medicalNotes;

  return (
    <ScanSection headingId="scan-about-heading" title={t('scan.about')} contentClassName="grid gap-4">
      {facts.length > 0 && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          {facts.map(({ term, value, wide }) => (
            <div key={term} className={wide ? 'col-span-2' : undefined}>
              <dt className="text-sm text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {medicalNotes && (
        <Highlight icon={<HeartPulse aria-hidden="true" />} title={t('scan.medicalInformation')}>
          {medicalNotes}
        </Highlight>
      )}
      {pet.specialNeeds && (
        <Highlight icon={<TriangleAlert aria-hidden="true" />} title={t('scan.specialNeeds')}>
          {pet.specialNeeds}
        </Highlight>
      )}
      {facts.length === 0 && !medicalNotes && !pet.specialNeeds && (
        <p className="text-muted-foreground">{t('scan.noDetails')}</p>
      )}
    </ScanSection>
  );
}
