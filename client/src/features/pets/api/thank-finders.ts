import type { FindersThanked } from '@shared/contracts/conversations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { petMessagesQuery } from './get-pet-messages';
import { petReportsQuery } from './get-pet-reports';

export const thankFinders = (petId: string) => api.post<FindersThanked>(`/api/pets/${petId}/thanks`, {});

/** Thanks every finder of a pet that came home safe, then re-fetches the reports and their conversations. */
export function useThankFinders(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => thankFinders(petId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: petMessagesQuery(petId).queryKey }),
        queryClient.invalidateQueries({ queryKey: petReportsQuery(petId).queryKey }),
      ]),
  });
}
