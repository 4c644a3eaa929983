import type { WatchAlertsSent } from '@shared/contracts/watch-areas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How many neighbours watching the area were alerted that the pet is missing (never who). */
export const watchAlertsQuery = (petId: string) =>
  queryOptions({
    queryKey: ['/api/pets', petId, 'watch-alerts'],
    queryFn: () => api.get<WatchAlertsSent>(`/api/pets/${petId}/watch-alerts`),
  });
