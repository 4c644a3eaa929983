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

// Anyone's words go into attributes: every value escaped, quotes included.
const escapeAttribute = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * The Open Graph and Twitter card tags of a found pet's page: its heading and description in the
 * page's words, and the first photo as the card's image. Links are absolute: an unfurler resolves nothing.
 */
export function presentFoundPreviewTags(
  report: PublicFoundReport,
  { title, description, publicUrl }: { title: string; description: string; publicUrl: string },
) {
  const image = report.photoUrls[0] && `${publicUrl}${report.photoUrls[0]}`;
  const tags: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:site_name', 'Homeward'],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${publicUrl}/found-pet/${report.id}`],
    ...(image
      ? ([
          ['property', 'og:image', image],
          ['property', 'og:image:type', 'image/jpeg'],
          ['property', 'og:image:alt', title],
          ['name', 'twitter:image', image],
        ] as [attribute: 'property' | 'name', key: string, value: string][])
      : []),
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`)
    .join('');
}
