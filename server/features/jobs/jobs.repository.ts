import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { jobs } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';

export type Job = typeof jobs.$inferSelect;
export interface NewJob {
  kind: string;
  payload: unknown;
  key?: string;
  runAt?: Date;
}

/** Rows written per statement: thousands of alerts go in a few round trips, under the 65,535 parameters a statement may carry. */
const INSERT_CHUNK = 1000;

/** Writes jobs; one whose key is already taken is skipped. Answers how many were written. */
export async function insertJobs(db: Executor, rows: NewJob[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await db
      .insert(jobs)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing({ target: jobs.key })
      .returning({ id: jobs.id });
    written += inserted.length;
  }
  return written;
}

/**
 * Claims up to `limit` due jobs of the given kinds for one attempt: the attempt is counted and the
 * job's next run moved to after its lease, so no other instance takes it meanwhile (the lease is
 * renewed while it runs: `renewJobLeases`), and if this process dies mid-run the job is due again
 * when the lease ends.
 */
export function claimDueJobs(
  db: Db,
  { kinds, leaseSeconds, limit }: { kinds: string[]; leaseSeconds: number; limit: number },
) {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, sql`now()`), inArray(jobs.kind, kinds)))
    .orderBy(asc(jobs.runAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, runAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(jobs.id, due))
    .returning();
}

/**
 * Moves the lease of jobs still running on: never earlier than their next run already is (a retry
 * planned meanwhile stands), and never for a job done or failed for good; with `attempt`, only
 * while that attempt's claim is still the job's. Answers how many it moved.
 */
export async function renewJobLeases(db: Db, ids: string[], leaseSeconds: number, attempt?: number) {
  const moved = await db
    .update(jobs)
    .set({ runAt: sql`greatest(${jobs.runAt}, now() + make_interval(secs => ${leaseSeconds}))` })
    .where(
      and(
        inArray(jobs.id, ids),
        attempt === undefined ? undefined : eq(jobs.attempts, attempt),
        isNull(jobs.doneAt),
        isNull(jobs.failedAt),
      ),
    )
    .returning({ id: jobs.id });
  return moved.length;
}

/**
 * Whether the claim of `attempt` on a job is still this instance's, renewing its lease if so:
 * checked just before the job runs, since an instance frozen or cut off past its lease finds its
 * batch taken over (the attempt counted again) and must not run it too.
 */
export const confirmJobClaim = async (db: Db, id: string, attempt: number, leaseSeconds: number) =>
  (await renewJobLeases(db, [id], leaseSeconds, attempt)) === 1;

export async function markJobDone(db: Db, id: string) {
  await db.update(jobs).set({ doneAt: sql`now()`, lastError: null }).where(sql`${jobs.id} = ${id}`);
}

/** A failed attempt: due again after `retryInSeconds`, or, with none left (null), failed for good. */
export async function markJobFailed(db: Db, id: string, error: string, retryInSeconds: number | null) {
  await db
    .update(jobs)
    .set(
      retryInSeconds === null
        ? { failedAt: sql`now()`, lastError: error }
        : { runAt: sql`now() + make_interval(secs => ${retryInSeconds})`, lastError: error },
    )
    .where(sql`${jobs.id} = ${id}`);
}

/** Forgets done jobs (and their keys) older than `days`. */
export async function deleteDoneJobs(db: Db, days: number) {
  await db.delete(jobs).where(lte(jobs.doneAt, sql`now() - make_interval(days => ${days})`));
}
