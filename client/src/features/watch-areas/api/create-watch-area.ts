import type { NewWatchArea, WatchArea } from '@shared/contracts/watch-areas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { watchAreasQuery } from './get-watch-areas';

export const createWatchArea = (area: NewWatchArea) => api.post<WatchArea>('/api/watch-areas', area);

export function useCreateWatchArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWatchArea,
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchAreasQuery().queryKey }),
  });
}
