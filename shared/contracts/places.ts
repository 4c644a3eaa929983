import { z } from 'zod';

// A place is two numbers, latitude and longitude in degrees (WGS 84), beside the words people read.

const finiteNumber = (what: string) =>
  z.number(`${what} must be a number`).refine(Number.isFinite, `${what} must be a finite number`);

/** A latitude: a finite number of degrees from -90 (south pole) to 90 (north pole). */
export const latitudeSchema = finiteNumber('Latitude')
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90');

/** A longitude: a finite number of degrees from -180 to 180. */
export const longitudeSchema = finiteNumber('Longitude')
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');

export const POINT_BOTH_OR_NEITHER = 'Latitude and longitude must be given together';

/**
 * A place's two numbers come together or not at all: `lat` and `lng` name the keys of an object
 * that holds them (undefined for both, null for both, or two numbers).
 */
export function isWholePoint(values: Record<string, unknown>, lat: string, lng: string) {
  const kind = (value: unknown) => (value === undefined ? 'absent' : value === null ? 'null' : 'number');
  return kind(values[lat]) === kind(values[lng]);
}

/**
 * The grid a stranger sees a place on (DESIGN.md section 7). Latitude is cut into rows
 * GRID_DEGREES high (about 280 m); each row into a whole number of equal cells about as wide, so a
 * cell is the same every time and a point is shown as its cell's centre. The rule is computed by
 * the database (the pets table's last_seen_cell columns, shared/schema.ts).
 */
export const GRID_DEGREES = 0.0025;

/** The distances the lost-pets board searches within, in kilometres. */
export const LOST_BOARD_RADII_KM = [1, 5, 10, 25] as const;
export type LostBoardRadius = (typeof LOST_BOARD_RADII_KM)[number];
export const DEFAULT_LOST_BOARD_RADIUS_KM: LostBoardRadius = 5;
/** The most pets the board lists: the nearest ones. */
export const LOST_BOARD_LIMIT = 50;

/** A number in a query string: the whole text must be one (no '', no '12abc', no 'NaN'). */
const queryNumber = (what: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} must be a number`) })
    .trim()
    .regex(/^[+-]?(\d+\.?\d*|\.\d+)$/, `${what} must be a number`)
    .transform(Number);

/** `?lat=&lng=&km=` of the board and its API: a point is required, km is one of the list. */
export const lostBoardQuerySchema = z.object({
  lat: queryNumber('Latitude').pipe(latitudeSchema),
  lng: queryNumber('Longitude').pipe(longitudeSchema),
  km: z
    .enum(
      LOST_BOARD_RADII_KM.map(String) as [string, ...string[]],
      `km must be one of ${LOST_BOARD_RADII_KM.join(', ')}`,
    )
    .default(String(DEFAULT_LOST_BOARD_RADIUS_KM))
    .transform((km) => Number(km) as LostBoardRadius),
});

export type LostBoardQuery = z.output<typeof lostBoardQuerySchema>;

/** A missing pet on the board: what a stranger may know, its place rounded to its grid cell. */
export interface LostPet {
  id: string;
  name: string;
  species: string;
  breed: string | null;
  /** From the searched point to the pet's cell centre, to 0.1 km. */
  distanceKm: number;
  /** The cell centre of the last-seen point. */
  lat: number;
  lng: number;
  lastSeenDate: string | null;
  /** The thumbnail's link, or the owner's own https link; null without a photo. */
  photoUrl: string | null;
}
