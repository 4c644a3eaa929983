import type { FinderReport } from '../../../shared/contracts/finder-reports';
import type { FinderReportRow } from './scan.repository';

/** Whitelists what a report carries: never the owner's id. */
export const presentFinderReport = (row: FinderReportRow): FinderReport => ({
  id: row.id,
  petId: row.petId,
  finderName: row.finderName,
  finderLocation: row.finderLocation,
  finderLatitude: row.finderLatitude,
  finderLongitude: row.finderLongitude,
  message: row.message,
  finderContact: row.finderContact,
  createdAt: row.createdAt.toISOString(),
});
