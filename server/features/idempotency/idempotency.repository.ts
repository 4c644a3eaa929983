import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../../shared/schema';
import type { Db } from '../../db/connection';

export interface KeyOf {
  userId: string;
  action: string;
  key: string;
}

const matches = ({ userId, action, key }: KeyOf) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.action, action), eq(idempotencyKeys.key, key));

/**
 * Takes the key for a request about to run, unless someone holds it: an expired key is taken over.
 * One upsert, so two requests racing with the same key cannot both win. Answers whether it was taken.
 */
export async function claimKey(db: Db, id: KeyOf, requestHash: string, keepMs: number): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...id, requestHash, expiresAt: sql`now() + make_interval(secs => ${keepMs / 1000})` })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.action, idempotencyKeys.key],
      set: { requestHash, status: null, body: null, expiresAt: sql`excluded.expires_at` },
      setWhere: sql`${idempotencyKeys.expiresAt} <= now()`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** The key as stored, while it lasts. */
export async function findKey(db: Db, id: KeyOf) {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(matches(id), sql`${idempotencyKeys.expiresAt} > now()`));
  return row;
}

export async function saveAnswer(db: Db, id: KeyOf, status: number, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ status, body })
    .where(and(matches(id), isNull(idempotencyKeys.status)));
}

/** Lets the key go (its request failed, so a retry may run it again). */
export async function releaseKey(db: Db, id: KeyOf) {
  await db.delete(idempotencyKeys).where(and(matches(id), isNull(idempotencyKeys.status)));
}

export async function deleteExpiredKeys(db: Db) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
}
