import { typedNumber } from '@shared/contracts/typed-number';
import {
  DEFAULT_WATCH_AREA_RADIUS_KM,
  type NewWatchArea,
  newWatchAreaSchema,
  WATCH_AREA_RADII_KM,
  type WatchAreaRadius,
} from '@shared/contracts/watch-areas';
import { Crosshair, Eye, Mail } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { LazyPinMap } from '@/components/map/lazy-maps';
import { isOnEarth, type MapPoint, roundPoint } from '@/components/map/map-point';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCreateWatchArea } from '../api/create-watch-area';

/** Why the phone's position could not be used, in words, with the other ways to give the place. */
function positionError(error: GeolocationPositionError | 'unsupported') {
  if (error === 'unsupported') return 'This browser cannot share its position. Tap the map or type the coordinates.';
  if (error.code === error.PERMISSION_DENIED)
    return 'Your position was not shared: location access is turned off for this site. Tap the map or type the coordinates instead.';
  return 'Your position could not be found just now. Tap the map, type the coordinates, or try again.';
}

const asText = (value: number | undefined) => (value === undefined ? '' : String(value));

const checkboxClass = 'size-4 shrink-0 accent-primary';

type CentreField = 'lat' | 'lng';
type CentreErrors = Partial<Record<CentreField, string>>;
const CENTRE_FIELDS: CentreField[] = ['lat', 'lng'];
const NO_CENTRE = 'Choose the centre of the area: use your position, tap the map, or type its latitude and longitude.';

/**
 * What is wrong with each of the centre's two numbers, from the schema's issues (or the server's
 * `errors`, which carry the same words): a number out of range is marked on its own field. With
 * neither typed, nothing is marked: the centre is simply not chosen yet (see NO_CENTRE).
 */
function centreErrors(issues: { path: string; message: string }[], typed: Record<CentreField, string>): CentreErrors {
  const found: CentreErrors = {};
  for (const { path, message } of issues)
    if (path === 'lat' || path === 'lng')
      found[path] ??= typed[path].trim() === '' ? `Enter the ${path === 'lat' ? 'latitude' : 'longitude'}.` : message;
  return found;
}

/**
 * A new area: its centre (a pin on the map, the phone's position, or the two numbers typed), how far
 * around it, and how to be told. `deviceAlerts` turns on alerts on this device (the dashboard's own);
 * `pushBlocked` says whether this browser blocks notifications; `turnOnPush` turns this device's
 * alerts on (asking the browser) unless they are, and answers why it could not, if it could not.
 */
