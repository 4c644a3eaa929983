// The page a stranger opens by scanning a tag, often on a phone with a weak signal: it loads only
// what it shows. The report dialog's code is fetched when the finder reaches for Share Location
// (pointer over it, focus, touch), so the first download stays small.

import { useQuery } from '@tanstack/react-query';
import { PawPrint, RotateCw } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { type PublicPet, petQuery } from '@/api/pets';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { SHARE_LOCATION_HASH } from './missing-banner';
import { readPrerenderedPet, removePrerender } from './prerendered';
import { ScanFrame, ScanProfile } from './scan-view';

const loadShareLocationDialog = () => import('./share-location-dialog');
const ShareLocationDialog = lazy(loadShareLocationDialog);

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <PawPrint className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="font-bold text-2xl">{title}</h1>
      {children}
    </div>
  );
}

function LoadingHero() {
  return (
    <div
      role="status"
      aria-label="Loading pet profile"
      className="flex flex-col items-center gap-4 rounded-2xl border p-6"
    >
      <Skeleton className="size-36 rounded-full" />
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-5 w-32" />
    </div>
  );
}

function PetProfile({ pet }: { pet: PublicPet }) {
  const [dialogRequested, setDialogRequested] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);

  // A tap on Share Location in the server-rendered copy, before the app took over, left this hash.
  // Read after the commit that removed that copy: a tap cannot arrive later, but may arrive while
  // this component was rendering.
  useEffect(() => {
    if (window.location.hash !== SHARE_LOCATION_HASH) return;
    setDialogRequested(true);
    setDialogOpen(true);
  }, []);
  const shareLocationButton = useRef<HTMLAnchorElement>(null);

  const openDialog = () => {
    setDialogRequested(true);
    setDialogOpen(true);
  };

  const onOpenChange = (open: boolean) => {
    setDialogOpen(open);
    if (!open && window.location.hash === SHARE_LOCATION_HASH) {
      history.replaceState(null, '', window.location.pathname + window.location.search);
    }
  };

  return (
    <>
      <ScanProfile
        pet={pet}
        onShareLocation={openDialog}
        onIntent={() => void loadShareLocationDialog()}
        shareLocationRef={shareLocationButton}
      />
      {dialogRequested && (
        <Suspense fallback={null}>
          <ShareLocationDialog
            pet={pet}
            open={dialogOpen}
            onOpenChange={onOpenChange}
            returnFocusTo={shareLocationButton}
          />
        </Suspense>
      )}
    </>
  );
}

export default function ScanPage() {
  const { id } = useParams<{ id: string }>();
  const {
    data: pet,
    error,
    isPending,
    refetch,
    isRefetching,
  } = useQuery({
    ...petQuery<PublicPet>(id),
    initialData: () => readPrerenderedPet(id),
  });
  // Take over from the server-rendered copy in the same frame as the first real render.
  useLayoutEffect(() => {
    if (!isPending) removePrerender();
  }, [isPending]);

  let content: ReactNode;
  if (pet) content = <PetProfile pet={pet} />;
  else if (isPending) content = <LoadingHero />;
  else if (error instanceof ApiError && error.status === 404)
    content = (
      <Message title="Pet Not Found">
        <p className="text-muted-foreground">This QR code is not linked to any pet profile.</p>
      </Message>
    );
  else
    content = (
      <Message title="Could Not Load This Pet">
        <p className="text-muted-foreground">Please check your connection and try again.</p>
        <Button onClick={() => refetch()} disabled={isRefetching}>
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      </Message>
    );

  return <ScanFrame>{content}</ScanFrame>;
}
