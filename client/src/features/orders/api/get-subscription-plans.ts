import type { SubscriptionPlanView } from '@shared/contracts/store';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { SubscriptionPlanView };

export const subscriptionPlansQuery = () =>
  queryOptions({
    queryKey: ['/api/subscription-plans'],
    queryFn: () => api.get<SubscriptionPlanView[]>('/api/subscription-plans'),
  });
