import type { ReminderDto } from '@/api/reminders';

/** Today in the reader's own calendar, as yyyy-mm-dd, to compare with due dates. */
export function localToday(now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type DueState = 'overdue' | 'today' | 'upcoming' | 'done';

export function dueState(reminder: ReminderDto, today: string): DueState {
  if (reminder.isCompleted) return 'done';
  if (reminder.dueDate < today) return 'overdue';
  return reminder.dueDate === today ? 'today' : 'upcoming';
}
