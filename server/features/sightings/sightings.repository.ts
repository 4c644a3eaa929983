import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { conversationLinks, pets, type SightingRow, sightings } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { inCurrentAbsence } from '../pets/absence';
import { isAccessiblePet, listPetOwners, onAccessiblePet } from '../pets/pet-access';

export type { SightingRow };
export type PetForSighting = NonNullable<Awaited<ReturnType<typeof findPetForSighting>>>;

/** The pet a sighting is about, with whether it is missing and its owners; undefined when there is none. */
export async function findPetForSighting(db: Db, petId: string) {
  const [pet] = await db
    .select({
      id: pets.id,
      name: pets.name,
      isMissing: pets.isMissing,
      lastSeenLat: pets.lastSeenLat,
      lastSeenLng: pets.lastSeenLng,
    })
    .from(pets)
    .where(eq(pets.id, petId));
  if (!pet) return undefined;
  return { ...pet, owners: await listPetOwners(db, petId) };
}

/** Holds back every other sighting of this pet until the transaction ends: two at once cannot both take the last place. */
export async function lockSightingsOf(tx: Executor, petId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sightings:${petId}`}, 0))`);
}

/**
 * Whole seconds until fewer than `limit` sightings of the pet fall within the last `windowMs`
 * (hidden ones count: spam is what the limit is for); 0 when there are fewer already.
 */
export async function secondsUntilUnderPetLimit(
  tx: Executor,
  petId: string,
  { limit, windowMs }: { limit: number; windowMs: number },
) {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const [limitth] = await tx
    .select({
      wait: sql<number>`greatest(1, ceil(extract(epoch from ${sightings.createdAt} + ${window} - now())))::int`,
    })
    .from(sightings)
    .where(and(eq(sightings.petId, petId), sql`${sightings.createdAt} > now() - ${window}`))
    .orderBy(desc(sightings.createdAt))
    .offset(limit - 1)
    .limit(1);
  return limitth?.wait ?? 0;
}

/** Stores a sighting and the sighter's own link to its conversation (by the link's hash). */
export async function insertSighting(
  db: Executor,
  values: typeof sightings.$inferInsert,
  linkHash: string,
): Promise<SightingRow> {
  const [row] = await db.insert(sightings).values(values).returning();
  await db.insert(conversationLinks).values({ tokenHash: linkHash, sightingId: row.id, mailedTo: null });
  return row;
}

/** The pet `petId` with its last-seen point, when `userId` may see it (creator or Safety Circle). */
export async function findAccessiblePet(db: Db, petId: string, userId: string) {
  const [pet] = await db
    .select({ id: pets.id, lastSeenLat: pets.lastSeenLat, lastSeenLng: pets.lastSeenLng })
    .from(pets)
    .where(isAccessiblePet(petId, userId));
  return pet;
}

// Every column but the photo's bytes, which only the photo route sends.
const { photo: _photo, ...listedColumns } = getTableColumns(sightings);

export type ListedSighting = Omit<SightingRow, 'photo'>;

/**
 * The sightings of a pet `userId` may see that nobody hid, in its current absence (an earlier one's
 * would put places it has long left on the search's map), newest first (by when seen); without the
 * photos' bytes.
 */
export function listSightings(db: Db, petId: string, userId: string): Promise<ListedSighting[]> {
  return db
    .select(listedColumns)
    .from(sightings)
    .where(
      and(
        eq(sightings.petId, petId),
        isNull(sightings.hiddenAt),
        inCurrentAbsence(sightings.createdAt, petId),
        onAccessiblePet(sightings.petId, userId),
      ),
    )
    .orderBy(desc(sightings.seenAt), desc(sightings.createdAt), desc(sightings.id));
}

/** Hides a sighting of a pet `userId` may see; false when there is no such sighting for them. */
export async function hideSighting(db: Db, petId: string, sightingId: string, userId: string) {
  const rows = await db
    .update(sightings)
    .set({ hiddenAt: sql`coalesce(${sightings.hiddenAt}, now())` })
    .where(and(eq(sightings.id, sightingId), eq(sightings.petId, petId), onAccessiblePet(sightings.petId, userId)))
    .returning({ id: sightings.id });
  return rows.length > 0;
}

/** A sighting's photo, when it is not hidden and `userId` may see the pet. */
export async function findSightingPhoto(db: Db, petId: string, sightingId: string, userId: string) {
  const [row] = await db
    .select({ photo: sightings.photo, photoHash: sightings.photoHash })
    .from(sightings)
    .where(
      and(
        eq(sightings.id, sightingId),
        eq(sightings.petId, petId),
        isNull(sightings.hiddenAt),
        onAccessiblePet(sightings.petId, userId),
      ),
    );
  return row?.photo && row.photoHash ? { data: row.photo, hash: row.photoHash } : undefined;
}
