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
