import type { InsertReminder } from '@shared/contracts/reminder-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReminderDto, remindersQuery } from '@/api/reminders';
import { api } from '@/lib/api-client';

/** `key` is the form's Idempotency-Key: the same form's reminder is made once however often it is sent. */
export const createReminder = ({ input, key }: { input: InsertReminder; key: string }) =>
  api.create<ReminderDto>('/api/reminders', input, key);

/** Adds a reminder, then re-fetches the list (and with it the dashboard counter). */
export function useCreateReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersQuery().queryKey }),
  });
}
