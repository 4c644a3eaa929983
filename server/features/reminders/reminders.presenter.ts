import type { ReminderView } from '../../../shared/contracts/reminders';
import type { ReminderRow } from './reminders.repository';

/**
 * Whitelists what a reminder carries: never whose it is, only, for someone else's, which pets it
 * may move to (`petChoices`; null for the reader's own).
 */
export const presentReminder = (row: ReminderRow, petChoices: string[] | null = null): ReminderView => ({
  id: row.id,
  petId: row.petId,
  type: row.type,
  title: row.title,
  description: row.description,
  dueDate: row.dueDate,
  isCompleted: row.isCompleted,
  completedAt: row.completedAt,
  createdAt: row.createdAt.toISOString(),
  petChoices,
});
