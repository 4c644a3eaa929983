import { MAX_WATCH_AREAS, type WatchArea } from '@shared/contracts/watch-areas';
import { Mail, MailX, Trash2 } from 'lucide-react';
import { type ReactNode, type RefObject, useRef } from 'react';
import { useSearch } from 'wouter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import type { MapPoint } from '@/components/map/map-point';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { showErrorToast } from '@/lib/error-toast';
import { useDeleteWatchArea } from '../api/delete-watch-area';
import { useWatchAreas } from '../api/get-watch-areas';
import { useSetWatchAreaEmail } from '../api/set-watch-area-email';
import { WatchAreaForm } from './watch-area-form';

const pointText = ({ lat, lng }: MapPoint) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

const channelsText = (area: WatchArea) => {
  const channels = [area.push && 'push', area.email && 'e-mail'].filter(Boolean).join(' and ');
  return channels ? `Alerts by ${channels}` : 'No alerts';
};

const areaText = (area: WatchArea) => `Within ${area.radiusKm} km of ${pointText(area)}`;

/** A point given in the address (`/watch-areas?lat=&lng=`, as the lost-pets board links here), if both read as numbers in range. */
function pointFromAddress(search: string): MapPoint | undefined {
  const params = new URLSearchParams(search);
  const lat = Number(params.get('lat') ?? Number.NaN);
  const lng = Number(params.get('lng') ?? Number.NaN);
  if (!params.get('lat') || !params.get('lng') || Number.isNaN(lat) || Number.isNaN(lng)) return undefined;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : undefined;
}

function AreaItem({ area, focusAfter }: { area: WatchArea; focusAfter: RefObject<HTMLElement | null> }) {
  const remove = useDeleteWatchArea();
  const setEmail = useSetWatchAreaEmail();
  // E-mail can always come back on (an e-mail's unsubscribe link turns it off on every area); it
  // goes off only where push still alerts.
  const emailSwitch = area.email ? (area.push ? 'Turn E-mail Off' : undefined) : 'Turn E-mail On';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
      <div className="grid gap-0.5">
        <span className="font-medium">{areaText(area)}</span>
        <span className="text-sm text-muted-foreground">{channelsText(area)}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        {emailSwitch && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`${emailSwitch}: ${areaText(area)}`}
            busy={setEmail.isPending}
            onClick={() =>
              setEmail
                .mutateAsync({ id: area.id, email: !area.email })
                .catch((error) => showErrorToast({ error, fallback: 'Please try again.' }))
            }
          >
            {area.email ? <MailX aria-hidden="true" /> : <Mail aria-hidden="true" />}
            {emailSwitch}
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" aria-label={`Delete area: ${areaText(area)}`}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
          title="Delete this area?"
          description={`${areaText(area)}. You will no longer be alerted about pets missing there.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          focusAfter={focusAfter}
          onConfirm={() =>
            remove.mutateAsync(area.id).catch((error) => showErrorToast({ error, fallback: 'Please try again.' }))
          }
        />
      </div>
    </li>
  );
}

function AreaList({ areas, focusAfter }: { areas: WatchArea[]; focusAfter: RefObject<HTMLElement | null> }) {
  if (areas.length === 0) return <p className="text-sm text-muted-foreground">You do not watch any area yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Your areas">
      {areas.map((area) => (
        <AreaItem key={area.id} area={area} focusAfter={focusAfter} />
      ))}
    </ul>
  );
}

/**
 * Watch My Area: the signed-in person's areas (at most three), where a pet reported missing alerts
 * them. The areas are theirs alone: no one else is shown them. `deviceAlerts` is the dashboard's
 * switch for alerts on this device, `pushBlocked` whether this browser blocks notifications,
 * `turnOnPush` its way of turning them on before an area with push is saved; the app hands all three in.
 */
export default function WatchAreasPage({
  deviceAlerts,
  pushBlocked,
  turnOnPush,
}: {
  deviceAlerts?: ReactNode;
  pushBlocked?: boolean;
  turnOnPush?: () => Promise<string | undefined>;
}) {
  const { data: areas, isPending, error, refetch } = useWatchAreas();
  const search = useSearch();
  const heading = useRef<HTMLHeadingElement>(null);
  const full = (areas?.length ?? 0) >= MAX_WATCH_AREAS;

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <header className="grid gap-1">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
          Watch My Area
        </h1>
        <p className="text-muted-foreground">
          Be alerted when a pet goes missing near you, and help bring it home. Only you can see your areas.
        </p>
      </header>

      <SectionCard title="Your Areas" description={`You can watch up to ${MAX_WATCH_AREAS} areas.`}>
        {isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : error ? (
          <LoadError title="Your areas could not be loaded." error={error} onRetry={() => refetch()} />
        ) : (
          <AreaList areas={areas} focusAfter={heading} />
        )}
      </SectionCard>

      <SectionCard
        title="Add an Area"
        description="Pick a centre and a distance. You get at most 5 alerts a day, never about your own pets."
      >
        {full ? (
          <p className="text-sm">
            You watch {MAX_WATCH_AREAS} areas, the most there can be. Delete one to add another.
          </p>
        ) : (
          <WatchAreaForm
            start={pointFromAddress(search)}
            deviceAlerts={deviceAlerts}
            pushBlocked={pushBlocked}
            turnOnPush={turnOnPush}
          />
        )}
      </SectionCard>
    </div>
  );
}
