import type { z } from 'zod';
import { insertReminderSchema } from '../../../shared/schema';
import type { Db } from '../../db/connection';
import { badRequest, notFound } from '../../lib/errors';
import * as repository from './reminders.repository';

export type ReminderInput = z.infer<typeof insertReminderSchema>;

/** A PATCH may carry the whole reminder (as the page sends it) or only the fields that change. */
export const reminderChangesSchema = insertReminderSchema.partial();
export type ReminderChanges = z.infer<typeof reminderChangesSchema>;

/**
 * completedAt is empty while pending and a timestamp once completed (spec section 4). The
 * client's time is kept when it sends one; otherwise an earlier completion, otherwise now.
 */
function completedAtFor(isCompleted: boolean, requested: string | undefined, previous: string) {
  if (!isCompleted) return '';
  return requested || previous || new Date().toISOString();
}

// Someone else's pet and a pet that does not exist answer alike, so ids reveal nothing.
async function assertOwnPet(db: Db, userId: string, petId: string) {
  if (!(await repository.isOwnPet(db, userId, petId))) {
    throw badRequest('petId: Pet not found', [{ path: 'petId', message: 'Pet not found' }]);
  }
}

export const listReminders = (db: Db, userId: string) => repository.listReminders(db, userId);

export async function createReminder(db: Db, userId: string, input: ReminderInput) {
  await assertOwnPet(db, userId, input.petId);
  const isCompleted = input.isCompleted ?? false;
  return repository.insertReminder(db, userId, {
    ...input,
    isCompleted,
    completedAt: completedAtFor(isCompleted, input.completedAt, ''),
  });
}

export async function updateReminder(db: Db, userId: string, id: string, changes: ReminderChanges) {
  const existing = await repository.findReminder(db, userId, id);
  if (!existing) throw notFound('Reminder');
  if (changes.petId !== undefined && changes.petId !== existing.petId) await assertOwnPet(db, userId, changes.petId);
  const isCompleted = changes.isCompleted ?? existing.isCompleted;
  const updated = await repository.updateReminder(db, userId, id, {
    ...changes,
    isCompleted,
    completedAt: completedAtFor(isCompleted, changes.completedAt, existing.completedAt),
  });
  if (!updated) throw notFound('Reminder');
  return updated;
}

export async function deleteReminder(db: Db, userId: string, id: string) {
  if (!(await repository.deleteReminder(db, userId, id))) throw notFound('Reminder');
}
