// Order queries read by several features (checkout looks its new order up; orders shows them).

import type { OrderView } from '@shared/contracts/store';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { OrderView };

/** The owner's orders, newest first. */
export const ordersQuery = () =>
  queryOptions({ queryKey: ['/api/orders'], queryFn: () => api.get<OrderView[]>('/api/orders') });

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/orders', id],
    queryFn: () => api.get<OrderView>(`/api/orders/${encodeURIComponent(id)}`),
  });
