import { sightingSchema } from '@shared/contracts/sighting-schema';
import {
  type FiledSighting,
  SIGHTING_HEADINGS,
  SIGHTING_MAX_LENGTH,
  SIGHTING_MINUTES_AGO,
  seenMinutesAgo,
} from '@shared/contracts/sightings';
import { type PageStrings, SIGHTING_STRINGS_URL } from '@shared/i18n/strings';
import { QueryClientProvider } from '@tanstack/react-query';
import { Crosshair, Eye, MapPinOff, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { PublicPet } from '@/api/pets';
import { LazyPinMap } from '@/components/map/lazy-maps';
import { type MapPoint, roundPoint } from '@/components/map/map-point';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, api } from '@/lib/api-client';
import { type FinderI18n, fromPageStrings, I18nProvider, useI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { resizePhoto } from '@/lib/resize-photo';
import { headingKey, minutesAgoKey, SightingSent } from './sighting-form-view';

// 'I Saw This Pet' with scripts: where (a pin on the map, the phone's position, or words), when
// (how long ago, the choices of the form without scripts), which way, a note, a photo (resized in the browser
// like a pet's) and a contact. Loaded on demand (sighting-link.ts); the server checks all of it again.

/** The fields a send may refuse, in the order on screen: the first to fix takes the focus. */
const FIELD_ORDER = ['location', 'note', 'contact'] as const;

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

interface DialogPet {
  id: string;
  name: string;
  /** The grid cell of the last-seen point (what a stranger may know), where the map opens. */
  cell: MapPoint | null;
}

function SightingForm({ pet, onSent }: { pet: DialogPet; onSent: (filed: FiledSighting) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [point, setPoint] = useState<MapPoint | null>(null);
  const [view, setView] = useState<{ center: MapPoint }>();
  const [locating, setLocating] = useState(false);
  const [positionFailed, setPositionFailed] = useState(false);
  const [location, setLocation] = useState('');
  const [minutesAgo, setMinutesAgo] = useState(0);
  const [heading, setHeading] = useState('');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);

  const locate = () => {
    setPositionFailed(false);
    if (!('geolocation' in navigator)) return setPositionFailed(true);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        const here = roundPoint({ lat: coords.latitude, lng: coords.longitude });
        setPoint(here);
        setView({ center: here });
      },
      () => {
        setLocating(false);
        setPositionFailed(true);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const body = {
      petId: pet.id,
      ...(point ?? {}),
      location,
      seenAt: seenMinutesAgo(minutesAgo),
      heading,
      note,
      photoUrl: photo ?? '',
      contact,
    };
    const parsed = sightingSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      // The schema's words are English: the sighter reads theirs.
      if (found.location) found.location = t('sighting.needWhere', { name: pet.name });
      if (found.contact) found.contact = t('sighting.contactInvalid');
      // Rendered first, so that the field is announced as invalid and described by its error.
      flushSync(() => setErrors(found));
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      onSent(await api.post<FiledSighting>('/api/sightings', body));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.serverMessage : t('sighting.notSent'));
    } finally {
      setSending(false);
    }
  };

  const error = (field: string) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} role="alert" className="text-sm font-medium text-destructive">
        {errors[field]}
      </p>
    );
  const describedBy = (field: string, hint?: string) =>
    [errors[field] && `${id}-${field}-error`, hint].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      {failure && (
        <p role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 font-medium text-sm">
          {failure}
        </p>
      )}
      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-2 font-medium text-sm">{t('sighting.where', { name: pet.name })}</legend>
        <p id={`${id}-map-hint`} className="text-muted-foreground text-sm">
          {t('sighting.mapHint', { name: pet.name })}
        </p>
        <LazyPinMap
          value={point}
          onChange={(moved) => setPoint(roundPoint(moved))}
          label={t('sighting.where', { name: pet.name })}
          pinLabel={t('sighting.pinned')}
          describedBy={describedBy('location', `${id}-map-hint`)}
          view={view}
          start={pet.cell ? { center: pet.cell, zoom: 15 } : undefined}
          zoomInText={t('common.mapZoomIn')}
          words={{ zoomIn: t('lostMap.zoomIn'), zoomOut: t('lostMap.zoomOut'), tilesFailed: t('lostMap.tilesFailed') }}
        />
        <p className="text-sm" aria-live="polite">
          {point ? t('sighting.pinned') : ''}
        </p>
        {positionFailed && (
          <p role="alert" className="font-medium text-destructive text-sm">
            {t('sighting.positionFailed')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" busy={locating} onClick={locate}>
            <Crosshair aria-hidden="true" />
            {locating ? t('sighting.locating') : t('sighting.useMyPosition')}
          </Button>
          {point && (
            <Button type="button" variant="ghost" size="sm" onClick={() => setPoint(null)}>
              <MapPinOff aria-hidden="true" />
              {t('sighting.clearPin')}
            </Button>
          )}
        </div>
        <Label htmlFor={`${id}-location`} className="mt-2">
          {t('sighting.fieldWhere')}
        </Label>
        <Input
          id={`${id}-location`}
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          placeholder={t('sighting.wherePlaceholder')}
          maxLength={SIGHTING_MAX_LENGTH.location}
          aria-invalid={errors.location ? true : undefined}
          aria-describedby={describedBy('location')}
        />
        {error('location')}
      </fieldset>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-seenAt`}>{t('sighting.when')}</Label>
        <select
          id={`${id}-seenAt`}
          value={minutesAgo}
          onChange={(e) => setMinutesAgo(Number(e.target.value))}
          className={selectClass}
        >
          {SIGHTING_MINUTES_AGO.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t(minutesAgoKey(minutes))}
            </option>
          ))}
        </select>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-heading`}>{t('sighting.heading')}</Label>
        <select
          id={`${id}-heading`}
          value={heading}
          onChange={(e) => setHeading(e.target.value)}
          className={selectClass}
        >
          <option value="">{t('sighting.headingUnknown')}</option>
          {SIGHTING_HEADINGS.map((direction) => (
            <option key={direction} value={direction}>
              {t(headingKey(direction))}
            </option>
          ))}
        </select>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>{t('sighting.note')}</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('sighting.notePlaceholder')}
          maxLength={SIGHTING_MAX_LENGTH.note}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy('note')}
        />
        {error('note')}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-photo`}>{t('sighting.photo')}</Label>
        <Input
          id={`${id}-photo`}
          type="file"
          accept="image/*"
          aria-describedby={describedBy('photoUrl', `${id}-photo-hint`)}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            try {
              setPhoto(await resizePhoto(file));
              setErrors(({ photoUrl: _, ...rest }) => rest);
            } catch {
              setErrors((found) => ({ ...found, photoUrl: t('sighting.photoInvalid') }));
            }
          }}
        />
        <p id={`${id}-photo-hint`} className="text-muted-foreground text-sm">
          {t('sighting.photoHint')}
        </p>
        {photo && (
          <div className="flex items-center gap-2">
            <img src={photo} alt="" className="size-16 rounded-md border object-cover" />
            <Button type="button" variant="ghost" size="sm" onClick={() => setPhoto(null)}>
              <X aria-hidden="true" />
              {t('common.close')}
            </Button>
          </div>
        )}
        {error('photoUrl')}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-contact`}>{t('sighting.contact')}</Label>
        <Input
          id={`${id}-contact`}
          value={contact}
          onChange={(e) => setContact(e.target.value)}
          autoComplete="email"
          maxLength={SIGHTING_MAX_LENGTH.contact}
          aria-invalid={errors.contact ? true : undefined}
          aria-describedby={describedBy('contact', `${id}-contact-hint`)}
        />
        <p id={`${id}-contact-hint`} className="text-muted-foreground text-sm">
          {t('sighting.contactHint')}
        </p>
        {error('contact')}
      </div>

      <p className="text-muted-foreground text-sm">{t('sighting.privacy')}</p>
      <Button type="submit" size="lg" busy={sending}>
        <Eye aria-hidden="true" />
        {sending ? t('sighting.sending') : t('sighting.submit')}
      </Button>
    </form>
  );
}

