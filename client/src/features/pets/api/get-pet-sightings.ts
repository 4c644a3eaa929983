import type { NewMessage, SightingConversationMessage } from '@shared/contracts/conversations';
import type { Sighting } from '@shared/contracts/sightings';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Sighting };

/** The owners' view of a pet's sightings that nobody hid, newest first, each with its conversation. */
export const petSightingsQuery = (petId: string) =>
  queryOptions({
    queryKey: ['/api/pets', petId, 'sightings'],
    queryFn: () => api.get<Sighting[]>(`/api/pets/${petId}/sightings`),
  });

/** Hides a sighting (spam) from every view, then re-fetches the list. */
export function useHideSighting(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sightingId: string) => api.post<void>(`/api/pets/${petId}/sightings/${sightingId}/hide`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petSightingsQuery(petId).queryKey }),
  });
}

/** Sends an owner's reply to the person who saw the pet, then re-fetches the sightings. */
export function useReplyToSighting(petId: string, sightingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: NewMessage) =>
      api.post<SightingConversationMessage>(`/api/pets/${petId}/sightings/${sightingId}/replies`, reply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petSightingsQuery(petId).queryKey }),
  });
}
