import { and, asc, desc, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { FOUND_REPORT_DAYS } from '../../../shared/contracts/found-report-schema';
import {
  conversationLinks,
  FOUND_REPORT_OPEN,
  type FoundReportRow,
  finderReports,
  foundReportClaims,
  foundReportPhotos,
  foundReports,
  pets,
} from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { distanceKm, type Point, withinKm } from '../../lib/geo';
import { petOfFoundSpecies } from '../pets/found-species';
import { isAccessiblePet, onAccessiblePet } from '../pets/pet-access';

export type { FoundReportRow };

/** The board lists at most this many reports: the newest. */
export const FOUND_BOARD_LIMIT = 50;

// Searched and measured by the grid cell, never the exact point (see server/lib/geo.ts).
const CELL = { lat: foundReports.cellLat, lng: foundReports.cellLng };

/** A photo as stored: the re-encoded JPEG in three widths. */
export interface FoundPhotoBytes {
  hash: string;
  data: Buffer;
  medium: Buffer;
  thumbnail: Buffer;
}

/** A report with the hashes of its photos, first one first. */
export type FoundReportWithPhotos = FoundReportRow & { photoHashes: string[] };

const photoHashesOf = sql<
  string[]
>`coalesce((select array_agg(${foundReportPhotos.hash} order by ${foundReportPhotos.position}) from ${foundReportPhotos} where ${foundReportPhotos.foundReportId} = ${foundReports.id}), '{}')`;

/** Stores a report and its photos together. */
export async function insertFoundReport(
  tx: Executor,
  values: typeof foundReports.$inferInsert,
  photos: FoundPhotoBytes[],
): Promise<FoundReportRow> {
  const [row] = await tx.insert(foundReports).values(values).returning();
  await tx
    .insert(foundReportPhotos)
    .values(photos.map((photo, position) => ({ ...photo, foundReportId: row.id, position })));
  return row;
}

export async function findFoundReport(db: Executor, id: string): Promise<FoundReportWithPhotos | undefined> {
  const [row] = await db
    .select({ report: foundReports, photoHashes: photoHashesOf })
    .from(foundReports)
    .where(eq(foundReports.id, id));
  return row && { ...row.report, photoHashes: row.photoHashes };
}

/** The report a management link opens (the one shown to the finder, or the one e-mailed), and which of the two it was. */
export async function findFoundReportByToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ report: foundReports, photoHashes: photoHashesOf })
    .from(foundReports)
    .where(or(eq(foundReports.manageTokenHash, tokenHash), eq(foundReports.mailedTokenHash, tokenHash)));
  if (!row) return undefined;
  return { report: { ...row.report, photoHashes: row.photoHashes }, mailed: row.report.mailedTokenHash === tokenHash };
}

export async function findFoundPhoto(db: Db, id: string, position: number) {
  const [photo] = await db
    .select()
    .from(foundReportPhotos)
    .where(and(eq(foundReportPhotos.foundReportId, id), eq(foundReportPhotos.position, position)));
  return photo;
}

/**
 * Open reports whose cell is within `km` of `point`, newest first. The conditions repeat the board
 * index's own (status open, a cell), so the planner can use it; the 30 days are checked on the rows.
 */
export function findFoundReportsNear(db: Db, point: Point, km: number) {
  return db
    .select({ report: foundReports, photoHashes: photoHashesOf, distanceKm: distanceKm(CELL, point) })
    .from(foundReports)
    .where(
      and(
        sql`${foundReports.status} = 'open' and ${foundReports.cellLat} is not null`,
        sql`${foundReports.expiresAt} > now()`,
        withinKm(CELL, point, km),
      ),
    )
    .orderBy(desc(foundReports.foundAt), desc(foundReports.createdAt), asc(foundReports.id))
    .limit(FOUND_BOARD_LIMIT);
}

/** Another 30 days from now, for a report not closed by its finder (an expired one opens again). */
export async function renewFoundReport(db: Db, id: string) {
  const [row] = await db
    .update(foundReports)
    .set({
      status: 'open',
      closedAt: null,
      expiresAt: sql`now() + make_interval(days => ${FOUND_REPORT_DAYS})`,
    })
    .where(and(eq(foundReports.id, id), inArray(foundReports.status, ['open', 'expired'])))
    .returning();
  return row;
}

/** Puts report `id` at `point` (its grid cell follows); the caller holds the report locked and open. */
export async function setFoundPoint(tx: Executor, id: string, point: Point) {
  await tx.update(foundReports).set({ lat: point.lat, lng: point.lng }).where(eq(foundReports.id, id));
}

