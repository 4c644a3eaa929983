import { and, asc, eq, sql } from 'drizzle-orm';
import type { InsertReminder } from '../../../shared/contracts/reminder-schema';
import { pets, reminders } from '../../../shared/schema';
import type { Db } from '../../db/connection';
import { onAccessiblePet } from '../pets/pet-access';

export type ReminderRow = typeof reminders.$inferSelect;
type ReminderValues = InsertReminder & { isCompleted: boolean; completedAt: string };

// A reminder belongs to its pet: whoever may edit the pet may see and change its reminders.
const accessible = (id: string, userId: string) => and(eq(reminders.id, id), onAccessiblePet(reminders.petId, userId));

/** The reminders of every pet `userId` may edit, soonest first. */
export const listAccessibleReminders = (db: Db, userId: string): Promise<ReminderRow[]> =>
  db
    .select()
    .from(reminders)
    .where(onAccessiblePet(reminders.petId, userId))
    .orderBy(asc(reminders.dueDate), asc(reminders.createdAt));

export async function findReminder(db: Db, userId: string, id: string): Promise<ReminderRow | undefined> {
  const [reminder] = await db.select().from(reminders).where(accessible(id, userId));
  return reminder;
}

export async function insertReminder(db: Db, userId: string, values: ReminderValues): Promise<ReminderRow> {
  const [reminder] = await db
    .insert(reminders)
    .values({ ...values, userId })
    .returning();
  return reminder;
}

/** Undefined when `userId` may not edit the reminder (or it no longer exists). */
export async function updateReminder(
  db: Db,
  userId: string,
  id: string,
  values: Partial<ReminderValues>,
): Promise<ReminderRow | undefined> {
  const [reminder] = await db
    .update(reminders)
    .set({ ...values, revision: sql`${reminders.revision} + 1`, updatedAt: sql`now()` })
    .where(accessible(id, userId))
    .returning();
  return reminder;
}

/** Whether a reminder was removed: false when `userId` may not edit it. */
export async function deleteReminder(db: Db, userId: string, id: string) {
  const removed = await db.delete(reminders).where(accessible(id, userId)).returning({ id: reminders.id });
  return removed.length > 0;
}

/** The pets both `userId` and `creatorId` may edit: where `creatorId`'s reminder may move in `userId`'s hands. */
export const listSharedPetIds = async (db: Db, userId: string, creatorId: string) =>
  (
    await db
      .select({ id: pets.id })
      .from(pets)
      .where(and(onAccessiblePet(pets.id, userId), onAccessiblePet(pets.id, creatorId)))
      .orderBy(asc(pets.id))
  ).map((pet) => pet.id);
