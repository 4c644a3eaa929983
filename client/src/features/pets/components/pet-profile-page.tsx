import { useQuery } from '@tanstack/react-query';
import { Bell, FileText, Lock, Pencil, QrCode, SearchX, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { isOwnerPet, type OwnerPet, type PublicPet, petQuery } from '@/api/pets';
import { BackLink } from '@/components/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { breedOrSpecies, capitalize } from '@/lib/pet-display';
import { DeletePetButton } from './delete-pet-button';
import { FinderReportsCard } from './finder-reports-card';
import { LastSeenDialog } from './last-seen-dialog';
import { MessageCard } from './message-card';
import { MissingToggle } from './missing-toggle';
import { PetAvatar } from './pet-avatar';
import { PetStatusBadge } from './pet-status-badge';
import { LastSeenCard, MedicalCard, OwnerContactCard, VeterinarianCard } from './profile-cards';
import { RecentScansCard } from './recent-scans-card';
import { SafetyCircleCard } from './safety-circle-card';
import { ShareMissingAlertButton } from './share-missing-alert-button';
import { SharePetDialog } from './share-pet-dialog';
import { SightingsSection } from './sightings-section';
import { WatchAlertsSent } from './watch-alerts-sent';

function CenteredMessage({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <MessageCard className="mx-auto max-w-md">
      {icon}
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Button asChild>
        <Link href="/">Go to Dashboard</Link>
      </Button>
    </MessageCard>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading pet profile" className="flex flex-col gap-6">
      <Card className="flex flex-col items-center gap-4 p-6 sm:flex-row">
        <Skeleton className="size-28 rounded-full sm:size-32" />
        <div className="flex w-full flex-col gap-3">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
      </Card>
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** A fact in the header; `wide` takes the whole row of a phone's two columns. */
function Fact({ label, value, wide }: { label: string; value: string | null; wide?: boolean }) {
  if (!value) return null;
  return (
    <div className={cn('rounded-md bg-muted px-3 py-2 [overflow-wrap:anywhere]', wide && 'col-span-2')}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function ProfileHeader({ pet }: { pet: OwnerPet }) {
  const hasFacts = pet.age || pet.weight || pet.color || pet.sex || pet.microchipId;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-6 p-6 sm:flex-row sm:items-start">
        <PetAvatar pet={pet} size="lg" alt={`Photo of ${pet.name}`} />
        <div className="flex w-full flex-col items-center gap-3 text-center sm:items-start sm:text-left">
          <div>
            <h1 className="text-3xl font-bold">{pet.name}</h1>
            <p className="text-lg text-muted-foreground">{breedOrSpecies(pet)}</p>
          </div>
          <PetStatusBadge isMissing={pet.isMissing} />
          {hasFacts && (
            <dl className="grid w-full grid-cols-2 gap-2 text-left md:grid-cols-4">
              <Fact label="Age" value={pet.age} />
              <Fact label="Weight" value={pet.weight} />
              <Fact label="Color" value={pet.color} />
              <Fact label="Sex" value={pet.sex && capitalize(pet.sex)} />
              {/* A 15-digit number split over two lines is easily misread: it gets a row of its own. */}
              <Fact label="Microchip" value={pet.microchipId} wide />
            </dl>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

// Sharing and deleting are the creator's alone; a co-owner sees neither.
function ProfileActions({ pet, isCreator }: { pet: OwnerPet; isCreator: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap gap-3 p-6">
        {/* In the order the spec lists them. */}
        <Button variant="outline" asChild>
          <Link href={`/edit-pet/${pet.id}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <Link href={`/qr/${pet.id}`}>
            <QrCode aria-hidden="true" />
            View QR Code
          </Link>
        </Button>
        <MissingToggle pet={pet} />
        {pet.isMissing && <LastSeenDialog pet={pet} />}
        {pet.isMissing && <ShareMissingAlertButton pet={pet} />}
        {/* Back home this week (never while missing), the poster page prints the found poster: the
            posters still on lamp posts can be covered with it. */}
        {(pet.isMissing || pet.homeSafe) && (
          <Button variant="outline" asChild>
            <Link href={`/poster/${pet.id}`}>
              <FileText aria-hidden="true" />
              {pet.homeSafe ? 'Print Found Poster' : 'Generate Poster'}
            </Link>
          </Button>
        )}
        <Button variant="outline" asChild>
          <Link href={`/reminders?pet=${pet.id}`}>
            <Bell aria-hidden="true" />
            Manage Reminders
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <Link href="/store">
            <ShoppingBag aria-hidden="true" />
            Order QR Tag
          </Link>
        </Button>
        {isCreator && <SharePetDialog pet={pet} />}
        {isCreator && <DeletePetButton pet={pet} />}
      </CardContent>
    </Card>
  );
}

/**
 * Sections other features add to an owner's profile (Possible Matches): the app composes them in
 * (app/pet-profile-route.tsx), as a feature never imports another.
 */
export type ProfileSections = (pet: OwnerPet) => ReactNode;

function Profile({ pet, sections }: { pet: OwnerPet; sections?: ProfileSections }) {
  const viewerId = useAuth().user?.id ?? '';
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <BackLink href="/">Back to Dashboard</BackLink>
      <ProfileHeader pet={pet} />
      <ProfileActions pet={pet} isCreator={pet.userId === viewerId} />
      {/* While the pet is missing, where it was seen matters most: those cards come first. */}
      {pet.isMissing && <LastSeenCard pet={pet} />}
      {pet.isMissing && <WatchAlertsSent petId={pet.id} />}
      {pet.isMissing && <SightingsSection pet={pet} />}
      {pet.isMissing && <FinderReportsCard petId={pet.id} petName={pet.name} homeSafe={pet.homeSafe} />}
      {sections?.(pet)}
      <div className="grid gap-6 md:grid-cols-2">
        <OwnerContactCard pet={pet} />
        <VeterinarianCard pet={pet} />
        <MedicalCard pet={pet} />
      </div>
      {!pet.isMissing && <FinderReportsCard petId={pet.id} petName={pet.name} homeSafe={pet.homeSafe} />}
      <RecentScansCard petId={pet.id} petName={pet.name} />
      <SafetyCircleCard pet={pet} viewerId={viewerId} />
    </div>
  );
}

export default function PetProfilePage({ sections }: { sections?: ProfileSections }) {
  const { id } = useParams<{ id: string }>();
  const { data: pet, isPending, error } = useQuery(petQuery<OwnerPet | PublicPet>(id));

  if (isPending) return <ProfileSkeleton />;
  if (pet && isOwnerPet(pet)) return <Profile pet={pet} sections={sections} />;
  if (pet?.accessEnded) {
    return (
      <CenteredMessage
        icon={<Lock className="size-10 text-muted-foreground" aria-hidden="true" />}
        title="No Longer Shared With You"
        text="You no longer have access to this pet. Its owner removed you from its Safety Circle, or you left it."
      />
    );
  }
  // Another owner's pet answers with its public card only: for this person there is no such profile.
  const notFound = !error || isNotFound(error);
  return (
    <CenteredMessage
      icon={<SearchX className="size-10 text-muted-foreground" aria-hidden="true" />}
      title={notFound ? 'Pet Not Found' : 'Error Loading Pet'}
      text={notFound ? "This pet profile doesn't exist." : errorMessage(error, 'Failed to load pet details')}
    />
  );
}
