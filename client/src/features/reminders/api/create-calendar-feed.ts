import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type CalendarFeed, calendarFeedQuery } from './get-calendar-feed';

/** Creates the private address, or replaces it: the previous one stops working. */
export const createCalendarFeed = () => api.post<CalendarFeed>('/api/reminders/calendar-token');

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery().queryKey, feed),
  });
}
