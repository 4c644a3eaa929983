import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { PawPrint, Plus } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { type PetSummary, petsQuery } from '@/api/pets';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { ContactCheckBanner } from './contact-check-banner';
import { MissingPetsBanner, missingFirst } from './missing-pets-banner';
import { PetCard, PetCardSkeleton } from './pet-card';
import { SummaryCards } from './summary-cards';

const grid = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

function NoPets() {
  return (
    <EmptyState
      icon={PawPrint}
      heading="h3"
      title="No pets yet"
      description="Add a profile so whoever finds your pet can reach you in seconds."
      action={
        <Button asChild>
          <Link href="/add-pet">
            <Plus aria-hidden="true" />
            Add Your First Pet
          </Link>
        </Button>
      }
    />
  );
}

function PetGrid({ query }: { query: UseQueryResult<PetSummary[]> }) {
  const { data: pets, isPending, error, refetch } = query;
  if (isPending)
    return (
      <div className={grid} role="status" aria-label="Loading pets">
        {[0, 1, 2].map((n) => (
          <PetCardSkeleton key={n} />
        ))}
      </div>
    );
  if (error) return <LoadError title="Your pets could not be loaded." error={error} onRetry={() => refetch()} />;
  if (pets.length === 0) return <NoPets />;
  return (
    <ul className={grid} aria-label="My pets">
      {missingFirst(pets).map((pet) => (
        <li key={pet.id} className="grid min-w-0">
          <PetCard pet={pet} />
        </li>
      ))}
    </ul>
  );
}

/** `actions`: what the app places beside the heading (this device's alerts). */
export default function DashboardPage({ actions }: { actions?: ReactNode }) {
  const query = useQuery(petsQuery());
  const pets = query.data ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  // Sent here by an action that removed the page it was taken on (a pet deleted): the focus goes to
  // the heading rather than being lost to the document.
  useEffect(() => {
    if ((history.state as { focusHeading?: boolean } | null)?.focusHeading) heading.current?.focus();
  }, []);
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 ref={heading} tabIndex={-1} data-title="Dashboard" className="text-3xl font-bold">
            Welcome back!
          </h1>
          <p className="text-muted-foreground">Manage your pets and keep them safe</p>
        </div>
        {actions}
      </header>
      <ContactCheckBanner focusWhenDone={heading} />
      {pets.length > 0 && <SummaryCards pets={pets} />}
      <MissingPetsBanner pets={pets} />
      <section aria-labelledby="my-pets" className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-4">
          <h2 id="my-pets" className="text-2xl font-semibold">
            My Pets
          </h2>
          <Button asChild>
            <Link href="/add-pet">
              <Plus aria-hidden="true" />
              Add Pet
            </Link>
          </Button>
        </div>
        <PetGrid query={query} />
      </section>
    </div>
  );
}
