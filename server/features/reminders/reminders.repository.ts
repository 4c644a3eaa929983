import { and, asc, eq } from 'drizzle-orm';
import { type InsertReminder, pets, reminders } from '../../../shared/schema';
import type { Db } from '../../db/connection';

type ReminderValues = InsertReminder & { isCompleted: boolean; completedAt: string };

/** The owner's reminders, soonest first. */
export const listReminders = (db: Db, userId: string) =>
  db
    .select()
    .from(reminders)
    .where(eq(reminders.userId, userId))
    .orderBy(asc(reminders.dueDate), asc(reminders.createdAt));

export async function findReminder(db: Db, userId: string, id: string) {
  const [reminder] = await db
    .select()
    .from(reminders)
    .where(and(eq(reminders.id, id), eq(reminders.userId, userId)));
  return reminder;
}

export async function insertReminder(db: Db, userId: string, values: ReminderValues) {
  const [reminder] = await db
    .insert(reminders)
    .values({ ...values, userId })
    .returning();
  return reminder;
}

/** Undefined when the reminder is not this owner's (or no longer exists). */
export async function updateReminder(db: Db, userId: string, id: string, values: Partial<ReminderValues>) {
  const [reminder] = await db
    .update(reminders)
    .set(values)
    .where(and(eq(reminders.id, id), eq(reminders.userId, userId)))
    .returning();
  return reminder;
}

/** Whether a reminder was removed: false when it is not this owner's. */
export async function deleteReminder(db: Db, userId: string, id: string) {
  const removed = await db
    .delete(reminders)
    .where(and(eq(reminders.id, id), eq(reminders.userId, userId)))
    .returning({ id: reminders.id });
  return removed.length > 0;
}

export async function isOwnPet(db: Db, userId: string, petId: string) {
  const [pet] = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.userId, userId)));
  return pet !== undefined;
}
