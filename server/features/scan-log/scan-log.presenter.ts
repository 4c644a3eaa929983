import type { ScanVisit } from '../../../shared/contracts/scan-visits';
import type { ScanVisitRow } from './scan-log.repository';

export const presentScanVisit = (row: ScanVisitRow): ScanVisit => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  latitude: row.latitude,
  longitude: row.longitude,
});
