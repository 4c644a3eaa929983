import { and, asc, eq } from 'drizzle-orm';
import { pets, reminders, users } from '../../../shared/schema';
import type { Db } from '../../db/connection';
import { onAccessiblePet } from '../pets/pet-access';

export async function findCalendarToken(db: Db, userId: string) {
  const [user] = await db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId));
  return user?.token ?? null;
}

/** Replaces (or, with null, removes) the owner's token: the previous one stops working at once. */
export async function saveCalendarToken(db: Db, userId: string, token: string | null) {
  await db.update(users).set({ calendarToken: token }).where(eq(users.id, userId));
}

export async function findUserIdByCalendarToken(db: Db, token: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.calendarToken, token));
  return user?.id;
}

/** What the feed shows: reminders not yet done on every pet the user may edit, with the pet's name, soonest first. */
export const listPendingReminders = (db: Db, userId: string) =>
  db
    .select({
      id: reminders.id,
      petId: reminders.petId,
      petName: pets.name,
      type: reminders.type,
      title: reminders.title,
      description: reminders.description,
      dueDate: reminders.dueDate,
    })
    .from(reminders)
    .innerJoin(pets, eq(pets.id, reminders.petId))
    .where(and(onAccessiblePet(reminders.petId, userId), eq(reminders.isCompleted, false)))
    .orderBy(asc(reminders.dueDate), asc(reminders.createdAt));
