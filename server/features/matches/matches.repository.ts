import { and, asc, desc, eq, gt, inArray, isNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { MatchReasons } from '../../../shared/contracts/matches';
import {
  FOUND_REPORT_OPEN,
  foundReportClaims,
  foundReportPhotos,
  foundReports,
  matchEmailLinks,
  matchEmailStops,
  petMatches,
  petPhotos,
  pets,
} from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { type Point, withinKm } from '../../lib/geo';
import { inCurrentAbsence } from '../pets/absence';
import { petOfFoundSpecies } from '../pets/found-species';
import { isAccessiblePet, onAccessiblePet } from '../pets/pet-access';

// Matching's reads and writes: missing pets near a found one (by the exact point, through
// pets_missing_point_idx), open found reports near a missing pet (found_reports_point_idx), and
// the pairs already scored (pet_matches).

const PET_POINT = { lat: pets.lastSeenLat, lng: pets.lastSeenLng };
const FOUND_POINT = { lat: foundReports.lat, lng: foundReports.lng };

/** The index's own predicate, so that the planner uses pets_missing_point_idx. */
const MISSING_WITH_POINT = sql`is_missing and last_seen_lat is not null`;
const OPEN_WITH_POINT = sql`${FOUND_REPORT_OPEN} and lat is not null`;

const missingPetColumns = {
  id: pets.id,
  name: pets.name,
  species: pets.species,
  color: pets.color,
  weight: pets.weight,
  sex: pets.sex,
  breed: pets.breed,
  lastSeenLat: pets.lastSeenLat,
  lastSeenLng: pets.lastSeenLng,
  lastSeenDate: pets.lastSeenDate,
  missingSince: pets.missingSince,
  photoHash: pets.photoHash,
};

/**
 * A pair not to score again: any but one that lapsed (the pet came home before its owners decided),
 * which the pet, missing again, meets anew under the new absence's rules.
 */
const scoredPair = (petId: SQL | string, foundReportId: SQL | string) =>
  sql`exists (select 1 from ${petMatches} where ${petMatches.petId} = ${petId} and ${petMatches.foundReportId} = ${foundReportId} and ${petMatches.status} <> 'lapsed')`;

/**
 * Missing pets of `species` last seen within `km` of `point`, not yet paired with the found report
 * `foundReportId` (a pair is scored once: a dismissed match never comes back). Answers the query
 * itself, so that the evaluation can examine its plan.
 */
export function findMissingPetsNear(db: Executor, point: Point, species: string, km: number, foundReportId?: string) {
  return db
    .select(missingPetColumns)
    .from(pets)
    .where(
      and(
        MISSING_WITH_POINT,
        withinKm(PET_POINT, point, km),
        petOfFoundSpecies(species),
        foundReportId ? not(scoredPair(sql`${pets.id}`, foundReportId)) : undefined,
      ),
    );
}

export type MissingPetRow = Awaited<ReturnType<typeof findMissingPetsNear>>[number];

/** The pet `petId` when it is missing with a last-seen point (else undefined). */
export async function findMatchablePet(db: Executor, petId: string): Promise<MissingPetRow | undefined> {
  const [pet] = await db
    .select(missingPetColumns)
    .from(pets)
    .where(and(eq(pets.id, petId), MISSING_WITH_POINT));
  return pet;
}

const foundReportColumns = {
  id: foundReports.id,
  species: foundReports.species,
  colors: foundReports.colors,
  size: foundReports.size,
  sex: foundReports.sex,
  marks: foundReports.marks,
  lat: foundReports.lat,
  lng: foundReports.lng,
  cellLat: foundReports.cellLat,
  cellLng: foundReports.cellLng,
  foundAt: foundReports.foundAt,
};

/** The found report `id` while it is open and has a point (else undefined). */
export async function findMatchableFoundReport(db: Executor, id: string) {
  const [report] = await db
    .select(foundReportColumns)
    .from(foundReports)
    .where(and(eq(foundReports.id, id), OPEN_WITH_POINT));
  return report;
}

export type FoundReportRow = NonNullable<Awaited<ReturnType<typeof findMatchableFoundReport>>>;

/**
 * Open found reports of `species` found within `km` of `point` since `since`, not yet paired with
 * the pet `petId`.
 */
export function findOpenFoundReportsNear(
  db: Executor,
  point: Point,
  species: string,
  km: number,
  since: Date,
  petId: string,
) {
  return db
    .select(foundReportColumns)
    .from(foundReports)
    .where(
      and(
        OPEN_WITH_POINT,
        withinKm(FOUND_POINT, point, km),
        eq(foundReports.species, species),
        sql`${foundReports.foundAt} >= ${since.toISOString()}`,
        not(scoredPair(petId, sql`${foundReports.id}`)),
      ),
    );
}

/** The smaller copy of each photo of the found reports `ids` (for their colours). */
export async function findFoundReportPhotos(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ foundReportId: foundReportPhotos.foundReportId, data: foundReportPhotos.medium })
    .from(foundReportPhotos)
    .where(inArray(foundReportPhotos.foundReportId, ids))
    .orderBy(asc(foundReportPhotos.position));
}

