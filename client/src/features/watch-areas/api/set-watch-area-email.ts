import type { WatchArea } from '@shared/contracts/watch-areas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { watchAreasQuery } from './get-watch-areas';

export const setWatchAreaEmail = ({ id, email }: { id: string; email: boolean }) =>
  api.patch<WatchArea>(`/api/watch-areas/${id}`, { email });

export function useSetWatchAreaEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWatchAreaEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchAreasQuery().queryKey }),
  });
}
