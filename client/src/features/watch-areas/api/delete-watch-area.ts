import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { watchAreasQuery } from './get-watch-areas';

export const deleteWatchArea = (id: string) => api.delete<void>(`/api/watch-areas/${id}`);

export function useDeleteWatchArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWatchArea,
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchAreasQuery().queryKey }),
  });
}
