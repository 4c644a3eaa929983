import type { PossibleMatch } from '../../../shared/contracts/matches';
import { presentFoundReport } from '../found-reports/found-reports.presenter';
import type { MatchOfPetRow } from './matches.repository';

/** A possible match as the pet's owners see it: the found report's public view, nothing of the finder. */
export function presentMatch(row: MatchOfPetRow): PossibleMatch {
  return {
    foundReport: presentFoundReport({ ...row.report, photoHashes: row.photos.map((photo) => photo.hash) }),
    score: row.score,
    reasons: row.reasons,
    status: row.status === 'confirmed' ? 'confirmed' : 'proposed',
  };
}
