import type { NewFinderReport } from '@shared/contracts/finder-report-schema';
import type { FiledFinderReport } from '@shared/contracts/finder-reports';
import { api } from '@/lib/api-client';

export const createFinderReport = (report: NewFinderReport) => api.post<FiledFinderReport>('/api/gps-pings', report);
