// Reminder queries read by several features (reminders page, dashboard counter).

import type { Reminder } from '@shared/schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ReminderDto = Omit<Reminder, 'createdAt'> & { createdAt: string };

export const remindersQuery = () =>
  queryOptions({ queryKey: ['/api/reminders'], queryFn: () => api.get<ReminderDto[]>('/api/reminders') });
