import type { InsertPet } from '@shared/contracts/pet-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OwnerPet, petQuery, petsQuery } from '@/api/pets';
import { api } from '@/lib/api-client';
import { contactChecksQuery } from './get-contact-checks';

/** Sends the fields to change; the whole pet is fine too (the server ignores id, owner and dates). */
export const updatePet = ({ id, changes }: { id: string; changes: Partial<InsertPet> | OwnerPet }) =>
  api.patch<OwnerPet>(`/api/pets/${id}`, changes);

export function useUpdatePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePet,
    onSuccess: (pet) => {
      queryClient.setQueryData(petQuery(pet.id).queryKey, pet);
      // A changed contact detail counts as confirmed: the dashboard may stop asking about this pet.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: petsQuery().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: contactChecksQuery().queryKey }),
        // What hangs off the pet follows it: the scan page's preview (the Public Page switches), and
        // the absence's sightings, matches and neighbours alerted (marked safe or missing again).
        queryClient.invalidateQueries({
          queryKey: petQuery(pet.id).queryKey,
          predicate: (query) => query.queryKey.length > petQuery(pet.id).queryKey.length,
        }),
      ]);
    },
  });
}
