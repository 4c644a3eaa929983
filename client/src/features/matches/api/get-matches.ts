import type { PossibleMatch } from '@shared/contracts/matches';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { PossibleMatch };

/** A missing pet's possible matches, best first (for its owners). */
export const petMatchesQuery = (petId: string) =>
  queryOptions({
    queryKey: ['/api/pets', petId, 'matches'],
    queryFn: () => api.get<PossibleMatch[]>(`/api/pets/${petId}/matches`),
  });