/** The smaller copy of the photos of the pets `ids` that have one, by the photo's hash. */
export async function findPetPhotos(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ petId: petPhotos.petId, hash: petPhotos.hash, medium: petPhotos.medium, full: petPhotos.data })
    .from(petPhotos)
    .where(inArray(petPhotos.petId, ids));
}

export interface NewMatch {
  petId: string;
  foundReportId: string;
  score: number;
  reasons: MatchReasons;
  alerted: boolean;
}

/**
 * Stores the pairs not stored yet, and proposes anew those that had lapsed (as new, in this
 * absence); answers those it stored. A pair its owners decided is left as it is.
 */
export async function insertMatches(db: Executor, matches: NewMatch[]) {
  if (matches.length === 0) return [];
  return db
    .insert(petMatches)
    .values(matches)
    .onConflictDoUpdate({
      target: [petMatches.petId, petMatches.foundReportId],
      set: {
        score: sql`excluded.score`,
        reasons: sql`excluded.reason_facts`,
        reasonWords: null,
        alerted: sql`excluded.alerted`,
        emailedAt: null,
        status: 'proposed',
        decidedAt: null,
        createdAt: sql`now()`,
      },
      setWhere: eq(petMatches.status, 'lapsed'),
    })
    .returning({ petId: petMatches.petId, foundReportId: petMatches.foundReportId });
}

/** What an alert about one match needs: the pet's name and the match's reasons. */
export async function findMatchToAlert(db: Executor, petId: string, foundReportId: string) {
  const [match] = await db
    .select({
      petId: pets.id,
      name: pets.name,
      reasons: petMatches.reasons,
      reasonWords: petMatches.reasonWords,
      status: petMatches.status,
      photoHash: foundReportPhotos.hash,
    })
    .from(petMatches)
    .innerJoin(pets, eq(pets.id, petMatches.petId))
    .leftJoin(
      foundReportPhotos,
      and(eq(foundReportPhotos.foundReportId, petMatches.foundReportId), eq(foundReportPhotos.position, 0)),
    )
    .where(and(eq(petMatches.petId, petId), eq(petMatches.foundReportId, foundReportId)));
  return match;
}

/**
 * The matches of the pet `petId` its owners are shown, when `userId` may see it (undefined when
 * not), best first, with the found report's public columns: while it is missing, the proposed and
 * confirmed ones (a confirmed one already reunited was an earlier absence's); once it is safe, the
 * confirmed ones alone (how it was found), the others being no longer a question.
 */
