import type { NewMessage, OwnerConversationMessage } from '@shared/contracts/conversations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { petMessagesQuery } from './get-pet-messages';

export const replyToReport = (reportId: string, reply: NewMessage) =>
  api.post<OwnerConversationMessage>(`/api/reports/${reportId}/replies`, reply);

/** Sends an owner's reply to a finder's report, then re-fetches the pet's conversations. */
export function useReplyToReport(petId: string, reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: NewMessage) => replyToReport(reportId, reply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petMessagesQuery(petId).queryKey }),
  });
}
