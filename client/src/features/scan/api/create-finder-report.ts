import type { FiledFinderReport, NewFinderReport } from '@shared/contracts/finder-reports';
import { api } from '@/lib/api-client';

export const createFinderReport = (report: NewFinderReport) => api.post<FiledFinderReport>('/api/gps-pings', report);
