import type { OwnerConversationMessage } from '@shared/contracts/conversations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { OwnerConversationMessage };

/** Every message between the pet's owners and its finders, oldest first. */
export const petMessagesQuery = (petId: string) =>
  queryOptions({
    queryKey: ['/api/pets', petId, 'messages'],
    queryFn: () => api.get<OwnerConversationMessage[]>(`/api/pets/${petId}/messages`),
  });
