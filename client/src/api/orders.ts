// Order queries read by several features (checkout looks its new order up; orders shows them).

import type { OrderView } from '@shared/contracts/store';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export type { OrderView };

/** The owner's orders, newest first. */
export const ordersQuery = () =>
  queryOptions({ queryKey: ['/api/orders'], queryFn: () => api.get<OrderView[]>('/api/orders') });

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/orders', id],
    queryFn: () => api.get<OrderView>(`/api/orders/${encodeURIComponent(id)}`),
  });

/**
 * The order a payment made, for a page the buyer comes back to after paying: found among their
 * orders, or else asked of the server as the checkout's fallback asks (the server makes it only
 * once the payment provider says the payment succeeded). Null while the payment is not complete.
 */
async function findOrderOfPayment(paymentIntentId: string): Promise<OrderView | null> {
  const orders = await api.get<OrderView[]>('/api/orders');
  const listed = orders.find((order) => order.paymentIntentId === paymentIntentId);
  if (listed) return listed;
  try {
    return await api.post<OrderView>('/api/orders', { paymentIntentId });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'payment_incomplete') return null;
    throw error;
  }
}

export const orderOfPaymentQuery = (paymentIntentId: string) =>
  queryOptions({
    queryKey: ['/api/orders', 'of-payment', paymentIntentId],
    queryFn: () => findOrderOfPayment(paymentIntentId),
  });
