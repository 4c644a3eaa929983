import type { InsertPet } from '@shared/contracts/pet-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OwnerPet, petsQuery } from '@/api/pets';
import { api } from '@/lib/api-client';

/** `key` is the form's Idempotency-Key: the same form's pet is made once however often it is sent. */
export const createPet = ({ input, key }: { input: InsertPet; key: string }) =>
  api.create<OwnerPet>('/api/pets', input, key);

export function useCreatePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petsQuery().queryKey }),
  });
}
