import type { InsertReminder } from '@shared/contracts/reminder-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReminderDto, remindersQuery } from '@/api/reminders';
import { api } from '@/lib/api-client';

export const createReminder = (input: InsertReminder) => api.post<ReminderDto>('/api/reminders', input);

/** Adds a reminder, then re-fetches the list (and with it the dashboard counter). */
export function useCreateReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersQuery().queryKey }),
  });
}
