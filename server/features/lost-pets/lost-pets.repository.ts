import { and, asc, sql } from 'drizzle-orm';
import { LOST_BOARD_LIMIT } from '../../../shared/contracts/places';
import { LISTED_ON_LOST_BOARD, pets } from '../../../shared/schema';
import type { Db } from '../../db/connection';
import { distanceKm, type Point, withinKm } from '../../lib/geo';

// Searched and measured by the grid cell, never the exact point (see server/lib/geo.ts).
const CELL = { lat: pets.lastSeenCellLat, lng: pets.lastSeenCellLng };

/**
 * The missing pets listed on the board whose last-seen cell is within `km` of `point`, nearest
 * first. The conditions repeat the board index's own (LISTED_ON_LOST_BOARD), so the planner uses
 * it: the cost follows the missing pets near the point, not all the pets. A deleted pet, and the
 * pets of a deleted account (their rows go with it), are simply not there. Answers the query
 * itself (awaited, the rows), so that its plan can be examined.
 */
export function findLostPetsNear(db: Db, point: Point, km: number) {
  const distance = distanceKm(CELL, point);
  return db
    .select({
      id: pets.id,
      name: pets.name,
      species: pets.species,
      breed: pets.breed,
      lastSeenDate: pets.lastSeenDate,
      cellLat: sql<number>`${pets.lastSeenCellLat}`.mapWith(Number),
      cellLng: sql<number>`${pets.lastSeenCellLng}`.mapWith(Number),
      distanceKm: distance,
      photoUrl: pets.photoUrl,
      photoHash: pets.photoHash,
    })
    .from(pets)
    .where(and(LISTED_ON_LOST_BOARD, withinKm(CELL, point, km)))
    .orderBy(asc(distance), asc(pets.id))
    .limit(LOST_BOARD_LIMIT);
}

export type LostPetRow = Awaited<ReturnType<typeof findLostPetsNear>>[number];
