import { z } from 'zod';
import { latitudeSchema, longitudeSchema } from './places';

// Watch My Area: a signed-in person watches a circle around a point for missing pets, and hears of
// each one reported missing inside it. The area is its owner's alone: no one else is ever shown it.

/** The distances an area may reach, in kilometres. */
export const WATCH_AREA_RADII_KM = [1, 2, 5, 10] as const;
export type WatchAreaRadius = (typeof WATCH_AREA_RADII_KM)[number];
export const DEFAULT_WATCH_AREA_RADIUS_KM: WatchAreaRadius = 2;

/** How many areas one person may watch. */
export const MAX_WATCH_AREAS = 3;
export const TOO_MANY_WATCH_AREAS = `You can watch at most ${MAX_WATCH_AREAS} areas. Delete one to add another.`;
/** An area must alert somehow: turning e-mail off where push is off is refused with this. */
export const SILENT_WATCH_AREA = 'This area alerts only by e-mail: delete it to stop its alerts.';

/** How many alerts one watcher may receive in 24 hours, whatever the number of areas and channels. */
export const WATCH_ALERTS_PER_DAY = 5;

const channel = (what: string) => z.boolean(`${what} must be true or false`);

/** POST /api/watch-areas. */
export const newWatchAreaSchema = z
  .strictObject({
    lat: latitudeSchema,
    lng: longitudeSchema,
    radiusKm: z.union(
      WATCH_AREA_RADII_KM.map((km) => z.literal(km)),
      `radiusKm must be one of ${WATCH_AREA_RADII_KM.join(', ')}`,
    ),
    push: channel('push'),
    email: channel('email'),
  })
  .refine((area) => area.push || area.email, {
    message: 'Choose at least one way to be alerted',
    path: ['push'],
  });

export type NewWatchArea = z.output<typeof newWatchAreaSchema>;

/** PATCH /api/watch-areas/{id}: e-mail on or off (an unsubscribe link turns it off on every area). */
export const watchAreaEmailSchema = z.strictObject({ email: channel('email') });

/** One of the signed-in person's areas, as only they receive it. */
export interface WatchArea {
  id: string;
  lat: number;
  lng: number;
  radiusKm: WatchAreaRadius;
  push: boolean;
  email: boolean;
  createdAt: string;
}

/** GET /api/pets/{id}/watch-alerts, for the pet's owners: how many neighbours heard, never who. */
export interface WatchAlertsSent {
  neighbours: number;
  /** The smallest radius of the list within which every alerted neighbour's area centre lies; null for none. */
  withinKm: WatchAreaRadius | null;
}
