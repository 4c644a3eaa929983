import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type MatchDecision = 'confirm' | 'dismiss';

export const decideMatch = (petId: string, foundReportId: string, decision: MatchDecision) =>
  api.post<unknown>(`/api/pets/${petId}/matches/${foundReportId}/${decision}`, {});

/**
 * "That's {name}!" or 'Not {name}'. Afterwards everything of the pet is read again: a confirmed
 * match opens a conversation with the finder, which the pet's reports show.
 */
export function useDecideMatch(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ foundReportId, decision }: { foundReportId: string; decision: MatchDecision }) =>
      decideMatch(petId, foundReportId, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/pets', petId] }),
  });
}
