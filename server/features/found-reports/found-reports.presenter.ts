import type {
  FoundColor,
  FoundReportStatus,
  FoundSex,
  FoundSize,
  FoundSpecies,
  NearbyFoundReport,
  PublicFoundReport,
  WhereNow,
} from '../../../shared/contracts/found-report-schema';
import type { FoundReportWithPhotos } from './found-reports.repository';

/** The link of a found report's photo; the hash makes it safe to cache for a year. */
export const foundPhotoLink = (id: string, position: number, hash: string) =>
  `/api/found-reports/${id}/photos/${position}?v=${hash}`;

/** What a report is now: an open one past its 30 days is expired, whether or not that was written yet. */
export const statusOf = (
  report: Pick<FoundReportWithPhotos, 'status' | 'expiresAt'>,
  now = new Date(),
): FoundReportStatus =>
  report.status === 'open' && report.expiresAt.getTime() <= now.getTime() ? 'expired' : report.status;

/**
 * A report as anyone may see it: the place as its grid cell, never the exact point, and nothing of
 * the finder's contact, language or links.
 */
export function presentFoundReport(report: FoundReportWithPhotos, now = new Date()): PublicFoundReport {
  return {
    id: report.id,
    species: report.species as FoundSpecies,
    colors: report.colors as FoundColor[],
    size: report.size as FoundSize,
    sex: report.sex as FoundSex | null,
    marks: report.marks,
    photoUrls: report.photoHashes.map((hash, position) => foundPhotoLink(report.id, position, hash)),
    cellLat: report.cellLat,
    cellLng: report.cellLng,
    location: report.location,
    foundAt: report.foundAt.toISOString(),
    whereNow: report.whereNow as WhereNow,
    shelterName: report.shelterName,
    status: statusOf(report, now),
    expiresAt: report.expiresAt.toISOString(),
    createdAt: report.createdAt.toISOString(),
  };
}

/** A board entry: the distance to its cell, to a tenth of a km (the cell is some 280 m wide). */
export const presentNearbyFoundReport = (report: FoundReportWithPhotos, distanceKm: number): NearbyFoundReport => ({
  ...presentFoundReport(report),
  distanceKm: Math.round(distanceKm * 10) / 10,
});
