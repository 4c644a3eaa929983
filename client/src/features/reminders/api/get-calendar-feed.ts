import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The owner's private calendar address, or null while they have none. */
export interface CalendarFeed {
  url: string | null;
}

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: ['/api/reminders/calendar-token'],
    queryFn: () => api.get<CalendarFeed>('/api/reminders/calendar-token'),
  });
