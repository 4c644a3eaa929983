import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PetSummary, petQuery, petsQuery } from '@/api/pets';
import { remindersQuery } from '@/api/reminders';
import { api } from '@/lib/api-client';

export const deletePet = (id: string) => api.delete<void>(`/api/pets/${id}`);

export function useDeletePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePet,
    onSuccess: (_, id) => {
      // Dropped rather than refetched: the pet is gone, and a refetch would only answer 404.
      queryClient.removeQueries({ queryKey: petQuery(id).queryKey });
      queryClient.setQueryData<PetSummary[]>(petsQuery().queryKey, (pets) => pets?.filter((pet) => pet.id !== id));
      // Its reminders went with it.
      return queryClient.invalidateQueries({ queryKey: remindersQuery().queryKey });
    },
  });
}
