import type { InsertPet } from '@shared/contracts/pet-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OwnerPet, petQuery, petsQuery, publicPetQuery } from '@/api/pets';
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
        // The scan page's preview of what strangers see follows the Public Page switches.
        queryClient.invalidateQueries({ queryKey: publicPetQuery(pet.id).queryKey }),
      ]);
    },
  });
}
