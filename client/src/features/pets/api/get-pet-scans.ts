import type { ScanVisit } from '@shared/contracts/scan-visits';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ScanVisit };

/** The latest visits to a pet's scan page by anyone but its owners, newest first. */
export const petScansQuery = (petId: string) =>
  queryOptions({
    queryKey: ['/api/pets', petId, 'scans'],
    queryFn: () => api.get<ScanVisit[]>(`/api/pets/${petId}/scans`),
  });
