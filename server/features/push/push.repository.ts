import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { pushSubscriptions, serverKeys } from '../../../shared/schema';
import type { Db } from '../../db/connection';
import { ownerIdsOf } from '../pets/pet-access';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** How many devices one person may have alerted; a new one past this drops the oldest. */
export const MAX_DEVICES_PER_USER = 20;

/**
 * Registers `endpoint` for `userId`: a browser belongs to whoever is signed in on it, so an
 * endpoint someone else registered moves (and counts as new). Keeps the person's newest devices.
 */
export async function saveSubscription(
  db: Db,
  values: { userId: string; endpoint: string; p256dh: string; auth: string },
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: values.userId,
          p256dh: values.p256dh,
          auth: values.auth,
          createdAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.createdAt} else now() end`,
        },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, values.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_DEVICES_PER_USER);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, values.userId), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Removes `userId`'s registration of `endpoint`; another person's stays. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** One device's subscription, or undefined once it is gone. */
export async function subscriptionById(db: Db, id: string) {
  const [subscription] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return subscription;
}

/** A subscription its push service says is gone (404/410). */
export async function deleteSubscriptionById(db: Db, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Every device of the pet's creator and of the members of its Safety Circle. */
export function subscriptionsOfPetOwners(db: Db, petId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, ownerIdsOf(petId)));
}

/** Every device of `userId`. */
export function subscriptionsOfUser(db: Db, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Every device of each of `userIds`. */
export function subscriptionsOfUsers(db: Db, userIds: string[]) {
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

/**
 * The value kept under `name`, storing `create()`'s when there is none yet. Two instances starting
 * at once both try to store theirs; the first insert wins and both read the winner's.
 */
export async function keptServerKey<T>(db: Db, name: string, create: () => T): Promise<T> {
  await db.insert(serverKeys).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
  return row.value as T;
}
