import { and, desc, eq, getTableColumns, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { finderReports, type Pet, petPhotos, pets, sightings } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { isAccessiblePet, isCreatedPet, onAccessiblePet, wasMemberOf } from './pet-access';

export type PetRow = Pet & { newReports: number };
export type PetColumns = Partial<Omit<typeof pets.$inferInsert, 'id' | 'userId' | 'createdAt' | 'reportsSeenAt'>>;
export interface PhotoRow {
  contentType: string;
  hash: string;
  data: Buffer;
  /** Null for a photo stored before each copy was made. */
  medium: Buffer | null;
  thumbnail: Buffer | null;
}
/** undefined leaves the stored photo alone, null deletes it, a row replaces it. */
export type PhotoWrite = PhotoRow | null | undefined;

// What the owners have not seen yet: finder reports and sightings (not hidden as spam) since they
// last opened the profile. Counted by two subqueries on their (pet_id, created_at) indexes in the
// same query as the pets, so a list costs one round trip however many pets there are.
const unseen = (table: typeof finderReports | typeof sightings, ...where: SQL[]) =>
  sql<number>`(select count(*)::int from ${table} where ${and(eq(table.petId, pets.id), gt(table.createdAt, pets.reportsSeenAt), ...where)})`;

const withNewReports = <Extra extends Record<string, SQL>>(db: Db, extra: Extra = {} as Extra) =>
  db
    .select({
      ...getTableColumns(pets),
      newReports: sql<number>`${unseen(finderReports)} + ${unseen(sightings, isNull(sightings.hiddenAt))}`.mapWith(
        Number,
      ),
      ...extra,
    })
    .from(pets)
    .$dynamic();

/** The pets `userId` may see as an owner: those they created and those shared with them. */
export function listAccessiblePets(db: Db, userId: string): Promise<PetRow[]> {
  return withNewReports(db).where(onAccessiblePet(pets.id, userId)).orderBy(desc(pets.createdAt), desc(pets.id));
}

/**
 * A stranger's read of one pet (every scan of a tag) is the hottest query: the pets service
 * prepares it once, so Drizzle builds its SQL once (about 100 µs of CPU a request when it was built
 * each time). Where the database allows `named` statements, each connection also has PostgreSQL
 * parse and plan it once. The embedded database does not (see `Database.namedStatements`): there
 * it goes out unnamed, as pg sends any query with parameters, parsed on every request. No join: the
 * public view has no use for the owner's unseen finder reports. The pet is read fresh every time
 * (the missing flag and the contact details must never be stale).
 */
export function preparePublicPetQuery(db: Db, { named }: { named: boolean }) {
  // pg keeps a statement only under a name; an empty one is its unnamed statement.
  const statement = db
    .select()
    .from(pets)
    .where(eq(pets.id, sql.placeholder('id')))
    .prepare(named ? 'public_pet' : '');
  return async (id: string): Promise<Pet | undefined> => {
    const [pet] = await statement.execute({ id });
    return pet;
  };
}

/** The pet, and whether `viewerId` (when signed in) may see it whole and edit it. */
export async function findPetViewedBy(
  db: Db,
  id: string,
  viewerId: string | undefined,
): Promise<(PetRow & { canEdit: boolean; wasMember: boolean }) | undefined> {
  const canEdit = viewerId ? sql<boolean>`${onAccessiblePet(pets.id, viewerId)}` : sql<boolean>`false`;
  const wasMember = viewerId ? sql<boolean>`${wasMemberOf(pets.id, viewerId)}` : sql<boolean>`false`;
  const [pet] = await withNewReports(db, { canEdit, wasMember }).where(eq(pets.id, id));
  return pet;
}

export async function createPet(
  db: Db,
  userId: string,
  values: PetColumns & Pick<Pet, 'name' | 'species' | 'ownerName' | 'ownerPhone'>,
  photo: PhotoWrite,
  { placed }: PetChangeHooks = {},
): Promise<PetRow> {
  return db.transaction(async (tx) => {
    const [pet] = await tx
      .insert(pets)
      .values({ ...values, userId, missingSince: values.isMissing ? sql`now()` : null })
      .returning();
    if (photo) await tx.insert(petPhotos).values({ ...photo, petId: pet.id });
    if (placed && newlyPlacedMissing(undefined, pet)) await placed(tx, pet.id);
    return { ...pet, newReports: 0 };
  });
}

// The owner's contact details: changing any of them counts as confirming them (contact_confirmed_at).
const CONTACT_COLUMNS = ['ownerName', 'ownerPhone', 'ownerEmail', 'ownerAddress'] as const;

/**
 * The contact_confirmed_at an edit leaves: now when it changes a contact detail, as it was when it
 * only repeats them (the profile's missing toggle sends the whole pet back).
 */
function confirmedByEdit(values: PetColumns): { contactConfirmedAt?: SQL } {
  const changes = CONTACT_COLUMNS.filter((column) => values[column] !== undefined).map(
    (column) => sql`${pets[column]} is distinct from ${values[column]}`,
  );
  if (changes.length === 0) return {};
  return {
    contactConfirmedAt: sql`case when ${sql.join(changes, sql` or `)} then now() else ${pets.contactConfirmedAt} end`,
  };
}

/**
 * An absence follows the missing flag: a pet going missing starts one (missing_since) and drops the
 * last reunion record; a missing pet marked safe ends it (reunited_at); a pet saved as it already
 * was keeps both (an UPDATE reads the row's values before the change).
 */
const absenceOf = (isMissing: boolean | undefined) => {
  if (isMissing === undefined) return {};
  return isMissing
    ? { reunitedAt: null, missingSince: sql`case when ${pets.isMissing} then ${pets.missingSince} else now() end` }
    : { reunitedAt: sql`case when ${pets.isMissing} then now() else ${pets.reunitedAt} end`, missingSince: null };
};

/**
 * Told, inside the transaction that makes it so, that a pet is now missing with a last-seen point
 * it did not have as a missing pet before: reported missing, or its point moved (Watch My Area).
 */
export type MissingPetPlaced = (tx: Executor, petId: string) => Promise<void>;

/** Told, inside the transaction that makes it so, that a missing pet was marked safe. */
export type PetHomeSafe = (tx: Executor, petId: string) => Promise<void>;

/** Who a pet's change tells, in its own transaction (see the two types above). */
export interface PetChangeHooks {
  placed?: MissingPetPlaced;
  homeSafe?: PetHomeSafe;
}

type MissingPlace = Pick<Pet, 'isMissing' | 'lastSeenLat' | 'lastSeenLng'>;

const isPlacedMissing = (pet: MissingPlace) => pet.isMissing && pet.lastSeenLat !== null && pet.lastSeenLng !== null;

/** Whether `after` is a missing pet with a point that `before` was not (a new pet has no before). */
const newlyPlacedMissing = (before: MissingPlace | undefined, after: MissingPlace) =>
  isPlacedMissing(after) &&
  (!before ||
    !isPlacedMissing(before) ||
    before.lastSeenLat !== after.lastSeenLat ||
    before.lastSeenLng !== after.lastSeenLng);

const MISSING_PLACE_COLUMNS = {
  isMissing: pets.isMissing,
  lastSeenLat: pets.lastSeenLat,
  lastSeenLng: pets.lastSeenLng,
};

// What a missing pet marked safe forgets: where and when it was last seen belong to the absence that
// ended. Kept, the profile's 'Report Missing' (which sends the whole pet back) would start the next
// absence at the last one's place and day: on the poster, on the lost-pets board, in the neighbours'
// alerts and in matching.
const NO_LAST_SEEN = { lastSeenLocation: null, lastSeenDate: null, lastSeenLat: null, lastSeenLng: null };

/**
 * Updates the pet and its photo together; false when `userId` may not edit such a pet. A change
 * that makes it a missing pet with a new last-seen point tells `placed`, one that marks a missing
 * pet safe clears its last-seen details and tells `homeSafe`, in the same transaction.
 */
export async function updatePet(
  db: Db,
  id: string,
  userId: string,
  values: PetColumns,
  photo: PhotoWrite,
  { placed, homeSafe }: PetChangeHooks = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const editable = isAccessiblePet(id, userId);
    const readBefore =
      values.isMissing === false ||
      (placed &&
        (values.isMissing !== undefined || values.lastSeenLat !== undefined || values.lastSeenLng !== undefined));
    const [before] = readBefore
      ? await tx.select(MISSING_PLACE_COLUMNS).from(pets).where(editable).for('update')
      : [undefined];
    const markedSafe = before?.isMissing === true && values.isMissing === false;
    const changes = markedSafe ? { ...values, ...NO_LAST_SEEN } : values;
    const [pet] =
      Object.keys(changes).length > 0
        ? await tx
            .update(pets)
            .set({ ...changes, ...confirmedByEdit(changes), ...absenceOf(changes.isMissing) })
            .where(editable)
            .returning({ id: pets.id, ...MISSING_PLACE_COLUMNS })
        : await tx
            .select({ id: pets.id, ...MISSING_PLACE_COLUMNS })
            .from(pets)
            .where(editable)
            .for('update');
    if (!pet) return false;
    if (placed && before && newlyPlacedMissing(before, pet)) await placed(tx, id);
    if (homeSafe && markedSafe) await homeSafe(tx, id);
    if (photo === null) await tx.delete(petPhotos).where(eq(petPhotos.petId, id));
    if (photo)
      await tx
        .insert(petPhotos)
        .values({ ...photo, petId: id })
        .onConflictDoUpdate({ target: petPhotos.petId, set: photo });
    return true;
  });
}

/** False when `userId` did not create such a pet. */
export async function deletePet(db: Db, id: string, userId: string): Promise<boolean> {
  const deleted = await db.delete(pets).where(isCreatedPet(id, userId)).returning({ id: pets.id });
  return deleted.length > 0;
}

export async function findPhoto(db: Db, petId: string): Promise<PhotoRow | undefined> {
  const [photo] = await db
    .select({
      contentType: petPhotos.contentType,
      hash: petPhotos.hash,
      data: petPhotos.data,
      medium: petPhotos.medium,
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
  bytes: Pick<PhotoRow, 'contentType' | 'data' | 'medium' | 'thumbnail'>,
) {
  await db.update(petPhotos).set(bytes).where(eq(petPhotos.petId, petId));
}
