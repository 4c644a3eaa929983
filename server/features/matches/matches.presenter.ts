import type { PossibleMatch } from '../../../shared/contracts/matches';
import type { Language } from '../../../shared/i18n/languages';
import { presentFoundReport } from '../found-reports/found-reports.presenter';
import { storedReasonsInWords } from './match-reasons';
import type { MatchOfPetRow } from './matches.repository';

/**
 * A possible match as the pet's owners see it: the found report's public view, nothing of the
 * finder, and why in words of `language`.
 */
export function presentMatch(row: MatchOfPetRow, language: Language): PossibleMatch {
  return {
    foundReport: presentFoundReport({ ...row.report, photoHashes: row.photos.map((photo) => photo.hash) }),
    score: row.score,
    reasons: storedReasonsInWords(row, row.petName, language),
    status: row.status === 'confirmed' ? 'confirmed' : 'proposed',
    finderSaysNot: row.finderSaysNot,
    finderReportId: row.status === 'confirmed' ? row.finderReportId : null,
  };
}
