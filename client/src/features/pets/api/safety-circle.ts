import type { InvitationRequest, SafetyCircle } from '@shared/contracts/circle';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { petQuery, petsQuery } from '@/api/pets';
import { remindersQuery } from '@/api/reminders';
import { api } from '@/lib/api-client';

export type { SafetyCircle };

export const safetyCircleQuery = (petId: string) =>
  queryOptions({
    queryKey: ['/api/pets', petId, 'circle'],
    queryFn: () => api.get<SafetyCircle>(`/api/pets/${petId}/circle`),
  });

export const invite = (petId: string, body: InvitationRequest) =>
  api.post<{ email: string }>(`/api/pets/${petId}/invitations`, body);

export function useInvite(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationRequest) => invite(petId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: safetyCircleQuery(petId).queryKey }),
  });
}

export const cancelInvitation = (petId: string, body: InvitationRequest) =>
  api.post<void>(`/api/pets/${petId}/invitations/cancel`, body);

export function useCancelInvitation(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationRequest) => cancelInvitation(petId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: safetyCircleQuery(petId).queryKey }),
  });
}

export const removeMember = (petId: string, userId: string) => api.delete<void>(`/api/pets/${petId}/members/${userId}`);

/** Removing someone (or leaving): when it was oneself, the pet and its reminders are no longer theirs. */
export function useRemoveMember(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; self: boolean }) => removeMember(petId, userId),
    onSuccess: (_, { self }) => {
      if (!self) return queryClient.invalidateQueries({ queryKey: safetyCircleQuery(petId).queryKey });
      queryClient.removeQueries({ queryKey: petQuery(petId).queryKey });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: petsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: remindersQuery().queryKey }),
      ]);
    },
  });
}
