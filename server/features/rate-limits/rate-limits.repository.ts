import { and, eq, gt, like, lt, sql } from 'drizzle-orm';
import { rateLimits } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';

/**
 * Counts one hit against `key` for `windowMs`, answering the count and the seconds until the window
 * resets. A single upsert makes it atomic: concurrent hits cannot both read a stale count.
 */
export async function countHit(db: Executor, key: string, windowMs: number) {
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.resetAt} - now())))::int`,
    });
  return row;
}

/** Takes back one hit counted against `key` in its current window. */
export async function uncountHit(db: Db, key: string) {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
}

/** Deletes every limit's counter for `key` (a user id: no LIKE pattern character in it). */
export async function deleteCountersOf(db: Db, key: string) {
  await db.delete(rateLimits).where(like(rateLimits.key, `%:${key}`));
}

export async function deleteExpiredCounters(db: Executor) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
