import { and, asc, eq } from 'drizzle-orm';
import { pets, reminders, users } from '../../../shared/schema';
import type { Db } from '../../db/connection';
import { onAccessiblePet } from '../pets/pet-access';

/** Whether the owner has a calendar feed. */
export async function hasCalendarToken(db: Db, userId: string) {
  const [user] = await db.select({ hash: users.calendarTokenHash }).from(users).where(eq(users.id, userId));
  return Boolean(user?.hash);
}

/** Replaces (or, with null, removes) the hash of the owner's token: the previous one stops working at once. */
export async function saveCalendarTokenHash(db: Db, userId: string, hash: string | null) {
  await db.update(users).set({ calendarTokenHash: hash }).where(eq(users.id, userId));
}

export async function findUserIdByCalendarTokenHash(db: Db, hash: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.calendarTokenHash, hash));
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
      createdAt: reminders.createdAt,
      revision: reminders.revision,
      updatedAt: reminders.updatedAt,
    })
    .from(reminders)
    .innerJoin(pets, eq(pets.id, reminders.petId))
    .where(and(onAccessiblePet(reminders.petId, userId), eq(reminders.isCompleted, false)))
    .orderBy(asc(reminders.dueDate), asc(reminders.createdAt));