export function WatchAreaForm({
  start,
  deviceAlerts,
  pushBlocked,
  turnOnPush,
}: {
  start?: MapPoint;
  deviceAlerts?: ReactNode;
  pushBlocked?: boolean;
  turnOnPush?: () => Promise<string | undefined>;
}) {
  const ids = {
    form: useId(),
    hint: useId(),
    lat: useId(),
    lng: useId(),
    error: useId(),
    blocked: useId(),
    pushRefused: useId(),
  };
  const inputs = { lat: useRef<HTMLInputElement>(null), lng: useRef<HTMLInputElement>(null) };
  const [lat, setLat] = useState(asText(start?.lat));
  const [lng, setLng] = useState(asText(start?.lng));
  const [radiusKm, setRadiusKm] = useState<WatchAreaRadius>(DEFAULT_WATCH_AREA_RADIUS_KM);
  const [push, setPush] = useState(true);
  const [email, setEmail] = useState(true);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<CentreErrors>({});
  const [view, setView] = useState<{ center: MapPoint } | undefined>(start && { center: start });
  const [saved, setSaved] = useState(false);
  const [askingForPush, setAskingForPush] = useState(false);
  const [pushRefused, setPushRefused] = useState<string>();
  const create = useCreateWatchArea();
  // A browser that blocks notifications gets no push: the area is saved, and listed, as e-mail only
  // rather than promising alerts that cannot come.
  const blocked = pushBlocked ?? false;
  const pushChosen = push && !blocked;

  const latitude = typedNumber(lat);
  const longitude = typedNumber(lng);
  // The map shows only a point that exists.
  const point =
    latitude !== undefined && longitude !== undefined && isOnEarth({ lat: latitude, lng: longitude })
      ? { lat: latitude, lng: longitude }
      : null;

  const placeAt = (next: MapPoint) => {
    const rounded = roundPoint(next);
    setLat(String(rounded.lat));
    setLng(String(rounded.lng));
    setProblem(undefined);
    setFieldErrors({});
    setSaved(false);
  };

  const locate = () => {
    setProblem(undefined);
    if (!('geolocation' in navigator)) {
      setProblem(positionError('unsupported'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        const here = roundPoint({ lat: coords.latitude, lng: coords.longitude });
        placeAt(here);
        setView({ center: here });
      },
      (failure) => {
        setLocating(false);
        setProblem(positionError(failure));
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  /** Marks the centre's fields the issues name and takes the focus to the first; true when there was one. */
  const markCentre = (issues: { path: string; message: string }[]) => {
    const found = centreErrors(issues, { lat, lng });
    setFieldErrors(found);
    const first = CENTRE_FIELDS.find((field) => found[field]);
    if (first) inputs[first].current?.focus();
    return first !== undefined;
  };

  const save = async (channels: { push: boolean; email: boolean }) => {
    setSaved(false);
    setPushRefused(undefined);
    const parsed = newWatchAreaSchema.safeParse({ lat: latitude, lng: longitude, radiusKm, ...channels });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      if (lat.trim() === '' && lng.trim() === '') {
        setFieldErrors({});
        setProblem(NO_CENTRE);
        return;
      }
      const centreMarked = markCentre(issues);
      const other = issues.find((issue) => !CENTRE_FIELDS.some((field) => field === issue.path));
      setProblem(other?.message ?? (centreMarked ? undefined : issues[0]?.message));
      return;
    }
    setProblem(undefined);
    setFieldErrors({});
    // Push reaches the devices where alerts are on: an area saved with push from a browser that never
    // allowed notifications promised alerts that could not come. So this device's alerts are turned
    // on first; when they cannot be, nothing is saved, and the form says why and offers e-mail.
    if (parsed.data.push && turnOnPush) {
      setAskingForPush(true);
      const whyNot = await turnOnPush().finally(() => setAskingForPush(false));
      if (whyNot) {
        setPushRefused(whyNot);
        return;
      }
    }
    create.mutate(parsed.data satisfies NewWatchArea, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        // The server checks the same rules: a point it refuses is marked on its field all the same.
        if (error instanceof ApiError && markCentre(error.errors)) return;
        setProblem(error instanceof ApiError ? error.serverMessage : errorMessage(error, 'Please try again.'));
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ push: pushChosen, email });
  };

  /** After push was refused: the same area, alerting by e-mail alone. */
  const saveByEmail = () => {
    setPush(false);
    setEmail(true);
    void save({ push: false, email: true });
  };

  /** A centre field's own error under it, tied to it by aria-describedby. */
  const fieldError = (field: CentreField) =>
    fieldErrors[field] && (
      <p id={`${ids[field]}-error`} className="text-sm font-medium text-destructive">
        {fieldErrors[field]}
      </p>
    );
  const fieldProps = (field: CentreField) => ({
    ref: inputs[field],
    'aria-invalid': fieldErrors[field] ? true : undefined,
    'aria-describedby': fieldErrors[field] ? `${ids[field]}-error` : undefined,
  });

  return (
    // The channels sit outside the <form> element (their state is React's, and the device switch's
    // own buttons must not submit it); the submit button belongs to it by its `form` attribute.
    <div className="grid gap-6">
      <form
        id={ids.form}
        onSubmit={submit}
        noValidate
        className="grid gap-6"
        aria-describedby={problem ? ids.error : undefined}
      >
        <fieldset className="grid min-w-0 gap-3">
          <legend className="mb-2 font-medium">Centre of the area</legend>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" busy={locating} onClick={locate}>
              <Crosshair aria-hidden="true" />
              {locating ? 'Finding Your Position...' : 'Use My Position'}
            </Button>
          </div>
          <p id={ids.hint} className="text-sm text-muted-foreground">
            Or tap the map to drop a pin, then drag it.
            <span className="sr-only">
              {' '}
              With a keyboard, the arrow keys move the map and Enter drops the pin at its centre; a focused pin moves
              with the arrow keys.
            </span>
          </p>
          <LazyPinMap
            value={point}
            onChange={placeAt}
            label="Map of the area to watch"
            pinLabel="Centre of the area to watch"
            describedBy={ids.hint}
            view={view}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.lat}>Latitude</Label>
              <Input
                id={ids.lat}
                inputMode="decimal"
                autoComplete="off"
                placeholder="e.g. 48.85660"
                value={lat}
                {...fieldProps('lat')}
                onChange={(event) => {
                  setLat(event.target.value);
                  setFieldErrors(({ lat: _, ...rest }) => rest);
                  setSaved(false);
                }}
              />
              {fieldError('lat')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.lng}>Longitude</Label>
              <Input
                id={ids.lng}
                inputMode="decimal"
                autoComplete="off"
                placeholder="e.g. 2.35220"
                value={lng}
                {...fieldProps('lng')}
                onChange={(event) => {
                  setLng(event.target.value);
                  setFieldErrors(({ lng: _, ...rest }) => rest);
                  setSaved(false);
                }}
              />
              {fieldError('lng')}
            </div>
          </div>
        </fieldset>

        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium">How far around it</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {WATCH_AREA_RADII_KM.map((km) => (
              <label key={km} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="radiusKm"
                  value={km}
                  checked={radiusKm === km}
                  onChange={() => setRadiusKm(km)}
                  className={checkboxClass}
                />
                {km} km
              </label>
            ))}
          </div>
        </fieldset>
      </form>

      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium">How to alert me</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={pushChosen}
            disabled={blocked}
            aria-describedby={blocked ? ids.blocked : undefined}
            onChange={(event) => {
              setPush(event.target.checked);
              setPushRefused(undefined);
            }}
            className={checkboxClass}
          />
          Push alerts on my devices
        </label>
        {blocked ? (
          <p id={ids.blocked} className="pl-6 text-sm text-muted-foreground">
            Alerts are blocked for Homeward in this browser's settings, so this area alerts you by e-mail. Allow
            notifications for this site to choose push.
          </p>
        ) : (
          push && deviceAlerts && <div className="pl-6">{deviceAlerts}</div>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={email}
            onChange={(event) => setEmail(event.target.checked)}
            className={checkboxClass}
          />
          E-mail
        </label>
      </fieldset>

      {problem && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      {pushRefused && (
        <div className="grid justify-items-start gap-2">
          <p id={ids.pushRefused} role="alert" className="text-sm font-medium text-destructive">
            {pushRefused} Push alerts cannot reach you on this device, so the area was not saved.
          </p>
          <Button type="button" variant="outline" aria-describedby={ids.pushRefused} onClick={saveByEmail}>
            <Mail aria-hidden="true" />
            Watch by E-mail Instead
          </Button>
        </div>
      )}
      {saved && !problem && (
        <p role="status" className="text-sm">
          You now watch this area.
        </p>
      )}
      <div>
        <Button type="submit" form={ids.form} busy={askingForPush || create.isPending}>
          <Eye aria-hidden="true" />
          {askingForPush || create.isPending ? 'Saving...' : 'Watch This Area'}
        </Button>
      </div>
    </div>
  );
}
