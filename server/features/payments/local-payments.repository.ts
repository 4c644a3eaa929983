import { and, eq, ne, sql } from 'drizzle-orm';
import { localPaymentIntents } from '../../../shared/schema';
import type { Db } from '../../db/connection';
import type { PaymentMetadata } from './payment-provider';

export type LocalIntent = typeof localPaymentIntents.$inferSelect;

/** Inserts the intent unless one with this id exists, and answers whichever is stored. */
export async function insertLocalIntentOnce(db: Db, intent: typeof localPaymentIntents.$inferInsert) {
  await db.insert(localPaymentIntents).values(intent).onConflictDoNothing();
  return findLocalIntent(db, intent.id);
}

export async function findLocalIntent(db: Db, id: string): Promise<LocalIntent | undefined> {
  const [intent] = await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id));
  return intent;
}

export async function mergeLocalIntentMetadata(db: Db, id: string, metadata: PaymentMetadata) {
  await db
    .update(localPaymentIntents)
    .set({
      metadata: sql`${localPaymentIntents.metadata} || ${JSON.stringify(metadata)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(localPaymentIntents.id, id));
}

/** True for the one call that moved the intent to succeeded; a second confirm gets false. */
export async function markLocalIntentSucceeded(db: Db, id: string, cardLastFour: string) {
  const updated = await db
    .update(localPaymentIntents)
    .set({ status: 'succeeded', cardLastFour, lastError: null, updatedAt: new Date() })
    .where(and(eq(localPaymentIntents.id, id), ne(localPaymentIntents.status, 'succeeded')))
    .returning({ id: localPaymentIntents.id });
  return updated.length === 1;
}

/** A declined attempt leaves the intent open for another card, as Stripe does. */
export async function markLocalIntentDeclined(db: Db, id: string, message: string) {
  await db
    .update(localPaymentIntents)
    .set({ status: 'requires_payment_method', lastError: message, updatedAt: new Date() })
    .where(and(eq(localPaymentIntents.id, id), ne(localPaymentIntents.status, 'succeeded')));
}
