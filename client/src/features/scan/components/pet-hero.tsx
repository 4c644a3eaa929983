import { photoSrcSet } from '@shared/contracts/photos';
import { speciesName } from '@shared/i18n/species';
import { ShieldCheck } from 'lucide-react';
import type { PublicPet } from '@/api/pets';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { useI18n } from '@/lib/i18n';

const PHOTO_SIZE = 144;
// The photo is shown 144 px wide: a phone takes the 160 or 320 px copy (by its pixel density), never the 800 px photo.
const PHOTO_SIZES = `${PHOTO_SIZE}px`;

/** Who this pet is, at a glance: the first thing a finder sees, so its photo loads first. */
export function PetHero({ pet }: { pet: PublicPet }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="scan-pet-name" className="overflow-hidden rounded-2xl border bg-card shadow-sm">
      <div className={cn('h-20', pet.isMissing ? 'bg-destructive' : 'bg-primary')} />
      <div className="-mt-16 flex flex-col items-center gap-3 px-6 pb-6 text-center">
        {pet.photoUrl ? (
          <img
            src={pet.photoUrl}
            srcSet={photoSrcSet(pet.photoUrl)}
            sizes={PHOTO_SIZES}
            alt={pet.name}
            width={PHOTO_SIZE}
            height={PHOTO_SIZE}
            fetchPriority="high"
            className="size-36 rounded-full border-4 border-card bg-muted object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-36 items-center justify-center rounded-full border-4 border-card bg-accent font-bold text-5xl text-accent-foreground"
          >
            {pet.name.charAt(0).toUpperCase()}
          </div>
        )}
        <div>
          <h1 id="scan-pet-name" className="font-bold text-3xl tracking-tight">
            {pet.name}
          </h1>
          <p className="text-lg text-muted-foreground">{pet.breed || speciesName(pet.species, t)}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          {pet.isMissing ? (
            <Badge variant="destructive" className="text-sm">
              {t('scan.missingBadge')}
            </Badge>
          ) : (
            <Badge variant="success" className="text-sm">
              {t('scan.safeBadge')}
            </Badge>
          )}
          <Badge variant="outline" className="text-sm">
            <ShieldCheck aria-hidden="true" />
            {t('scan.verified')}
          </Badge>
        </div>
      </div>
    </section>
  );
}
