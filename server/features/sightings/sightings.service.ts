import { conversationPath } from '../../../shared/contracts/conversations';
import type { NewSighting } from '../../../shared/contracts/sighting-schema';
import type { FiledSighting, Sighting } from '../../../shared/contracts/sightings';
import type { Language } from '../../../shared/i18n/languages';
import type { Db } from '../../db/connection';
import { AppError, notFound, RateLimitedError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { logger } from '../../lib/logger';
import { waitInWords } from '../../lib/rate-limit';
import { newConversationLink } from '../conversations/conversation-token';
import type { ConversationsService } from '../conversations/conversations.service';
import { encodeFoundPhotos } from '../found-reports/found-report.photos';
import type { NotificationsService } from '../notifications/notifications.service';
import { parseDataUrl } from '../pets/pets.photo';
import type { PushService } from '../push/push.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { sightingEmail } from './sighting.email';
import { sightingPush } from './sighting.push';
import { presentSighting } from './sightings.presenter';
import {
  findAccessiblePet,
  findPetForSighting,
  findSightingPhoto,
  hideSighting,
  insertSighting,
  listSightings,
  lockSightingsOf,
  secondsUntilUnderPetLimit,
} from './sightings.repository';

/**
 * Per address and pet: a neighbour who saw the pet, then saw it again or corrects the place, is
 * never stopped; a script repeating itself is, after five in ten minutes.
 */
export const SIGHTING_LIMIT = { name: 'sightings', limit: 5, windowMs: 10 * 60_000 };
/** Per address across every pet: one connection cannot post about the whole board. */
export const SIGHTING_ADDRESS_LIMIT = { name: 'sightings-address', limit: 20, windowMs: 60 * 60_000 };
/**
 * Per pet, whatever the addresses: each sighting is an e-mail and a push to every owner, so a flood
 * from many addresses still reaches them at most this often. A real search rarely gets near it.
 */
export const SIGHTING_PET_QUOTA = { limit: 30, windowMs: 60 * 60_000 };

/** Who is saying they saw the pet: the language they read the page in, and the address they send from. */
export interface Sighter {
  language: Language;
  address: string | undefined;
}

interface SightingsDeps {
  db: Db;
  conversations: ConversationsService;
  rateLimits: RateLimitsService;
  publicUrl: string;
  notifications: NotificationsService;
  push: PushService;
}

export const notMissingMessage = (name: string) =>
  `${name.trim()} is not reported missing: sightings are taken only for a missing pet.`;

export function createSightingsService({
  db,
  rateLimits,
  publicUrl,
  notifications,
  push,
  conversations,
}: SightingsDeps) {
  const tooMany = (seconds: number, language: Language) =>
    new RateLimitedError(
      translator(language)('sighting.tooMany', { wait: waitInWords(seconds, language) }),
      Math.max(1, seconds),
    );

  return {
    /**
     * The one road of a sighting, from the dialog, the form without script and the API alike. Past a
     * limit (this address for this pet, this address for all pets, then the pet's quota) it is refused
     * with 429 and neither stored nor sent. A pet that is not missing takes none (409). Otherwise the
     * photo is re-encoded, the sighting stored with a link to its conversation and an e-mail queued to
     * each owner in one transaction; the e-mails and push alerts go out after, without holding up the
     * sighter, who gets back only that it was received and their conversation page. The photo is the
     * dialog's data URL, or the form without scripts' file as the phone took it (`uploaded`), bounded
     * and re-encoded as a found pet's are.
     */
    async report(input: NewSighting, { language, address }: Sighter, uploaded?: Buffer): Promise<FiledSighting> {
      const from = address ?? 'unknown';
      for (const [rule, key] of [
        [SIGHTING_LIMIT, `${from}:${input.petId}`],
        [SIGHTING_ADDRESS_LIMIT, from],
      ] as const) {
        const limit = await rateLimits.hit(rule, key);
        if (!limit.allowed) throw tooMany(limit.retryAfter, language);
      }
      const pet = await findPetForSighting(db, input.petId);
      if (!pet) throw notFound('Pet');
      if (!pet.isMissing) throw new AppError(409, 'not_missing', notMissingMessage(pet.name));
      const photo = uploaded
        ? (await encodeFoundPhotos([uploaded]))[0]
        : input.photoUrl
          ? await parseDataUrl(input.photoUrl)
          : undefined;
      const link = newConversationLink();
      const { sighting, queued } = await db.transaction(async (tx) => {
        await lockSightingsOf(tx, pet.id);
        const wait = await secondsUntilUnderPetLimit(tx, pet.id, SIGHTING_PET_QUOTA);
        if (wait > 0) throw tooMany(wait, language);
        const sighting = await insertSighting(
          tx,
          {
            petId: pet.id,
            lat: input.lat ?? null,
            lng: input.lng ?? null,
            location: input.location || null,
            seenAt: input.seenAt ? new Date(input.seenAt) : new Date(),
            heading: input.heading ?? null,
            note: input.note || null,
            photo: photo?.data ?? null,
            photoHash: photo?.hash ?? null,
            contact: input.contact || null,
            locale: language,
          },
          link.hash,
        );
        const queued = [];
        for (const owner of pet.owners)
          queued.push(await notifications.queue(sightingEmail(pet, owner, sighting, publicUrl), tx));
        await push.queueForPetOwners(tx, pet.id, sightingPush(pet, sighting));
        return { sighting, queued };
      });
      logger.info({ petId: pet.id, sightingId: sighting.id, photo: Boolean(photo) }, 'sighting received');
      for (const notification of queued) void notifications.deliver(notification);
      push.sendQueued();
      return { id: sighting.id, conversationPath: conversationPath(link.token) };
    },

    /** The owners' view of a pet's sightings that nobody hid, newest first; 404 for anyone else. */
    async sightingsOfPet(userId: string, petId: string): Promise<Sighting[]> {
      const pet = await findAccessiblePet(db, petId, userId);
      if (!pet) throw notFound('Pet');
      const [rows, messages] = await Promise.all([
        listSightings(db, petId, userId),
        conversations.sightingMessagesOfPet(userId, petId),
      ]);
      return rows.map((row) =>
        presentSighting(
          row,
          pet,
          messages.filter((message) => message.sightingId === row.id),
        ),
      );
    },

    /** An owner replies to the person who saw the pet, through Homeward (see conversations). */
    reply(userId: string, petId: string, sightingId: string, body: string) {
      return conversations.ownerRepliesToSighting(userId, petId, sightingId, body);
    },

    /** An owner hides a sighting (spam): it leaves every view. Hiding twice is the same. */
    async hide(userId: string, petId: string, sightingId: string): Promise<void> {
      if (!(await hideSighting(db, petId, sightingId, userId))) throw notFound('Sighting');
      logger.info({ petId, sightingId, userId }, 'sighting hidden');
    },

    /** A sighting's photo, for the pet's owners. */
    async photo(userId: string, petId: string, sightingId: string) {
      const photo = await findSightingPhoto(db, petId, sightingId, userId);
      if (!photo) throw notFound('Photo');
      return photo;
    },
  };
}

export type SightingsService = ReturnType<typeof createSightingsService>;