export async function listMatchesOfPet(db: Executor, petId: string, userId: string) {
  const [pet] = await db
    .select({ name: pets.name, isMissing: pets.isMissing })
    .from(pets)
    .where(and(eq(pets.id, petId), onAccessiblePet(pets.id, userId)));
  if (!pet) return undefined;
  // While missing, this absence's matches only: an earlier one's found pets were not this one's.
  const shown = pet.isMissing
    ? and(
        inCurrentAbsence(petMatches.createdAt, petId),
        or(
          // A found pet no longer listed (closed, expired: FOUND_REPORT_OPEN, its columns named here,
          // as the join has a status of its own) is no longer a question.
          and(
            eq(petMatches.status, 'proposed'),
            eq(foundReports.status, 'open'),
            gt(foundReports.expiresAt, sql`now()`),
          ),
          and(eq(petMatches.status, 'confirmed'), ne(foundReports.status, 'reunited')),
        ),
      )
    : // Home safe: the one that brought it home, not one the finder said was another pet.
      and(eq(petMatches.status, 'confirmed'), isNull(foundReportClaims.rejectedAt));
  const rows = await db
    .select({
      score: petMatches.score,
      reasons: petMatches.reasons,
      reasonWords: petMatches.reasonWords,
      status: petMatches.status,
      finderSaysNot: sql<boolean>`${foundReportClaims.rejectedAt} is not null`,
      finderReportId: foundReportClaims.finderReportId,
      report: foundReports,
    })
    .from(petMatches)
    .innerJoin(foundReports, eq(foundReports.id, petMatches.foundReportId))
    .leftJoin(
      foundReportClaims,
      and(eq(foundReportClaims.foundReportId, petMatches.foundReportId), eq(foundReportClaims.petId, petId)),
    )
    .where(and(eq(petMatches.petId, petId), shown))
    .orderBy(desc(petMatches.score), asc(foundReports.id));
  const photos = await db
    .select({
      foundReportId: foundReportPhotos.foundReportId,
      position: foundReportPhotos.position,
      hash: foundReportPhotos.hash,
    })
    .from(foundReportPhotos)
    .where(
      inArray(
        foundReportPhotos.foundReportId,
        rows.map((r) => r.report.id),
      ),
    )
    .orderBy(asc(foundReportPhotos.position));
  return rows.map((row) => ({
    ...row,
    petName: pet.name,
    photos: photos.filter((p) => p.foundReportId === row.report.id),
  }));
}

/**
 * The pet came home: the matches its owners never decided are no longer a question. They lapse:
 * should the pet go missing again, a found pet is proposed anew only when it passes the new
 * absence's rules (found after it began: its last-seen day, else the day it was reported missing),
 * so a found pet of the earlier absence is not, and one found today is. The dismissed and the
 * confirmed stay, the owners' own choices. Only when the pet is indeed no longer missing (the
 * caller may have changed something else).
 */
export async function lapseUndecidedMatches(db: Executor, petId: string) {
  const rows = await db
    .update(petMatches)
    .set({ status: 'lapsed', decidedAt: sql`now()` })
    .where(
      and(
        eq(petMatches.petId, petId),
        eq(petMatches.status, 'proposed'),
        sql`exists (select 1 from ${pets} where ${pets.id} = ${petId} and not ${pets.isMissing})`,
      ),
    )
    .returning({ foundReportId: petMatches.foundReportId });
  return rows.length;
}

export type MatchOfPetRow = NonNullable<Awaited<ReturnType<typeof listMatchesOfPet>>>[number];

/**
 * Sets the match's status when `userId` may see the pet and the match is one the owners were shown
 * (proposed, or already so decided); answers whether it did.
 */
export async function decideMatch(
  db: Executor,
  {
    petId,
    foundReportId,
    userId,
    status,
  }: { petId: string; foundReportId: string; userId: string; status: 'dismissed' | 'confirmed' },
) {
  const updated = await db
    .update(petMatches)
    .set({ status, decidedAt: sql`now()` })
    .where(
      and(
        eq(petMatches.petId, petId),
        eq(petMatches.foundReportId, foundReportId),
        inArray(petMatches.status, ['proposed', status]),
        onAccessiblePet(petMatches.petId, userId),
      ),
    )
    .returning({ petId: petMatches.petId });
  return updated.length > 0;
}

/** A proposed match of the pet with the found report is confirmed: its owner claimed it (whose right was checked). */
export async function confirmClaimedMatch(db: Executor, petId: string, foundReportId: string) {
  await db
    .update(petMatches)
    .set({ status: 'confirmed', decidedAt: sql`now()` })
    .where(
      and(eq(petMatches.petId, petId), eq(petMatches.foundReportId, foundReportId), eq(petMatches.status, 'proposed')),
    );
}

/** Whether the match exists for a pet `userId` may see (whatever its status). */
export async function findMatchStatus(db: Executor, petId: string, foundReportId: string, userId: string) {
  const [match] = await db
    .select({ status: petMatches.status })
    .from(petMatches)
    .where(
      and(
        eq(petMatches.petId, petId),
        eq(petMatches.foundReportId, foundReportId),
        onAccessiblePet(petMatches.petId, userId),
      ),
    );
  return match?.status;
}

