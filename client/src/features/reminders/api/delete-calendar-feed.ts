import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { calendarFeedQuery } from './get-calendar-feed';

export const deleteCalendarFeed = () => api.delete<void>('/api/reminders/calendar-token');

export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarFeed,
    onSuccess: () => queryClient.setQueryData(calendarFeedQuery().queryKey, { active: false, url: null }),
  });
}
