import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { isOwnerPet, type OwnerPet, type PublicPet, petQuery } from '@/api/pets';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { MessageCard } from './message-card';
import { PetForm } from './pet-form';

function LoadingPet() {
  return (
    <MessageCard role="status">
      <div className="size-8 rounded-full border-4 border-primary border-t-transparent motion-safe:animate-spin" />
      <p className="font-semibold">Loading pet details...</p>
      <p className="text-sm text-muted-foreground">Fetching pet data...</p>
    </MessageCard>
  );
}

function ErrorLoadingPet({ message }: { message: string }) {
  return (
    <MessageCard role="alert">
      <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
      <h2 className="text-xl font-semibold">Error Loading Pet</h2>
      <p className="text-muted-foreground">{message}</p>
      <Button asChild>
        <Link href="/">Back to Dashboard</Link>
      </Button>
    </MessageCard>
  );
}

function EditPet({ id }: { id: string }) {
  const { data: pet, isPending, error } = useQuery(petQuery<OwnerPet | PublicPet>(id));
  if (isPending) return <LoadingPet />;
  if (error) return <ErrorLoadingPet message={errorMessage(error, 'Failed to load pet details')} />;
  // Another owner's pet comes back as its public card: it is not this person's to edit, and the
  // page must not tell it apart from a pet that does not exist.
  if (!isOwnerPet(pet)) return <ErrorLoadingPet message="404: Pet not found" />;
  return <PetForm pet={pet} />;
}

export default function PetFormPage() {
  const { id } = useParams<{ id?: string }>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">{id ? 'Edit Pet' : 'Add New Pet'}</h1>
      {/* Keyed: going from one pet's form to another's (or to a new pet) starts a fresh form. */}
      {id ? <EditPet key={id} id={id} /> : <PetForm key="new" />}
    </div>
  );
}
