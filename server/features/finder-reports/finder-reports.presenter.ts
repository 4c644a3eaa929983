import { conversationPath } from '../../../shared/contracts/conversations';
import { type FiledFinderReport, type FinderReport, finderContactKind } from '../../../shared/contracts/finder-reports';
import { claimedFoundPet } from '../conversations/claimed-found-pet';
import type { FinderReportRow } from './finder-reports.repository';

/**
 * Whitelists what a report carries for the pet's owners: never the owner's id, the finder's
 * conversation token or an e-mail address the finder left (only that replies reach them by e-mail).
 * `claimedId`, `claimedSpecies`: the found pet an owner's claim filed it for (its finder follows it
 * from their report).
 */
export const presentFinderReport = (
  row: FinderReportRow & { claimedId?: string | null; claimedSpecies?: string | null },
): FinderReport => {
  const contactKind = finderContactKind(row.finderContact);
  const closedByFinder = row.closedByFinderAt !== null;
  const claimed = claimedFoundPet({ claimedId: row.claimedId ?? null, claimedSpecies: row.claimedSpecies ?? null });
  return {
    id: row.id,
    petId: row.petId,
    finderName: row.finderName,
    finderLocation: row.finderLocation,
    finderLatitude: row.finderLatitude,
    finderLongitude: row.finderLongitude,
    message: row.message,
    finderPhone: contactKind === 'phone' ? row.finderContact : null,
    finderHasEmail: contactKind === 'email',
    thanked: row.thankedAt !== null,
    closedByFinder,
    // The same rule as the thank-you's (conversations.repository.ts, claimConversationsToThank).
    finderReachable: !closedByFinder && (contactKind !== null || claimed !== null),
    claimedFoundPet: claimed && { id: claimed.foundReportId, species: claimed.species },
    createdAt: row.createdAt.toISOString(),
  };
};

/** The finder's answer to their own report: as above, and where their conversation page is (`token`, theirs). */
export const presentFiledReport = (row: FinderReportRow, token: string): FiledFinderReport => ({
  ...presentFinderReport(row),
  conversationPath: conversationPath(token),
});