/** Closes a report as reunited or taken to a shelter (from open, or from expired: the finder says why). */
export async function closeFoundReport(
  db: Executor,
  id: string,
  status: 'reunited' | 'shelter',
  shelterName?: string | null,
) {
  // Taken to a shelter: the pet is there now (with its name when the finder gives it), no longer with them.
  const where = status === 'shelter' ? { whereNow: 'shelter', shelterName: shelterName || null } : {};
  const [row] = await db
    .update(foundReports)
    .set({ status, closedAt: sql`now()`, ...where })
    .where(and(eq(foundReports.id, id), inArray(foundReports.status, ['open', 'expired'])))
    .returning();
  return row;
}

/** The report, locked until the transaction ends, with whether it is open now. */
export async function lockFoundReport(tx: Executor, id: string) {
  const [row] = await tx
    .select({ report: foundReports, open: sql<boolean>`${FOUND_REPORT_OPEN}` })
    .from(foundReports)
    .where(eq(foundReports.id, id))
    .for('update');
  return row;
}

/** A pet `userId` may act for (creator or Safety Circle), as a claim needs it; undefined otherwise. */
export async function findClaimablePet(tx: Executor, petId: string, userId: string) {
  const [pet] = await tx
    .select({
      id: pets.id,
      name: pets.name,
      species: pets.species,
      isMissing: pets.isMissing,
      userId: pets.userId,
      lastSeenDate: pets.lastSeenDate,
      lastSeenLat: pets.lastSeenLat,
      lastSeenLng: pets.lastSeenLng,
    })
    .from(pets)
    .where(isAccessiblePet(petId, userId));
  return pet;
}

/**
 * How far report `id` was found from the pet's last-seen point, in km, measured from its grid cell
 * as anyone else sees it: a claim refused as too far says it, and even a bare yes or no against
 * the exact point, asked again with the pet's pin moved, found the finder to a metre (a tester
 * did). Null when either has no point.
 */
export async function kmFromLastSeen(
  tx: Executor,
  id: string,
  pet: { lastSeenLat: number | null; lastSeenLng: number | null },
): Promise<number | null> {
  if (pet.lastSeenLat === null || pet.lastSeenLng === null) return null;
  const [row] = await tx
    .select({
      km: distanceKm(CELL, { lat: pet.lastSeenLat, lng: pet.lastSeenLng }),
    })
    .from(foundReports)
    .where(
      and(eq(foundReports.id, id), sql`${foundReports.cellLat} is not null and ${foundReports.cellLng} is not null`),
    );
  return row ? row.km : null;
}

const PET_POINT = { lat: pets.lastSeenLat, lng: pets.lastSeenLng };

/**
 * The missing pets `userId` may claim a found pet for: of its species and, when both have a
 * place, last seen within `km` of where it was found (its grid cell, `cell`), the nearest first;
 * those without a pin after them, by name.
 */
export function listMissingPetsOf(
  db: Db,
  userId: string,
  { reportId, species, cell, km }: { reportId: string; species: string; cell: Point | null; km: number },
) {
  const placed = sql`${pets.lastSeenLat} is not null and ${pets.lastSeenLng} is not null`;
  return db
    .select({ id: pets.id, name: pets.name })
    .from(pets)
    .where(
      and(
        onAccessiblePet(pets.id, userId),
        eq(pets.isMissing, true),
        petOfFoundSpecies(species),
        cell ? or(sql`not (${placed})`, withinKm(PET_POINT, cell, km)) : undefined,
        // A pet claimed for it already is shown as claimed, or as not the pet when the finder said
        // so: offered again, it would only repeat that claim or its refusal.
        notExists(
          db
            .select({ one: sql`1` })
            .from(foundReportClaims)
            .where(and(eq(foundReportClaims.foundReportId, reportId), eq(foundReportClaims.petId, pets.id))),
        ),
      ),
    )
    .orderBy(
      ...(cell ? [sql`case when ${placed} then ${distanceKm(PET_POINT, cell)} end nulls last`] : []),
      asc(pets.name),
    );
}

/**
 * The claims of report `id` for the pets `userId` may act for (creator or Safety Circle), by name:
 * those standing and those the finder rejected; and whether any other owner's stands beside them.
 */
