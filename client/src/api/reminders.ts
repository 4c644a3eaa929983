// Reminder queries read by several features (reminders page, dashboard counter).

import type { ReminderView } from '@shared/contracts/reminders';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ReminderView as ReminderDto };

export const remindersQuery = () =>
  queryOptions({ queryKey: ['/api/reminders'], queryFn: () => api.get<ReminderView[]>('/api/reminders') });
