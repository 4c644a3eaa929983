import type { PublicFoundReport } from '../../../shared/contracts/found-report-schema';
import type { PossibleMatch } from '../../../shared/contracts/matches';
import type { MatchOfPetRow } from './matches.repository';

/** The link of a found report's photo (the cacheable image route of found reports). */
export const foundPhotoPath = (foundReportId: string, position: number, hash: string) =>
  `/api/found-reports/${foundReportId}/photos/${position}?v=${hash.slice(0, 16)}`;

/** A found report as an owner of a possible match sees it: the public view, nothing of the finder. */
function presentFoundReport({ report, photos }: Pick<MatchOfPetRow, 'report' | 'photos'>): PublicFoundReport {
  return {
    id: report.id,
    species: report.species as PublicFoundReport['species'],
    colors: report.colors as PublicFoundReport['colors'],
    size: report.size as PublicFoundReport['size'],
    sex: report.sex as PublicFoundReport['sex'],
    marks: report.marks,
    photoUrls: photos.map((p) => foundPhotoPath(report.id, p.position, p.hash)),
    cellLat: report.cellLat,
    cellLng: report.cellLng,
    location: report.location,
    foundAt: report.foundAt.toISOString(),
    whereNow: report.whereNow as PublicFoundReport['whereNow'],
    shelterName: report.shelterName,
    status: report.status,
    expiresAt: report.expiresAt.toISOString(),
    createdAt: report.createdAt.toISOString(),
  };
}

export function presentMatch(row: MatchOfPetRow): PossibleMatch {
  return {
    foundReport: presentFoundReport(row),
    score: row.score,
    reasons: row.reasons,
    status: row.status === 'confirmed' ? 'confirmed' : 'proposed',
  };
}
