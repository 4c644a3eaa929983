import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { mailRecipients, notifications, users } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { hashSecretToken } from '../../lib/secret-token';

export type Notification = typeof notifications.$inferSelect;
/** With the pet it is about, when there is one: deleting the pet then drops the e-mail if still queued. */
export type NewNotification = Pick<Notification, 'userId' | 'recipient' | 'subject' | 'body'> &
  Partial<Pick<Notification, 'petId' | 'headers'>>;

/** Whether the identity provider vouched for the address of the account `userId` at its latest sign-in. */
export async function hasVouchedAddress(db: Executor, userId: string) {
  const [account] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return account?.emailVerified ?? false;
}

/** Of `userIds`, the accounts whose address the identity provider vouched for at their latest sign-in. */
export async function vouchedAccounts(db: Executor, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.emailVerified, true)));
  return new Set(rows.map((row) => row.id));
}

/** Many e-mails in one statement (a batch of alerts), in the event's transaction. */
export async function insertNotifications(db: Executor, values: NewNotification[]): Promise<Notification[]> {
  if (values.length === 0) return [];
  return db.insert(notifications).values(values).returning();
}

/** Inside the event's own transaction when given one, so the e-mail is queued only if the event happened. */
export async function insertNotification(db: Executor, values: NewNotification): Promise<Notification> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}

export async function markNotificationSent(db: Db, id: string) {
  await db.update(notifications).set({ sentAt: new Date() }).where(eq(notifications.id, id));
}

/** Records that the mail server refused the e-mail for good: it is never tried again. */
export async function markNotificationRefused(db: Db, id: string) {
  await db.update(notifications).set({ refusedAt: new Date() }).where(eq(notifications.id, id));
}

// The database's clock unless told another (the one that stamped the rows).
const clock = (now?: Date) => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/**
 * Claims unsent e-mails due at `now` (at most `limit`; with `ids`, those only) by counting the
 * attempt and moving the next one to after the claim's lease before anything is sent: two
 * instances never send the same e-mail at once (the lease is renewed while it is sent:
 * `renewNotificationLeases`), and one that dies mid-send leaves it to be retried when the lease
 * ends. Rows another transaction holds are skipped. After `attempts` of them, it is left alone.
 */
export async function claimDueNotifications(
  db: Db,
  {
    now,
    attempts,
    leaseSeconds,
    ids,
    limit,
  }: { now?: Date; attempts: number; leaseSeconds: number; ids?: string[]; limit: number },
): Promise<Notification[]> {
  const at = clock(now);
  const dueRows = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        isNull(notifications.sentAt),
        isNull(notifications.refusedAt),
        lte(notifications.nextAttemptAt, at),
        lt(notifications.attempts, attempts),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .orderBy(asc(notifications.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notifications)
    .set({
      attempts: sql`${notifications.attempts} + 1`,
      nextAttemptAt: sql`${at} + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(notifications.id, dueRows))
    .returning();
}

/**
 * Moves the lease of e-mails still being sent on, never earlier than their next attempt already is;
 * with `attempt`, only while that attempt's claim is still the e-mail's. Answers how many it moved.
 */
export async function renewNotificationLeases(db: Db, ids: string[], leaseSeconds: number, attempt?: number) {
  const moved = await db
    .update(notifications)
    .set({
      nextAttemptAt: sql`greatest(${notifications.nextAttemptAt}, now() + make_interval(secs => ${leaseSeconds}))`,
    })
    .where(
      and(
        inArray(notifications.id, ids),
        attempt === undefined ? undefined : eq(notifications.attempts, attempt),
        isNull(notifications.sentAt),
        isNull(notifications.refusedAt),
      ),
    )
    .returning({ id: notifications.id });
  return moved.length;
}

/**
 * Whether the claim of `attempt` on an e-mail is still this instance's, renewing its lease if so:
 * checked just before it is sent, since an instance frozen or cut off past its lease finds its
 * batch taken over (the attempt counted again) and must not send it too.
 */
export const confirmNotificationClaim = async (db: Db, id: string, attempt: number, leaseSeconds: number) =>
  (await renewNotificationLeases(db, [id], leaseSeconds, attempt)) === 1;

/** A failed attempt: the next one `delaySeconds` after `now` (the claim's clock). */
export async function planNotificationRetry(
  db: Db,
  id: string,
  { now, delaySeconds }: { now?: Date; delaySeconds: number },
) {
  await db
    .update(notifications)
    .set({ nextAttemptAt: sql`${clock(now)} + make_interval(secs => ${delaySeconds})` })
    .where(eq(notifications.id, id));
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

export type MailRecipient = typeof mailRecipients.$inferSelect;

/** How mail_recipients knows an address without keeping it: its SHA-256, in lower case. */
export const addressHash = (address: string) => hashSecretToken(address.trim().toLowerCase());

/**
 * The address's record, made if new, locked until the caller's transaction ends: two e-mails to
 * one address at once are decided one after the other, each seeing what the other did.
 */
export async function lockMailRecipient(tx: Executor, hash: string): Promise<MailRecipient> {
  await tx.insert(mailRecipients).values({ addressHash: hash }).onConflictDoNothing();
  const [row] = await tx.select().from(mailRecipients).where(eq(mailRecipients.addressHash, hash)).for('update');
  return row;
}

export async function recordMailToRecipient(
  tx: Executor,
  hash: string,
  changes: Pick<MailRecipient, 'dayStartedAt' | 'dayCount'> & Partial<Pick<MailRecipient, 'refusalTokenHash'>>,
) {
  await tx
    .update(mailRecipients)
    .set({ ...changes, firstMailAt: sql`coalesce(${mailRecipients.firstMailAt}, now())` })
    .where(eq(mailRecipients.addressHash, hash));
}

/** The address's owner opened a link we e-mailed them: they read our mail, and may get more. */
export async function confirmMailRecipient(db: Executor, hash: string) {
  await db
    .update(mailRecipients)
    .set({ confirmedAt: sql`now()` })
    .where(and(eq(mailRecipients.addressHash, hash), isNull(mailRecipients.confirmedAt)));
}

/** Whether the refusal link `tokenHash` names an address (which then gets no more e-mail, once `refuse` is set). */
export async function refuseMailByToken(db: Db, tokenHash: string, refuse: boolean) {
  const byToken = eq(mailRecipients.refusalTokenHash, tokenHash);
  const [row] = refuse
    ? await db
        .update(mailRecipients)
        .set({ refusedAt: sql`coalesce(${mailRecipients.refusedAt}, now())` })
        .where(byToken)
        .returning({ refusedAt: mailRecipients.refusedAt })
    : await db.select({ refusedAt: mailRecipients.refusedAt }).from(mailRecipients).where(byToken);
  return row;
}
