// The scan page inside the app, for signed-in visitors and for the pets the server could not
// render ahead (see scan-main.tsx for a signed-out finder's first visit). It speaks the language the
// server's page would have: a Homeward user who finds someone else's pet is a finder too.

import { useQuery } from '@tanstack/react-query';
import { PawPrint, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { isOwnerPet, type PublicPet, petQuery, publicPetQuery } from '@/api/pets';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isNotFound } from '@/lib/api-client';
import { ENGLISH } from '@/lib/english';
import { fromPageStrings } from '@/lib/i18n';
import { finderStringsQuery } from '../api/get-finder-strings';
import { recordScan } from '../api/record-scan';
import { LiveScanProfile } from './live-scan-profile';
import { OwnerPreviewBar } from './owner-preview-bar';
import { ScanColumn, ScanFrame } from './scan-view';

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

export default function ScanPage() {
  const { id } = useParams<{ id: string }>();
  const asVisitor = useQuery(petQuery<PublicPet>(id));
  // The pet's owners are shown the stranger's page (and may switch to their own full view).
  const owner = asVisitor.data !== undefined && isOwnerPet(asVisitor.data);
  const [fullView, setFullView] = useState(false);
  const asFinder = useQuery({ ...publicPetQuery(id), enabled: owner });
  const { data: pet, error, isPending, refetch, isRefetching } = owner && !fullView ? asFinder : asVisitor;
  // Without its words the page is English, as the app is, rather than not shown.
  const strings = useQuery(finderStringsQuery());
  const found = asVisitor.data !== undefined;
  // Once a visit: the page stays mounted while sign-in status arrives (routes.tsx, PublicPage), and
  // the server tells the owners' own visits apart by their session.
  useEffect(() => {
    if (found) recordScan(id);
  }, [found, id]);

  // Waits for the words too, so the page does not change language under the reader's eyes.
  if (strings.isPending)
    return (
      <ScanColumn>
        <LoadingHero />
      </ScanColumn>
    );
  const i18n = strings.data ? fromPageStrings(strings.data) : ENGLISH;
  const { t } = i18n;

  let content: ReactNode;
  if (pet) content = <LiveScanProfile pet={pet} />;
  else if (isPending) content = <LoadingHero />;
  else if (isNotFound(error))
    content = (
      <Message title={t('pages.petNotFound')}>
        <p className="text-muted-foreground">{t('pages.petNotFoundText')}</p>
      </Message>
    );
  else
    content = (
      <Message title={t('scan.couldNotLoad')}>
        <p className="text-muted-foreground">{t('common.checkConnection')}</p>
        <Button onClick={() => refetch()} disabled={isRefetching}>
          <RotateCw aria-hidden="true" />
          {t('common.tryAgain')}
        </Button>
      </Message>
    );

  return (
    <ScanFrame i18n={i18n}>
      {owner && <OwnerPreviewBar petId={id} fullView={fullView} onFullViewChange={setFullView} />}
      {content}
    </ScanFrame>
  );
}
