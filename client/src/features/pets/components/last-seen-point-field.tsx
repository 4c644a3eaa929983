import { useQuery } from '@tanstack/react-query';
import { Crosshair, MapPinOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { type OwnerPet, petsQuery } from '@/api/pets';
import { LazyPinMap } from '@/components/map/lazy-maps';
import { type MapPoint, roundPoint } from '@/components/map/map-point';
import { Button } from '@/components/ui/button';

/** The stored last-seen point, if the owner dropped one. */
export const lastSeenPoint = (pet: Pick<OwnerPet, 'lastSeenLat' | 'lastSeenLng'>): MapPoint | null =>
  pet.lastSeenLat !== null && pet.lastSeenLng !== null ? { lat: pet.lastSeenLat, lng: pet.lastSeenLng } : null;

/** Why the phone's position could not be used, in words, with the other ways to give the place. */
function positionError(error: GeolocationPositionError | 'unsupported') {
  if (error === 'unsupported') return 'This browser cannot share its position. Tap the map instead.';
  if (error.code === error.PERMISSION_DENIED)
    return 'Your position was not shared: location access is turned off for this site. Tap the map instead, or allow location access in your browser’s settings.';
  return 'Your position could not be found just now. Tap the map instead, or try again outside or near a window.';
}

const pointText = ({ lat, lng }: MapPoint) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

/** Close enough that streets show and a tap is a pin (leaflet-map.ts's PIN_ZOOM is 12). */
const NEAR_ZOOM = 15;
/** A town around another pet's point: the owner's pets go missing near home, but not at one spot. */
const TOWN_ZOOM = 13;

/**
 * The phone's position, when this site may already have it: asked without a prompt (the owner
 * asked for nothing yet), quickly, and a position of a few minutes ago will do.
 */
function usePositionAlreadyAllowed() {
  const [position, setPosition] = useState<MapPoint>();
  useEffect(() => {
    let live = true;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (status.state !== 'granted' || !live) return;
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => live && setPosition(roundPoint({ lat: coords.latitude, lng: coords.longitude })),
          () => undefined,
          { timeout: 10_000, maximumAge: 5 * 60_000 },
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return position;
}

/**
 * Where the map opens for a pet without a pin: the phone's position if this site may already read
 * it, else the pin of the newest of the owner's other pets that has one (the list is newest first),
 * else the whole world, where a tap zooms in before it can drop a pin.
 */
function useStartingView(petId: string) {
  const position = usePositionAlreadyAllowed();
  const { data: pets } = useQuery(petsQuery());
  if (position) return { center: position, zoom: NEAR_ZOOM };
  const other = pets?.find((p) => p.id !== petId && lastSeenPoint(p));
  return other ? { center: lastSeenPoint(other) as MapPoint, zoom: TOWN_ZOOM } : undefined;
}

/**
 * Where on the map a pet was last seen, optional: a pin dropped with a tap (or Enter at the map's
 * centre), dragged or moved with the arrow keys, or set from the phone's position. The point is also
 * written out in numbers, and the words field beside it stays the way most people say where.
 */
export function LastSeenPointField({
  petId,
  petName,
  value,
  onChange,
}: {
  petId: string;
  petName: string;
  value: MapPoint | null;
  onChange(point: MapPoint | null): void;
}) {
  const hintId = useId();
  const start = useStartingView(petId);
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string>();
  const [view, setView] = useState<{ center: MapPoint }>();

  const locate = () => {
    setError(undefined);
    if (!('geolocation' in navigator)) {
      setError(positionError('unsupported'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        const point = roundPoint({ lat: coords.latitude, lng: coords.longitude });
        onChange(point);
        setView({ center: point });
      },
      (failure) => {
        setLocating(false);
        setError(positionError(failure));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">Pin on the map (optional)</legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        Tap the map to drop a pin, then drag it to the exact spot. From far out, a tap zooms in first.
        <span className="sr-only">
          {' '}
          With a keyboard, the arrow keys move the map and Enter drops the pin at its centre (from far out, zooms in
          first); a focused pin moves with the arrow keys.
        </span>
      </p>
      <LazyPinMap
        value={value}
        onChange={(point) => {
          setError(undefined);
          onChange(roundPoint(point));
        }}
        label={`Map of where ${petName} was last seen`}
        pinLabel={`Where ${petName} was last seen`}
        describedBy={hintId}
        view={view}
        start={start}
      />
      <p className="text-sm" aria-live="polite">
        {value ? `Pin at ${pointText(value)}.` : 'No pin on the map.'}
      </p>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" busy={locating} onClick={locate}>
          <Crosshair aria-hidden="true" />
          {locating ? 'Finding Your Position...' : 'Use My Position'}
        </Button>
        {value && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            <MapPinOff aria-hidden="true" />
            Remove Pin
          </Button>
        )}
      </div>
    </fieldset>
  );
}
