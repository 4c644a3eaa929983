import type { ReminderView } from '../../../shared/contracts/reminders';
import type { ReminderRow } from './reminders.repository';

/** Whitelists what a reminder carries: never whose it is. */
export const presentReminder = (row: ReminderRow): ReminderView => ({
  id: row.id,
  petId: row.petId,
  type: row.type,
  title: row.title,
  description: row.description,
  dueDate: row.dueDate,
  isCompleted: row.isCompleted,
  completedAt: row.completedAt,
  createdAt: row.createdAt.toISOString(),
});
