import type { AuthUser } from '@shared/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api-client';

export const userQuery = () =>
  queryOptions({
    queryKey: ['/api/auth/user'],
    queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
    retry: false,
  });

/** Authenticated when the current-user call returns data; loading counts as signed out. */
export function useAuth() {
  const { data, isLoading } = useQuery(userQuery());
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}
