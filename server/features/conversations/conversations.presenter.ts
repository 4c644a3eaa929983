import type {
  ConversationMessage,
  FinderConversation,
  OwnerConversationMessage,
  SightingConversationMessage,
} from '../../../shared/contracts/conversations';
import { DEFAULT_LANGUAGE, supportedLanguage } from '../../../shared/i18n/languages';
import type { ConversationRow, MessageRow } from './conversations.repository';

export const presentMessage = (row: MessageRow): ConversationMessage => ({
  id: row.id,
  author: row.author,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

/** The owners' view adds which report a message answers and which of them wrote it. */
export const presentOwnerMessage = (row: MessageRow, authorName: string | null): OwnerConversationMessage => ({
  ...presentMessage(row),
  // Only messages on reports are listed in this shape (a sighting's: presentSightingMessage).
  reportId: row.reportId ?? '',
  authorName: row.author === 'owner' ? authorName || 'Owner' : null,
});

/** A message on a sighting, for the owners: which sighting, and which of them wrote it. */
export const presentSightingMessage = (row: MessageRow, authorName: string | null): SightingConversationMessage => ({
  ...presentMessage(row),
  sightingId: row.sightingId ?? '',
  authorName: row.author === 'owner' ? authorName || 'Owner' : null,
});

/**
 * The finder's page: their own report back (never the contact they left), the pet as a stranger
 * may see it, and the messages. No owner's name or address beyond what the scan page shows.
 */
export const presentFinderConversation = (
  { report, subject, claimed }: ConversationRow,
  pet: FinderConversation['pet'],
  messages: MessageRow[],
): FinderConversation => ({
  pet,
  language: supportedLanguage(report.locale) ?? DEFAULT_LANGUAGE,
  about: subject.sightingId ? 'sighting' : 'report',
  claimedFoundPetId: claimed?.foundReportId ?? null,
  report: {
    finderName: report.finderName,
    finderLocation: report.finderLocation,
    finderLatitude: report.finderLatitude,
    finderLongitude: report.finderLongitude,
    message: report.message,
    createdAt: report.createdAt.toISOString(),
  },
  messages: messages.map(presentMessage),
});
