import type { FinderReport, NewFinderReport } from '@shared/contracts/finder-reports';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { NewFinderReport };

export const createFinderReport = (report: NewFinderReport) => api.post<FinderReport>('/api/gps-pings', report);

export const useCreateFinderReport = () => useMutation({ mutationFn: createFinderReport });
