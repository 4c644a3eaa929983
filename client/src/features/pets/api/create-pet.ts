import type { InsertPet } from '@shared/contracts/pet-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OwnerPet, petsQuery } from '@/api/pets';
import { api } from '@/lib/api-client';

export const createPet = (input: InsertPet) => api.post<OwnerPet>('/api/pets', input);

export function useCreatePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petsQuery().queryKey }),
  });
}