function SightingDialog({
  pet,
  i18n,
  returnFocusTo,
  onClosed,
}: {
  pet: DialogPet;
  i18n: FinderI18n;
  /** The link that opened it: the dialog has no trigger of Radix's own to give the focus back to. */
  returnFocusTo: HTMLElement;
  onClosed: () => void;
}) {
  const [open, setOpen] = useState(true);
  const [filed, setFiled] = useState<FiledSighting>();
  const { t } = i18n;
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) onClosed();
          }}
        >
          <DialogContent
            closeLabel={t('common.close')}
            lang={i18n.lang}
            // The dialog itself takes the focus (its title and description are read), so that Tab
            // goes as the screen does: Close, the map, then the rest. Its first field would be the
            // map, which is still loading on opening: the focus would land below it.
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocusTo.focus();
            }}
          >
            <DialogHeader>
              <DialogTitle>{t('sighting.title', { name: pet.name })}</DialogTitle>
              <DialogDescription>{t('sighting.description', { name: pet.name })}</DialogDescription>
            </DialogHeader>
            {filed ? (
              <SightingSent pet={pet} conversationPath={filed.conversationPath ?? undefined} />
            ) : (
              <SightingForm pet={pet} onSent={setFiled} />
            )}
          </DialogContent>
        </Dialog>
      </I18nProvider>
    </QueryClientProvider>
  );
}

/**
 * Opens the dialog for the pet `link` leads to (its form's address names the pet), in the language
 * of the page around the link: the server's page says it on <html>, the app's scan page on its column.
 */
export async function openSightingDialog(link: HTMLAnchorElement) {
  const petId = /\/scan\/([^/]+)\/seen/.exec(link.pathname)?.[1];
  if (!petId) throw new Error('Not a sighting link');
  const lang = link.closest<HTMLElement>('[lang]')?.lang ?? document.documentElement.lang;
  const [strings, publicPet] = await Promise.all([
    api.get<PageStrings>(`${SIGHTING_STRINGS_URL}?lang=${encodeURIComponent(lang)}`),
    // Where the map opens: the last-seen point's grid cell, as the scan page has it. Without it, the world.
    api.get<PublicPet>(`/api/pets/${petId}?view=public`).catch(() => undefined),
  ]);
  const cell =
    publicPet?.lastSeenLat != null && publicPet.lastSeenLng != null
      ? { lat: publicPet.lastSeenLat, lng: publicPet.lastSeenLng }
      : null;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  // After the closing animation, which gives the focus back to the link.
  const close = () =>
    setTimeout(() => {
      root.unmount();
      host.remove();
    }, 300);
  root.render(
    <SightingDialog
      pet={{ id: petId, name: link.dataset.sightingDialog ?? '', cell }}
      i18n={fromPageStrings(strings)}
      returnFocusTo={link}
      onClosed={close}
    />,
  );
}
