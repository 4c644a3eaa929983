import type { InsertReminder } from '@shared/contracts/reminder-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReminderDto, remindersQuery } from '@/api/reminders';
import { api } from '@/lib/api-client';

export const updateReminder = (reminder: ReminderDto) =>
  api.patch<ReminderDto>(`/api/reminders/${reminder.id}`, reminder);

/** Ticks or unticks a reminder: the whole reminder is sent with isCompleted flipped (spec section 4). */
export function useToggleReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminder: ReminderDto) =>
      updateReminder({
        ...reminder,
        isCompleted: !reminder.isCompleted,
        completedAt: reminder.isCompleted ? '' : new Date().toISOString(),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersQuery().queryKey }),
  });
}

/** What the Edit Reminder form changes: every field of the form, never whether the reminder is done. */
export type ReminderEdit = Omit<InsertReminder, 'isCompleted' | 'completedAt'>;

/**
 * Saves an edited reminder, then re-fetches the list. The completion state is left out of the body,
 * so the server keeps it as it is: a tick given meanwhile (by a co-owner, say) is not undone.
 */
export const editReminder = ({ id, changes }: { id: string; changes: ReminderEdit }) =>
  api.patch<ReminderDto>(`/api/reminders/${id}`, changes);

export function useEditReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editReminder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersQuery().queryKey }),
  });
}
