import type { AuthUser } from '@shared/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api-client';

export const userQuery = () =>
  queryOptions({
    queryKey: ['/api/auth/user'],
    queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
    retry: false,
  });

/**
 * Authenticated when the current-user call returns data; loading counts as signed out. `failure`
 * when the call failed otherwise than with 401 (the server or its database away for a moment):
 * then it is not known whether anyone is signed in.
 */
export function useAuth() {
  const { data, isLoading, error, refetch } = useQuery(userQuery());
  return {
    user: data ?? null,
    isLoading,
    isAuthenticated: Boolean(data),
    failure: error ? { error, retry: () => void refetch() } : undefined,
  };
}
