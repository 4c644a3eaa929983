import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Whether the owner has a private calendar address. The address itself comes only in the answer
 * that makes it: the server keeps no copy it could show again.
 */
export interface CalendarFeed {
  active: boolean;
  url: string | null;
}

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: ['/api/reminders/calendar-token'],
    queryFn: () => api.get<CalendarFeed>('/api/reminders/calendar-token'),
  });
