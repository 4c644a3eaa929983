import type { WatchArea } from '@shared/contracts/watch-areas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getWatchAreas = () => api.get<WatchArea[]>('/api/watch-areas');

export const watchAreasQuery = () => queryOptions({ queryKey: ['/api/watch-areas'], queryFn: getWatchAreas });

export const useWatchAreas = () => useQuery(watchAreasQuery());
