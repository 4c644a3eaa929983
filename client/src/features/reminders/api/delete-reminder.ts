import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remindersQuery } from '@/api/reminders';
import { api } from '@/lib/api-client';

export const deleteReminder = (id: string) => api.delete<void>(`/api/reminders/${id}`);

export function useDeleteReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReminder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersQuery().queryKey }),
  });
}
