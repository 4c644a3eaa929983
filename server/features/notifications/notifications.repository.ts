import { eq } from 'drizzle-orm';
import { notifications } from '../../../shared/schema';
import type { Db } from '../../db/connection';

/** The database or an open transaction: a notification is queued in the same one as its event. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = Pick<Notification, 'userId' | 'recipient' | 'subject' | 'body'>;

export async function insertNotification(db: Executor, values: NewNotification): Promise<Notification> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}

export async function markNotificationSent(db: Db, id: string) {
  await db.update(notifications).set({ sentAt: new Date() }).where(eq(notifications.id, id));
}
