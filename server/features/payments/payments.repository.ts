import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { checkouts } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';

export type Checkout = typeof checkouts.$inferSelect;

export async function insertCheckout(db: Db, checkout: typeof checkouts.$inferInsert) {
  // The same intent twice (an idempotent retry) keeps the first record.
  await db.insert(checkouts).values(checkout).onConflictDoNothing();
}

export async function findCheckout(db: Db, paymentIntentId: string): Promise<Checkout | undefined> {
  const [checkout] = await db.select().from(checkouts).where(eq(checkouts.paymentIntentId, paymentIntentId));
  return checkout;
}

/**
 * The checkout, locked until the transaction ends: its details change, and its order is made from
 * them, one at a time, so a change never lands after the order was made without it.
 */
export async function lockCheckout(tx: Executor, paymentIntentId: string): Promise<Checkout | undefined> {
  const [checkout] = await tx
    .select()
    .from(checkouts)
    .where(eq(checkouts.paymentIntentId, paymentIntentId))
    .for('update');
  return checkout;
}

export async function saveCheckoutDetails(db: Executor, paymentIntentId: string, details: unknown) {
  await db.update(checkouts).set({ details }).where(eq(checkouts.paymentIntentId, paymentIntentId));
}

/** Notes that the provider said the payment succeeded (the first time it said so stays). */
export async function markCheckoutPaid(db: Db, paymentIntentId: string) {
  await db
    .update(checkouts)
    .set({ paidAt: sql`coalesce(${checkouts.paidAt}, now())` })
    .where(eq(checkouts.paymentIntentId, paymentIntentId));
}

/** The payments to which `userId` gave shipping details. */
export async function listPaymentsWithDetails(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ paymentIntentId: checkouts.paymentIntentId })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), isNotNull(checkouts.details)));
  return rows.map((row) => row.paymentIntentId);
}
