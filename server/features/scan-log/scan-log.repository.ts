import { and, desc, eq, gt, isNull, lte, not, or, sql } from 'drizzle-orm';
import { RECENT_SCANS_SHOWN } from '../../../shared/contracts/scan-visits';
import { pets, scanVisits } from '../../../shared/schema';
import type { Db } from '../../db/connection';
import { onAccessiblePet } from '../pets/pet-access';

export type ScanVisitRow = typeof scanVisits.$inferSelect;
export type ScanAlertPet = NonNullable<Awaited<ReturnType<typeof claimScanAlert>>>;

/** How long after a visit a finder's shared position is taken to be that visitor's. */
const SAME_VISIT = sql`interval '30 minutes'`;
/** At most one alert of scans per pet in this time. */
const ALERT_INTERVAL = sql`interval '1 hour'`;

/**
 * Records a visit to the scan page of `petId`, unless there is no such pet or the visitor
 * (`visitorId`, when signed in) is one of its owners. True when a visit was recorded.
 */
export async function insertVisit(db: Db, petId: string, visitorId: string | undefined) {
  const byStranger = visitorId ? not(onAccessiblePet(pets.id, visitorId)) : undefined;
  // One statement, so a visit is never recorded for a pet deleted in between. (Drizzle's
  // insert-select wants every column of the table selected.)
  const { rowCount } = await db.execute(
    sql`insert into ${scanVisits} (${sql.identifier(scanVisits.petId.name)})
        select ${pets.id} from ${pets} where ${and(eq(pets.id, petId), byStranger)}`,
  );
  return rowCount === 1;
}

/**
 * Gives a finder's approximate position to the latest visit of the pet in the last half hour that
 * has none (the visit that led to the report); with no such visit, it is recorded as one.
 */
export async function attachPosition(db: Db, petId: string, position: { latitude: string; longitude: string }) {
  const latest = db
    .select({ id: scanVisits.id })
    .from(scanVisits)
    .where(
      and(
        eq(scanVisits.petId, petId),
        isNull(scanVisits.latitude),
        gt(scanVisits.createdAt, sql`now() - ${SAME_VISIT}`),
      ),
    )
    .orderBy(desc(scanVisits.createdAt))
    .limit(1);
  const updated = await db
    .update(scanVisits)
    .set(position)
    .where(eq(scanVisits.id, sql`(${latest})`))
    .returning({ id: scanVisits.id });
  if (updated.length === 0) await db.insert(scanVisits).values({ petId, ...position });
}

/**
 * Claims the pet's scan alert: true for one caller at most per hour, and only while the pet is
 * missing. One UPDATE decides, so two instances seeing visits at once never both send.
 */
export async function claimScanAlert(db: Db, petId: string) {
  const [claimed] = await db
    .update(pets)
    .set({ lastScanAlertAt: sql`now()` })
    .where(
      and(
        eq(pets.id, petId),
        eq(pets.isMissing, true),
        or(isNull(pets.lastScanAlertAt), lte(pets.lastScanAlertAt, sql`now() - ${ALERT_INTERVAL}`)),
      ),
    )
    .returning({ id: pets.id, name: pets.name });
  return claimed;
}

/** The latest visits to a pet that `userId` may see, newest first. */
export function listRecentVisits(db: Db, petId: string, userId: string) {
  return db
    .select()
    .from(scanVisits)
    .where(and(eq(scanVisits.petId, petId), onAccessiblePet(scanVisits.petId, userId)))
    .orderBy(desc(scanVisits.createdAt), desc(scanVisits.id))
    .limit(RECENT_SCANS_SHOWN);
}
