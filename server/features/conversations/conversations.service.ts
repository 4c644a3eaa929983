import type {
  ConversationMessage,
  FinderConversation,
  FindersThanked,
  OwnerConversationMessage,
  SightingConversationMessage,
} from '../../../shared/contracts/conversations';
import { closedByFinderMessage, conversationPath } from '../../../shared/contracts/conversations';
import { finderContactKind } from '../../../shared/contracts/finder-reports';
import type { Language } from '../../../shared/i18n/languages';
import type { Db, Executor } from '../../db/connection';
import { conflict, notFound } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { logger } from '../../lib/logger';
import { hashSecretToken } from '../../lib/secret-token';
import { addressHash, type NotificationsService } from '../notifications/notifications.service';
import { isHomeSafe } from '../pets/home-safe';
import { isPetAccessible, listPetOwners } from '../pets/pet-access';
import type { PetsService } from '../pets/pets.service';
import type { PushService } from '../push/push.service';
import { finderMessageEmail, ownerReplyEmail, reportLanguage } from './conversation.emails';
import { finderMessagePush } from './conversation.push';
import { newConversationLink } from './conversation-token';
import {
  presentFinderConversation,
  presentMessage,
  presentOwnerMessage,
  presentSightingMessage,
} from './conversations.presenter';
import {
  type ConversationRow,
  claimConversationsToThank,
  findConversationByLink,
  findConversationForOwner,
  findPetToThank,
  findSightingConversationForOwner,
  insertConversationLink,
  insertMessage,
  isSightingOfCurrentAbsence,
  listMessages,
  listPetMessages,
  listPetSightingMessages,
  type MessageRow,
  timeZoneOf,
} from './conversations.repository';
import { finderKey, notHomeSafeMessage, thankYouMessage } from './thank-you';

interface ConversationsDeps {
  db: Db;
  publicUrl: string;
  notifications: NotificationsService;
  pets: PetsService;
  push: PushService;
}

/**
 * The conversation a finder's report opens between the finder (who holds its secret link and has
 * no account) and the pet's owners (creator and Safety Circle), always through Homeward: neither
 * side learns the other's e-mail address from it.
 */