export async function findClaimState(db: Db, id: string, userId: string | undefined) {
  const claims = await db
    .select({ petId: foundReportClaims.petId, rejected: sql<boolean>`${foundReportClaims.rejectedAt} is not null` })
    .from(foundReportClaims)
    .where(eq(foundReportClaims.foundReportId, id));
  const theirs =
    userId && claims.length > 0
      ? await db
          .select({ id: pets.id, name: pets.name })
          .from(pets)
          .where(
            and(
              onAccessiblePet(pets.id, userId),
              inArray(
                pets.id,
                claims.map((claim) => claim.petId),
              ),
            ),
          )
          .orderBy(asc(pets.name))
      : [];
  const rejected = new Set(claims.filter((claim) => claim.rejected).map((claim) => claim.petId));
  const yours = theirs.filter((pet) => !rejected.has(pet.id));
  const standing = claims.length - rejected.size;
  return { yours, refused: theirs.filter((pet) => rejected.has(pet.id)), byOthers: standing > yours.length };
}

/** The claim of report `id` for pet `petId`, if any. */
export async function findClaimOfPet(tx: Executor, id: string, petId: string) {
  const [claim] = await tx
    .select()
    .from(foundReportClaims)
    .where(and(eq(foundReportClaims.foundReportId, id), eq(foundReportClaims.petId, petId)));
  return claim;
}

export async function recordClaim(tx: Executor, id: string, petId: string, finderReportId: string) {
  await tx.insert(foundReportClaims).values({ foundReportId: id, petId, finderReportId });
}

/**
 * The claims of report `id`, oldest first, with their pet's name and whether its owners sent the
 * finder their thank-you, for the finder's page.
 */
export function listClaims(db: Executor, id: string) {
  return db
    .select({
      id: foundReportClaims.id,
      petId: pets.id,
      petName: pets.name,
      finderReportId: foundReportClaims.finderReportId,
      rejectedAt: foundReportClaims.rejectedAt,
      createdAt: foundReportClaims.createdAt,
      thanked: sql<boolean>`${finderReports.thankedAt} is not null`,
    })
    .from(foundReportClaims)
    .innerJoin(pets, eq(pets.id, foundReportClaims.petId))
    .leftJoin(finderReports, eq(finderReports.id, foundReportClaims.finderReportId))
    .where(eq(foundReportClaims.foundReportId, id))
    .orderBy(asc(foundReportClaims.createdAt), asc(foundReportClaims.id));
}

/**
 * The finder says claim `claimId` of report `id` is not the pet they found: the claim ends, the
 * finder report it filed keeps no contact and is closed (the owners can no longer write in it), and
 * the finder's links to that conversation stop opening. Answers whether a claim was rejected.
 */
export async function rejectClaim(tx: Executor, id: string, claimId: string) {
  const [claim] = await tx
    .update(foundReportClaims)
    .set({ rejectedAt: sql`now()` })
    .where(
      and(
        eq(foundReportClaims.id, claimId),
        eq(foundReportClaims.foundReportId, id),
        isNull(foundReportClaims.rejectedAt),
      ),
    )
    .returning();
  if (!claim) return false;
  if (claim.finderReportId) {
    await tx
      .update(finderReports)
      .set({ finderContact: null, closedByFinderAt: sql`now()` })
      .where(eq(finderReports.id, claim.finderReportId));
    await tx.delete(conversationLinks).where(eq(conversationLinks.reportId, claim.finderReportId));
  }
  return true;
}

/**
 * The pet came home: the found report claimed for it is reunited, when that is surely the one. Only
 * when the pet is indeed no longer missing (the caller may have changed something else), when it is
 * the pet's one standing claim on a report still listed (an owner who claimed two found dogs got
 * one of them back, and which is not known), and when no other missing pet's claim on it stands
 * (that owner's claim may be the right one). Otherwise the reports stay listed, for their finders to close.
 */
export async function reuniteReportsClaimedFor(db: Executor, petId: string) {
  const listed = inArray(foundReports.status, ['open', 'expired']);
  const theOneClaimed = db
    .select({ id: sql`(array_agg(${foundReportClaims.foundReportId}))[1]` })
    .from(foundReportClaims)
    .innerJoin(foundReports, eq(foundReports.id, foundReportClaims.foundReportId))
    .where(and(eq(foundReportClaims.petId, petId), isNull(foundReportClaims.rejectedAt), listed))
    .having(sql`count(*) = 1`);
  const rows = await db
    .update(foundReports)
    .set({ status: 'reunited', closedAt: sql`now()` })
    .where(
      and(
        listed,
        sql`${foundReports.id} = (${theOneClaimed})`,
        sql`not exists (select 1 from ${foundReportClaims} other where other.found_report_id = ${foundReports.id} and other.pet_id <> ${petId} and other.rejected_at is null and exists (select 1 from ${pets} claimer where claimer.id = other.pet_id and claimer.is_missing))`,
        sql`exists (select 1 from ${pets} where ${pets.id} = ${petId} and not ${pets.isMissing})`,
      ),
    )
    .returning({ id: foundReports.id });
  return rows.length;
}
