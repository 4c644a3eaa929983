import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { conversationLinks, type FinderReportRow, finderReports, pets } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { claimedFoundPetColumns } from '../conversations/claimed-found-pet';
import { isAccessiblePet, listPetOwners, onAccessiblePet } from '../pets/pet-access';

export type { FinderReportRow };
export type PetAndOwners = NonNullable<Awaited<ReturnType<typeof findPetAndOwners>>>;

/**
 * The pet a finder reports on, with where each of its owners is reached (its creator first, then
 * the members of its Safety Circle); undefined when there is no such pet.
 */
export async function findPetAndOwners(db: Db, petId: string) {
  const [pet] = await db
    .select({ id: pets.id, name: pets.name, userId: pets.userId })
    .from(pets)
    .where(eq(pets.id, petId));
  if (!pet) return undefined;
  return { ...pet, owners: await listPetOwners(db, petId) };
}

/**
 * Holds back every other report to this owner's pets until the transaction ends, so that two
 * finders reporting at the same moment cannot both take the last place under the limits.
 */
export async function lockReportsToOwner(tx: Executor, ownerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`finder-reports:${ownerId}`}, 0))`);
}

/**
 * Whole seconds until fewer than `limit` reports on the pet (or to the owner) fall within the last
 * `windowMs`; 0 when there are fewer already. Counting the stored reports makes the window slide:
 * no hour, however it is cut, holds more than `limit` of them.
 */
export async function secondsUntilUnderLimit(
  tx: Executor,
  of: { petId: string } | { ownerId: string },
  { limit, windowMs }: { limit: number; windowMs: number },
) {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const [limitth] = await tx
    .select({
      wait: sql<number>`greatest(1, ceil(extract(epoch from ${finderReports.createdAt} + ${window} - now())))::int`,
    })
    .from(finderReports)
    .where(
      and(
        'petId' in of ? eq(finderReports.petId, of.petId) : eq(finderReports.userId, of.ownerId),
        sql`${finderReports.createdAt} > now() - ${window}`,
      ),
    )
    .orderBy(desc(finderReports.createdAt))
    .offset(limit - 1)
    .limit(1);
  return limitth?.wait ?? 0;
}

/** Stores a report and the finder's own link to its conversation (by the link's hash). */
export async function insertFinderReport(db: Executor, values: typeof finderReports.$inferInsert, linkHash: string) {
  const [row] = await db.insert(finderReports).values(values).returning();
  await db.insert(conversationLinks).values({ tokenHash: linkHash, reportId: row.id, mailedTo: null });
  return row;
}

/**
 * Stores a report filed on a finder's behalf (an owner said a found pet is theirs): the finder
 * holds no browser link to it, and opens the conversation from the links e-mailed to them.
 */
export async function insertReportWithoutLink(db: Executor, values: typeof finderReports.$inferInsert) {
  const [row] = await db.insert(finderReports).values(values).returning();
  return row;
}

/**
 * Records that the pet's owners have now seen its reports (the dashboard badge counts newer ones).
 * False when `userId` may not see the pet's reports, which the caller answers as not found.
 */
export async function markReportsSeen(db: Db, petId: string, userId: string) {
  const rows = await db
    .update(pets)
    .set({ reportsSeenAt: sql`now()` })
    .where(isAccessiblePet(petId, userId))
    .returning({ id: pets.id });
  return rows.length > 0;
}

/**
 * The reports on a pet that `userId` may see, newest first, each with the found pet an owner's claim
 * filed it for, if one did (its finder reads the conversation from their found-pet report's page).
 */
export function listFinderReports(db: Db, petId: string, userId: string) {
  return db
    .select({ ...getTableColumns(finderReports), ...claimedFoundPetColumns })
    .from(finderReports)
    .where(and(eq(finderReports.petId, petId), onAccessiblePet(finderReports.petId, userId)))
    .orderBy(desc(finderReports.createdAt), desc(finderReports.id));
}
