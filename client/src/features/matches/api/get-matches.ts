import type { PossibleMatch } from '@shared/contracts/matches';
import { OWNERS_LANGUAGE } from '@shared/i18n/languages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { PossibleMatch };

/**
 * A pet's possible matches, best first (for its owners): while it is missing, those proposed and
 * confirmed; once safe, the confirmed one. The reasons in the language of the owner's screens.
 */
export const petMatchesQuery = (petId: string, isMissing: boolean) =>
  queryOptions({
    // What is listed changes when the pet is marked safe or missing: read again then.
    queryKey: ['/api/pets', petId, 'matches', { isMissing }],
    queryFn: () => api.get<PossibleMatch[]>(`/api/pets/${petId}/matches?lang=${OWNERS_LANGUAGE}`),
  });
