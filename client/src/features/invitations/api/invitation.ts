import type { AcceptedInvitation, InvitationView } from '@shared/contracts/circle';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { petsQuery } from '@/api/pets';
import { remindersQuery } from '@/api/reminders';
import { api } from '@/lib/api-client';

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['/api/invitations', token],
    queryFn: () => api.get<InvitationView>(`/api/invitations/${token}`),
  });

export const acceptInvitation = (token: string) => api.post<AcceptedInvitation>(`/api/invitations/${token}/accept`);

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // The shared pet and its reminders now belong to the lists, counters and calendar.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: petsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: remindersQuery().queryKey }),
      ]),
  });
}
