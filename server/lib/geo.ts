import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { watchAreaBox } from '../../shared/schema';

// Homeward's geography, in one place: how far apart two places are, and which places lie within a
// distance of a point, answered by an index. PostgreSQL's `cube` and `earthdistance` extensions do
// the work on both databases (docs/decisions/0024-places.md). What a stranger may see of a place is
// its grid cell (contracts/places.ts), computed by the database as the pets table's
// last_seen_cell_lat and last_seen_cell_lng columns; whatever a stranger's query compares or
// measures must be those columns, never the exact point, or the edge of a search would give the
// point away.

/** A point the caller gives: degrees, already checked to their ranges (contracts/places.ts). */
export interface Point {
  lat: number;
  lng: number;
}

/** A place stored in two columns. */
export interface PointColumns {
  lat: AnyPgColumn;
  lng: AnyPgColumn;
}

const KM = 1000;

// The point on the earth's surface as earthdistance models it (a sphere of 6378.168 km). The
// columns' expression must be written as the GiST index is, `ll_to_earth(lat, lng)`, to use it.
const earthAt = (lat: SQL | AnyPgColumn, lng: SQL | AnyPgColumn) => sql`ll_to_earth(${lat}, ${lng})`;
const earthAtPoint = ({ lat, lng }: Point) => earthAt(sql`${lat}::double precision`, sql`${lng}::double precision`);

/**
 * The places in `columns` within `km` of `point`: the cube that encloses the circle (which the
 * index answers) and then the circle itself along the surface.
 */
export function withinKm(columns: PointColumns, point: Point, km: number): SQL {
  const place = earthAt(columns.lat, columns.lng);
  return sql`earth_box(${earthAtPoint(point)}, ${km * KM}) @> ${place} and earth_distance(${earthAtPoint(point)}, ${place}) <= ${km * KM}`;
}

/** The distance in km along the earth's surface from `point` to the place in `columns`. */
export const distanceKm = (columns: PointColumns, point: Point): SQL<number> =>
  sql<number>`earth_distance(${earthAtPoint(point)}, ${earthAt(columns.lat, columns.lng)}) / ${KM}`.mapWith(Number);

/** An area stored as its centre's two columns and its radius in km. */
export interface AreaColumns extends PointColumns {
  radiusKm: AnyPgColumn;
}

/**
 * The areas in `columns` that contain `point`: each area's enclosing box contains the point (its
 * GiST index, built on the same expression, watchAreaBox in shared/schema.ts, answers this whatever
 * each area's radius), and then the point is within the area's own radius along the surface.
 */
export function areasContaining(columns: AreaColumns, point: Point): SQL {
  const at = earthAtPoint(point);
  return sql`${watchAreaBox(columns.lat, columns.lng, columns.radiusKm)} @> ${at} and earth_distance(${earthAt(columns.lat, columns.lng)}, ${at}) <= ${columns.radiusKm} * 1000.0`;
}
