import { lazy, type ReactNode, Suspense } from 'react';
import { ErrorBoundary } from '@/components/error-boundary';
import { cn } from '@/lib/cn';
import type { NumberedMapProps } from './numbered-map';
import type { PinMapProps } from './pin-map';
import type { PointMapProps } from './point-map';

// Leaflet is fetched with the first map a page shows, never with the page itself.
const PointMap = lazy(() => import('./point-map'));
const PinMap = lazy(() => import('./pin-map'));
const NumberedMap = lazy(() => import('./numbered-map'));

/** The map's room while its code and the tile settings arrive, or what is left should they fail. */
function MapFrame({ className, children }: { className: string; children?: ReactNode }) {
  return <div className={cn('w-full rounded-md border bg-muted', className)}>{children}</div>;
}

/**
 * A map, once Leaflet's code and the tile settings have loaded. Should they not, the space says so:
 * nothing a map offers is only on the map, so the page around it still works.
 */
function Loaded({ height, children }: { height: string; children: ReactNode }) {
  const failed = (
    <MapFrame className={cn(height, 'grid place-items-center p-2 text-center text-sm text-muted-foreground')}>
      The map could not load.
    </MapFrame>
  );
  return (
    <ErrorBoundary fallback={failed}>
      <Suspense fallback={<MapFrame className={height} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** A small map of one point (the last-seen point, a finder's position). */
export function LazyPointMap(props: PointMapProps) {
  return (
    <Loaded height="h-40">
      <PointMap {...props} />
    </Loaded>
  );
}

/** A map to drop, drag or move a pin on. */
export function LazyPinMap(props: PinMapProps) {
  return (
    <Loaded height="h-56">
      <PinMap {...props} />
    </Loaded>
  );
}

/** A map of numbered places around a pin (the sightings around the last-seen point). */
export function LazyNumberedMap(props: NumberedMapProps) {
  return (
    <Loaded height="h-72">
      <NumberedMap {...props} />
    </Loaded>
  );
}
