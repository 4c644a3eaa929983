import type { FinderReport } from '@shared/contracts/finder-reports';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { FinderReport };

/** The owner's view of a pet's finder reports, newest first; reading them marks them seen. */
export const petReportsQuery = (petId: string) =>
  queryOptions({
    queryKey: ['/api/pets', petId, 'reports'],
    queryFn: () => api.get<FinderReport[]>(`/api/pets/${petId}/reports`),
  });