/**
 * How many of the pet's other matches its owners were alerted of in the last day. Answers a number
 * for the cap on alerts; the match `foundReportId` itself is not counted.
 */
export async function countAlertedToday(db: Executor, petId: string, foundReportId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(petMatches)
    .where(
      and(
        eq(petMatches.petId, petId),
        sql`${petMatches.foundReportId} <> ${foundReportId}`,
        eq(petMatches.alerted, true),
        sql`${petMatches.createdAt} > now() - interval '1 day'`,
      ),
    );
  return row?.count ?? 0;
}

/** The match stays on the profile, but its owners were not alerted (the day's cap was reached). */
/**
 * Marks the match's alert e-mailed, in the transaction that queues its e-mails: false when it
 * already was (an earlier run of its job got that far), so they are not queued again.
 */
export async function markEmailed(tx: Executor, petId: string, foundReportId: string) {
  const rows = await tx
    .update(petMatches)
    .set({ emailedAt: sql`now()` })
    .where(and(eq(petMatches.petId, petId), eq(petMatches.foundReportId, foundReportId), isNull(petMatches.emailedAt)))
    .returning({ petId: petMatches.petId });
  return rows.length > 0;
}

export async function markNotAlerted(db: Executor, petId: string, foundReportId: string) {
  await db
    .update(petMatches)
    .set({ alerted: false })
    .where(and(eq(petMatches.petId, petId), eq(petMatches.foundReportId, foundReportId)));
}

/** The owners of the pet `petId` who stopped e-mails about its possible matches. */
export async function findEmailStops(db: Executor, petId: string) {
  const rows = await db
    .select({ userId: matchEmailStops.userId })
    .from(matchEmailStops)
    .where(eq(matchEmailStops.petId, petId));
  return new Set(rows.map((row) => row.userId));
}

/** Keeps the hash of one e-mail's unsubscribe link, in the transaction that queues the e-mail. */
export async function insertEmailLink(tx: Executor, link: { tokenHash: string; petId: string; userId: string }) {
  await tx.insert(matchEmailLinks).values(link);
}

/**
 * The unsubscribe link `tokenHash`: the pet it is about and whether its owner has stopped the
 * e-mails; with `use`, stops them (for that pet and owner). Undefined for a link we never sent.
 */
export function stopEmailsByLink(db: Db, tokenHash: string, use: boolean) {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ petId: matchEmailLinks.petId, userId: matchEmailLinks.userId, name: pets.name })
      .from(matchEmailLinks)
      .innerJoin(pets, eq(pets.id, matchEmailLinks.petId))
      .where(eq(matchEmailLinks.tokenHash, tokenHash));
    if (!link) return undefined;
    const stops = await findEmailStops(tx, link.petId);
    const alreadyStopped = stops.has(link.userId);
    if (use && !alreadyStopped)
      await tx.insert(matchEmailStops).values({ petId: link.petId, userId: link.userId }).onConflictDoNothing();
    return { petId: link.petId, name: link.name, alreadyStopped };
  });
}

/** Whether `userId` gets e-mails about the possible matches of the pet `petId`; undefined when they may not see it. */
export async function matchEmailsOn(db: Executor, petId: string, userId: string) {
  const [pet] = await db
    .select({ stopped: matchEmailStops.userId })
    .from(pets)
    .leftJoin(matchEmailStops, and(eq(matchEmailStops.petId, pets.id), eq(matchEmailStops.userId, userId)))
    .where(isAccessiblePet(petId, userId));
  return pet ? pet.stopped === null : undefined;
}

/** Turns `userId`'s e-mails about the pet's possible matches on or off; false when they may not see the pet. */
export async function setMatchEmails(db: Executor, petId: string, userId: string, on: boolean) {
  if ((await matchEmailsOn(db, petId, userId)) === undefined) return false;
  if (on)
    await db.delete(matchEmailStops).where(and(eq(matchEmailStops.petId, petId), eq(matchEmailStops.userId, userId)));
  else await db.insert(matchEmailStops).values({ petId, userId }).onConflictDoNothing();
  return true;
}
