import { QrCode } from 'lucide-react';
import { Link } from 'wouter';
import type { PetSummary } from '@/api/pets';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { breedOrSpecies } from '@/lib/pet-display';
import { PetAvatar } from './pet-avatar';
import { PetStatusBadge } from './pet-status-badge';

/**
 * The whole card opens the profile through the name link stretched over it (::after), while the
 * QR button sits above that layer: two sibling links, never one inside the other.
 */
export function PetCard({ pet }: { pet: PetSummary }) {
  return (
    <Card className="relative flex flex-col gap-4 p-5 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <div className="flex items-start gap-4">
        <PetAvatar pet={pet} />
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold">
            <Link href={`/pet/${pet.id}`} className="outline-none after:absolute after:inset-0 after:rounded-lg">
              {pet.name}
            </Link>
          </h3>
          <p className="text-sm text-muted-foreground">{breedOrSpecies(pet)}</p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <PetStatusBadge isMissing={pet.isMissing} />
            {pet.newReports > 0 && (
              <Badge variant="secondary">
                {pet.newReports} new {pet.newReports === 1 ? 'report' : 'reports'}
              </Badge>
            )}
          </div>
        </div>
      </div>
      <Button variant="outline" size="sm" className="relative z-10 self-start" asChild>
        <Link href={`/qr/${pet.id}`} aria-label={`QR Code for ${pet.name}`}>
          <QrCode aria-hidden="true" />
          QR Code
        </Link>
      </Button>
    </Card>
  );
}

export function PetCardSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-5" aria-hidden="true">
      <div className="flex items-start gap-4">
        <Skeleton className="size-16 shrink-0 rounded-full" />
        <div className="flex flex-1 flex-col gap-2 pt-1">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-5 w-14 rounded-full" />
        </div>
      </div>
      <Skeleton className="h-9 w-28" />
    </Card>
  );
}
