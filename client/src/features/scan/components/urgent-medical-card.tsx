import { Siren } from 'lucide-react';
import type { PublicPet } from '@/api/pets';
import { useI18n } from '@/lib/i18n';

/**
 * An owner marks medical notes urgent by starting them with "Urgent" ("URGENT: needs insulin
 * twice a day"): those are shown at the top of the scan page, above everything a finder reads
 * next, instead of in the About card at the bottom.
 */
export const isUrgentMedicalNote = (notes: string | null | undefined): notes is string =>
  Boolean(notes && /^\s*urgent\b/i.test(notes));

export function UrgentMedicalCard({ pet }: { pet: PublicPet }) {
  const { t } = useI18n();
  if (!isUrgentMedicalNote(pet.medicalNotes)) return null;
  return (
    <section
      aria-labelledby="scan-urgent-heading"
      className="rounded-2xl border-2 border-destructive bg-destructive/10 p-5"
    >
      <h2 id="scan-urgent-heading" className="flex items-center gap-2 font-bold text-lg [&_svg]:size-5">
        <Siren aria-hidden="true" />
        {t('scan.urgentMedical')}
      </h2>
      <p className="mt-1 whitespace-pre-line">{pet.medicalNotes}</p>
    </section>
  );
}
