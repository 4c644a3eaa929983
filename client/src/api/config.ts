import type { ClientConfig } from '@shared/client-config';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * What the browser may know of the server's services: which payment form to show (Stripe's or the
 * local test card form) with Stripe's publishable key, and the key push subscriptions are made with.
 */
export const clientConfigQuery = () =>
  queryOptions({
    queryKey: ['/api/config'],
    queryFn: () => api.get<ClientConfig>('/api/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
