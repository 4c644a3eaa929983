import type { ClientConfig } from '@shared/client-config';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Which payment form to show (Stripe's or the local test card form), and Stripe's publishable key. */
export const clientConfigQuery = () =>
  queryOptions({ queryKey: ['/api/config'], queryFn: () => api.get<ClientConfig>('/api/config') });
