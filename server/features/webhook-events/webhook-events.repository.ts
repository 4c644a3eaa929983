import { eq } from 'drizzle-orm';
import { processedEvents } from '../../../shared/schema';
import type { Db } from '../../db/connection';

export type WebhookSource = 'stripe' | 'printify';

/** Webhook senders deliver an event more than once: an id seen before is answered and skipped. */
export async function isEventProcessed(db: Db, id: string) {
  const [seen] = await db.select({ id: processedEvents.id }).from(processedEvents).where(eq(processedEvents.id, id));
  return seen !== undefined;
}

export async function markEventProcessed(db: Db, id: string, source: WebhookSource) {
  await db.insert(processedEvents).values({ id, source }).onConflictDoNothing();
}
