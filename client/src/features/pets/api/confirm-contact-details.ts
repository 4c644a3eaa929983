import type { ContactConfirmation } from '@shared/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OwnerPet, petQuery } from '@/api/pets';
import { api } from '@/lib/api-client';
import { contactChecksQuery } from './get-contact-checks';

export const confirmContactDetails = (petId: string) =>
  api.post<ContactConfirmation>(`/api/pets/${petId}/contact-confirmation`);

/** The owner says a pet's contact details are right: the profile's date moves, the dashboard stops asking. */
export function useConfirmContactDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmContactDetails,
    onSuccess: ({ petId, contactConfirmedAt }) => {
      queryClient.setQueryData<OwnerPet>(petQuery(petId).queryKey, (pet) => pet && { ...pet, contactConfirmedAt });
      return queryClient.invalidateQueries({ queryKey: contactChecksQuery().queryKey });
    },
  });
}
