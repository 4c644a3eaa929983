import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { notifications, users } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';

export type Notification = typeof notifications.$inferSelect;
/** With the pet it is about, when there is one: deleting the pet then drops the e-mail if still queued. */
export type NewNotification = Pick<Notification, 'userId' | 'recipient' | 'subject' | 'body'> &
  Partial<Pick<Notification, 'petId'>>;

/** Whether the identity provider vouched for the address of the account `userId` at its latest sign-in. */
export async function hasVouchedAddress(db: Executor, userId: string) {
  const [account] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return account?.emailVerified ?? false;
}

/** Inside the event's own transaction when given one, so the e-mail is queued only if the event happened. */
export async function insertNotification(db: Executor, values: NewNotification): Promise<Notification> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}

export async function markNotificationSent(db: Db, id: string) {
  await db.update(notifications).set({ sentAt: new Date() }).where(eq(notifications.id, id));
}

/**
 * Claims unsent e-mails due at `now` (at most `limit`; with `id`, that one only) by counting the
 * attempt and moving the next one forward by `delaysSeconds[attempt - 1]` before anything is sent:
 * two instances never send the same e-mail at once, and one that dies mid-send leaves it to be
 * retried. Rows another transaction holds are skipped. Once every delay is used, it is left alone.
 */
export async function claimDueNotifications(
  db: Db,
  { now, delaysSeconds, id, limit }: { now?: Date; delaysSeconds: number[]; id?: string; limit: number },
): Promise<Notification[]> {
  // The database's clock by default, the one that stamped the rows.
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const dueRows = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        isNull(notifications.sentAt),
        lte(notifications.nextAttemptAt, at),
        lt(notifications.attempts, delaysSeconds.length),
        id ? eq(notifications.id, id) : undefined,
      ),
    )
    .orderBy(asc(notifications.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notifications)
    .set({
      attempts: sql`${notifications.attempts} + 1`,
      // SQL arrays count from 1: the delay after attempt n is element n.
      nextAttemptAt: sql`${at} + make_interval(secs => (${`{${delaysSeconds.join(',')}}`}::int[])[${notifications.attempts} + 1])`,
    })
    .where(inArray(notifications.id, dueRows))
    .returning();
}

/** The latest e-mails, newest first; with `unsentOnly`, only those not sent (waiting to be, or given up on). */
export function listLatestNotifications(db: Db, { limit, unsentOnly }: { limit: number; unsentOnly: boolean }) {
  return db
    .select()
    .from(notifications)
    .where(unsentOnly ? isNull(notifications.sentAt) : undefined)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}
