import { possessive } from '@shared/possessive';
import { AlertTriangle, ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import type { PetSummary } from '@/api/pets';

const newReportsText = (count: number) =>
  count === 0 ? 'No new reports' : `${count} new ${count === 1 ? 'report' : 'reports'}`;

/** A red banner per missing pet above 'My Pets': what matters most is seen first. */
export function MissingPetsBanner({ pets }: { pets: PetSummary[] }) {
  const missing = pets.filter((pet) => pet.isMissing);
  if (missing.length === 0) return null;
  return (
    <ul aria-label="Missing pets" className="grid gap-3">
      {missing.map((pet) => (
        <li
          key={pet.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border-2 border-destructive bg-destructive/10 p-4"
        >
          <div className="flex min-w-0 items-center gap-3">
            <AlertTriangle className="size-6 shrink-0 text-destructive" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-bold text-lg">{pet.name} is missing</p>
              <p className="text-sm">{newReportsText(pet.newReports)}</p>
            </div>
          </div>
          <Link
            href={`/pet/${pet.id}`}
            className="inline-flex items-center gap-1 font-medium underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            View {possessive(pet.name)} profile
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Missing pets first, otherwise in the server's order (newest first). */
export const missingFirst = (pets: PetSummary[]) => [...pets].sort((a, b) => Number(b.isMissing) - Number(a.isMissing));
