import { and, count, desc, eq, getTableColumns, gt } from 'drizzle-orm';
import { gpsPings, type Pet, petPhotos, pets } from '../../../shared/schema';
import type { Db } from '../../db/connection';

export type PetRow = Pet & { newReports: number };
export type PetColumns = Partial<Omit<typeof pets.$inferInsert, 'id' | 'userId' | 'createdAt' | 'reportsSeenAt'>>;
export interface PhotoRow {
  contentType: string;
  hash: string;
  data: Buffer;
  /** Null for a photo stored before thumbnails were made. */
  thumbnail: Buffer | null;
}
/** undefined leaves the stored photo alone, null deletes it, a row replaces it. */
export type PhotoWrite = PhotoRow | null | undefined;

// Unseen finder reports are counted in the same query as the pets (a join on gps_pings_pet_id_idx),
// so a list costs one round trip however many pets there are.
const withNewReports = (db: Db) =>
  db
    .select({ ...getTableColumns(pets), newReports: count(gpsPings.id) })
    .from(pets)
    .leftJoin(gpsPings, and(eq(gpsPings.petId, pets.id), gt(gpsPings.createdAt, pets.reportsSeenAt)))
    .groupBy(pets.id)
    .$dynamic();

export function listPetsOf(db: Db, userId: string): Promise<PetRow[]> {
  return withNewReports(db).where(eq(pets.userId, userId)).orderBy(desc(pets.createdAt), desc(pets.id));
}

export async function findPet(db: Db, id: string): Promise<PetRow | undefined> {
  const [pet] = await withNewReports(db).where(eq(pets.id, id));
  return pet;
}

export async function createPet(
  db: Db,
  userId: string,
  values: PetColumns & Pick<Pet, 'name' | 'species' | 'ownerName' | 'ownerPhone'>,
  photo: PhotoWrite,
): Promise<PetRow> {
  return db.transaction(async (tx) => {
    const [pet] = await tx
      .insert(pets)
      .values({ ...values, userId })
      .returning();
    if (photo) await tx.insert(petPhotos).values({ ...photo, petId: pet.id });
    return { ...pet, newReports: 0 };
  });
}

/** Updates the owner's pet and its photo together; false when they own no such pet. */
export async function updateOwnedPet(
  db: Db,
  id: string,
  userId: string,
  values: PetColumns,
  photo: PhotoWrite,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owned = and(eq(pets.id, id), eq(pets.userId, userId));
    const [pet] =
      Object.keys(values).length > 0
        ? await tx.update(pets).set(values).where(owned).returning({ id: pets.id })
        : await tx.select({ id: pets.id }).from(pets).where(owned).for('update');
    if (!pet) return false;
    if (photo === null) await tx.delete(petPhotos).where(eq(petPhotos.petId, id));
    if (photo)
      await tx
        .insert(petPhotos)
        .values({ ...photo, petId: id })
        .onConflictDoUpdate({ target: petPhotos.petId, set: photo });
    return true;
  });
}

export async function deleteOwnedPet(db: Db, id: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(pets)
    .where(and(eq(pets.id, id), eq(pets.userId, userId)))
    .returning({ id: pets.id });
  return deleted.length > 0;
}

export async function findPhoto(db: Db, petId: string): Promise<PhotoRow | undefined> {
  const [photo] = await db
    .select({
      contentType: petPhotos.contentType,
      hash: petPhotos.hash,
      data: petPhotos.data,
      thumbnail: petPhotos.thumbnail,
    })
    .from(petPhotos)
    .where(eq(petPhotos.petId, petId));
  return photo;
}

/** Replaces a stored photo's bytes, keeping its hash (and so its links). */
export async function replacePhotoBytes(
  db: Db,
  petId: string,
  bytes: Pick<PhotoRow, 'contentType' | 'data' | 'thumbnail'>,
) {
  await db.update(petPhotos).set(bytes).where(eq(petPhotos.petId, petId));
}
