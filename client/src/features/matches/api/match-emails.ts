import type { MatchEmails } from '@shared/contracts/matches';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Whether the signed-in owner gets e-mails about this pet's possible matches. */
export const matchEmailsQuery = (petId: string) =>
  queryOptions({
    queryKey: ['/api/pets', petId, 'match-emails'],
    queryFn: () => api.get<MatchEmails>(`/api/pets/${petId}/match-emails`),
  });

/** Turns them back on after an e-mail's unsubscribe (or off). */
export function useSetMatchEmails(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchEmails) => api.patch<MatchEmails>(`/api/pets/${petId}/match-emails`, body),
    onSuccess: (state) => queryClient.setQueryData(matchEmailsQuery(petId).queryKey, state),
  });
}
