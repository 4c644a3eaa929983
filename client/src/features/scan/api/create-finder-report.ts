import type { FinderReport, NewFinderReport } from '@shared/contracts/finder-reports';
import { api } from '@/lib/api-client';

export const createFinderReport = (report: NewFinderReport) => api.post<FinderReport>('/api/gps-pings', report);
