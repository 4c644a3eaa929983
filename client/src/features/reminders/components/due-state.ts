import type { ReminderDto } from '@/api/reminders';

export type DueState = 'overdue' | 'today' | 'upcoming' | 'done';

export function dueState(reminder: ReminderDto, today: string): DueState {
  if (reminder.isCompleted) return 'done';
  if (reminder.dueDate < today) return 'overdue';
  return reminder.dueDate === today ? 'today' : 'upcoming';
}
