import type { Language } from '../i18n/languages';

/** The longest message either side may send: a real message fits, a flood does not. */
export const MESSAGE_MAX_LENGTH = 2000;

/** A message either side sends: plain text (checked by `newMessageSchema`, contracts/message-schema.ts). */
export interface NewMessage {
  body: string;
}

export interface ConversationMessage {
  id: string;
  author: 'finder' | 'owner';
  body: string;
  createdAt: string;
}

/** A message as the pet's owners see it: which report it belongs to, and who of them wrote it. */
export interface OwnerConversationMessage extends ConversationMessage {
  reportId: string;
  /** The owner or co-owner who wrote it (first name), null for the finder. */
  authorName: string | null;
}

/** A message on a sighting as the pet's owners see it: which sighting, and who of them wrote it. */
export interface SightingConversationMessage extends ConversationMessage {
  sightingId: string;
  /** The owner or co-owner who wrote it (first name), null for the person who saw the pet. */
  authorName: string | null;
}

/**
 * The finder's conversation page: the pet as the scan page shows it to a stranger, the finder's own
 * report and the messages since. No e-mail address of anyone.
 */
export interface FinderConversation {
  pet: { name: string; photoUrl: string | null };
  /** The language the finder reported in: their page's, unless they choose another. */
  language: Language;
  /** What opened the conversation: a finder's report (they have the pet), or a sighting (they saw it pass). */
  about: 'report' | 'sighting';
  /**
   * The found pet the finder posted, when an owner's claim of it opened the conversation: the
   * finder sent no report, the owner says the pet they found is theirs. Null otherwise.
   */
  claimedFoundPetId: string | null;
  report: {
    finderName: string | null;
    finderLocation: string | null;
    finderLatitude: string | null;
    finderLongitude: string | null;
    message: string | null;
    createdAt: string;
  };
  messages: ConversationMessage[];
}

/** The finder's page of a conversation, from its secret token. */
export const conversationPath = (token: string) => `/c/${token}`;

/** The token in a path `conversationPath` made. */
export const conversationTokenOf = (path: string) => path.slice(conversationPath('').length);

/**
 * Why an owner can no longer write to a finder: the finder of a found pet said it is not theirs
 * ('Not the Pet I Found'). The owners' refusal and the notice in place of their Reply button.
 */
export const closedByFinderMessage = (petName: string) =>
  `The finder closed this conversation: they said the pet they found is not ${petName.trim()}. Your messages no longer reach them.`;

/** The answer to the owners' one-tap thank-you: how many finders it reached (none thanked twice). */
export interface FindersThanked {
  thanked: number;
}