export function createConversationsService({ db, publicUrl, notifications, pets, push }: ConversationsDeps) {
  /**
   * The conversation a finder's link opens. A link we e-mailed shows, once opened, that the
   * address's owner reads our mail: it may then receive the owners' further replies.
   */
  async function conversationOf(token: string): Promise<ConversationRow> {
    const conversation = await findConversationByLink(db, hashSecretToken(token));
    if (!conversation) throw notFound('Conversation');
    if (conversation.mailedTo) await notifications.confirmAddress(conversation.mailedTo);
    return conversation;
  }

  /**
   * Tells the pet's owners that the finder wrote: one e-mail each, through the outbox (retried when
   * the mail server fails), and a push alert to each of their devices. Every channel that alerts
   * owners of a finder's message belongs here.
   */
  async function notifyOwnersOfFinderMessage(conversation: ConversationRow, message: MessageRow) {
    const queued = await db.transaction(async (tx) => {
      const owners = await listPetOwners(tx, conversation.pet.id);
      await push.queueForPetOwners(tx, conversation.pet.id, finderMessagePush(conversation, message));
      return Promise.all(
        owners.map((owner) => notifications.queue(finderMessageEmail(owner, conversation, message, publicUrl), tx)),
      );
    });
    for (const notification of queued) void notifications.deliver(notification);
    push.sendQueued();
  }

  /**
   * When the finder left an e-mail address and it may receive one (see `queueToAddress`), queues in
   * the same transaction the e-mail that carries an owner's message (or, `announcesClaim`, tells of
   * the claim that opened the conversation, with the owner's words if any), with a link of its own
   * to the conversation. The caller delivers it once committed.
   */
  async function queueToFinder(
    tx: Executor,
    conversation: ConversationRow,
    message: MessageRow | null,
    announcesClaim = false,
  ) {
    const { finderContact } = conversation.report;
    const timeZone = message?.authorUserId ? await timeZoneOf(tx, message.authorUserId) : null;
    const { subject } = conversation;
    const finderEmail = finderContactKind(finderContact) === 'email' ? finderContact : null;
    if (!finderEmail) return undefined;
    return notifications.queueToAddress(
      finderEmail,
      async (firstContact) => {
        const link = newConversationLink();
        await insertConversationLink(tx, { tokenHash: link.hash, ...subject, mailedTo: addressHash(finderEmail) });
        return ownerReplyEmail(
          { finderEmail, token: link.token, firstContact, announcesClaim, timeZone },
          conversation,
          message,
          publicUrl,
        );
      },
      tx,
    );
  }

  /** Writes an owner's message into a conversation, and queues its e-mail to the finder (see `queueToFinder`). */
  async function writeOwnerMessage(
    tx: Executor,
    conversation: ConversationRow,
    userId: string,
    body: string,
    announcesClaim = false,
  ) {
    const message = await insertMessage(tx, { ...conversation.subject, author: 'owner', authorUserId: userId, body });
    return { message, notification: await queueToFinder(tx, conversation, message, announcesClaim) };
  }

  return {
    /** The finder's page: the pet, their report and every message, oldest first. */
    async finderView(token: string): Promise<FinderConversation> {
      const conversation = await conversationOf(token);
      const [pet, messages] = await Promise.all([
        pets.publicView(conversation.pet.id),
        listMessages(db, conversation.subject),
      ]);
      return presentFinderConversation(
        conversation,
        { name: pet?.name ?? conversation.pet.name, photoUrl: pet?.photoUrl ?? null },
        messages,
      );
    },

    /**
     * A new link for the finder to the conversation of report `reportId`, handed to their browser
     * (a found pet's finder opens it from their management page): its path.
     */
    async linkForFinder(reportId: string): Promise<string> {
      const link = newConversationLink();
      await insertConversationLink(db, { tokenHash: link.hash, reportId, mailedTo: null });
      return conversationPath(link.token);
    },

    /** Whether `token` opens a finder's conversation about pet `petId`. */
    async isAboutPet(token: string, petId: string): Promise<boolean> {
      return (await findConversationByLink(db, hashSecretToken(token)))?.pet.id === petId;
    },

    /**
     * The finder answers on their page; the owners are told. A sighter's conversation ends with the
     * absence it was about (the pet is home, or lost anew): its owners no longer see that sighting,
     * so a message would reach them as an e-mail they cannot answer (409, in `lang`).
     */
    async finderWrites(token: string, body: string, lang: Language): Promise<ConversationMessage> {
      const conversation = await conversationOf(token);
      const { sightingId } = conversation.subject;
      if (sightingId && !(await isSightingOfCurrentAbsence(db, sightingId, conversation.pet.id)))
        throw conflict(translator(lang)('conversation.sightingEnded', { name: conversation.pet.name }));
      const message = await insertMessage(db, { ...conversation.subject, author: 'finder', body });
      logger.info({ ...conversation.subject, messageId: message.id }, 'finder wrote in a conversation');
      await notifyOwnersOfFinderMessage(conversation, message);
      return presentMessage(message);
    },

    /**
     * An owner (or co-owner) replies to a report: the reply shows on the finder's page and, when the
     * finder left an e-mail address, is e-mailed to them with the page's link. A conversation its
     * finder closed takes no more (409).
     */
    async ownerReplies(userId: string, reportId: string, body: string): Promise<OwnerConversationMessage> {
      const conversation = await findConversationForOwner(db, reportId, userId);
      if (!conversation) throw notFound('Report');
      // Written, it would be stored and reach no one: the finder left.
      if (conversation.report.closedByFinderAt) throw conflict(closedByFinderMessage(conversation.pet.name));
      const { message, notification } = await db.transaction((tx) => writeOwnerMessage(tx, conversation, userId, body));
      logger.info({ reportId, messageId: message.id, userId, emailed: Boolean(notification) }, 'owner replied');
      if (notification) void notifications.deliver(notification);
      return presentOwnerMessage(message, null);
    },

    /**
     * An owner's claim of a found pet filed report `reportId`: its finder is told, by e-mail when they
     * left an address, with the owner's first message when they wrote one. Without one nothing is
     * written in the conversation: both sides see the claim from its own facts, never a greeting
     * passed off as the owner's words.
     */
    async claimOpened(userId: string, reportId: string, body: string | undefined): Promise<void> {
      const conversation = await findConversationForOwner(db, reportId, userId);
      if (!conversation) throw notFound('Report');
      const { message, notification } = await db.transaction(async (tx) =>
        body
          ? writeOwnerMessage(tx, conversation, userId, body, true)
          : { message: null, notification: await queueToFinder(tx, conversation, null, true) },
      );
      logger.info(
        { reportId, messageId: message?.id, userId, emailed: Boolean(notification) },
        'finder told of a claim',
      );
      if (notification) void notifications.deliver(notification);
    },

    /**
     * An owner replies to someone who saw the pet: as a reply to a finder, it shows on their page and,
     * when they left an e-mail address, is e-mailed to them with the page's link.
     */
    async ownerRepliesToSighting(
      userId: string,
      petId: string,
      sightingId: string,
      body: string,
    ): Promise<SightingConversationMessage> {
      const conversation = await findSightingConversationForOwner(db, petId, sightingId, userId);
      if (!conversation) throw notFound('Sighting');
      const { message, notification } = await db.transaction((tx) => writeOwnerMessage(tx, conversation, userId, body));
      logger.info({ sightingId, messageId: message.id, userId, emailed: Boolean(notification) }, 'owner replied');
      if (notification) void notifications.deliver(notification);
      return presentSightingMessage(message, null);
    },

    /** Every message on a pet's sightings that nobody hid, for its owners; 404 for anyone else. */
    async sightingMessagesOfPet(userId: string, petId: string): Promise<SightingConversationMessage[]> {
      if (!(await isPetAccessible(db, userId, petId))) throw notFound('Pet');
      const rows = await listPetSightingMessages(db, petId, userId);
      return rows.map(({ message, authorName }) => presentSightingMessage(message, authorName));
    },

    /**
     * The one-tap thank-you once a missing pet is home safe: one owner message to every finder not
     * thanked yet, in their newest conversation, reaching them as a reply does. A finder who sent
     * several reports is one person (one contact), thanked once; nobody is thanked twice.
     */
    async thankFinders(userId: string, petId: string): Promise<FindersThanked> {
      const pet = await findPetToThank(db, petId, userId);
      if (!pet) throw notFound('Pet');
      if (!isHomeSafe(pet)) throw conflict(notHomeSafeMessage(pet.name));
      const sent = await db.transaction(async (tx) => {
        const newestPerFinder = new Map<string, ConversationRow>();
        for (const conversation of await claimConversationsToThank(tx, pet)) {
          const finder = finderKey(conversation.finderContact);
          if (finder && !newestPerFinder.has(finder)) newestPerFinder.set(finder, conversation);
        }
        // One after another: the statements of one transaction share its connection. Each finder
        // is thanked in the language they reported in.
        const written = [];
        for (const conversation of newestPerFinder.values()) {
          const body = thankYouMessage(pet.name, reportLanguage(conversation.report));
          written.push(await writeOwnerMessage(tx, conversation, userId, body));
        }
        return written;
      });
      const emailed = sent.flatMap(({ notification }) => (notification ? [notification] : []));
      logger.info({ petId, userId, thanked: sent.length, emailed: emailed.length }, 'owner thanked the finders');
      for (const notification of emailed) void notifications.deliver(notification);
      return { thanked: sent.length };
    },

    /** Every message on a pet's reports, for its owners; 404 for anyone else. */
    async messagesOfPet(userId: string, petId: string): Promise<OwnerConversationMessage[]> {
      if (!(await isPetAccessible(db, userId, petId))) throw notFound('Pet');
      const rows = await listPetMessages(db, petId, userId);
      return rows.map(({ message, authorName }) => presentOwnerMessage(message, authorName));
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
