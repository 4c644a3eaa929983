import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

// Spec section 9: no retries, no refetch on focus, no polling, never stale, unused entries dropped after 5 minutes.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 5 * 60 * 1000,
    },
    mutations: { retry: false },
  },
});
