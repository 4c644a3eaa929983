import crypto from 'node:crypto';
import { PHOTO_WIDTHS } from '../../../shared/contracts/photos';
import type { PetPreview } from '../../../shared/contracts/previews';
import { boundedQueue } from '../../lib/bounded-queue';
import { AppError, notFound, RateLimitedError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { PetsService } from '../pets/pets.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { drawCard, squarePhoto } from './preview-card';
import { presentPreviewTags } from './previews.presenter';

/** Bump when the card's design changes: every card's address changes with it, so caches let go. */
const CARD_DESIGN = 1;

/** Cards kept drawn in this instance: about 60 KB each, so a few MB at most. */
export const MAX_CARDS_KEPT = 100;
/** Drawing takes a core for some 150 ms: one at a time, so previews never starve the finders' pages. */
const DRAWING_AT_ONCE = 1;
/** Beyond this many waiting, a request is told to come back (503) rather than queue for seconds. */
export const MAX_WAITING_DRAWS = 8;
/** Per address: the cards of many pets for an unfurler, too few to keep a core busy for long. */
export const CARD_DRAW_LIMIT = { name: 'preview-cards', limit: 60, windowMs: 60_000 };

/** What a card shows changes its version, and so its address: a changed pet is drawn anew. */
export const cardVersion = (pet: PetPreview) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([CARD_DESIGN, pet]))
    .digest('hex')
    .slice(0, 16);

export const cardPath = (pet: PetPreview) => `/api/pets/${pet.id}/card.jpg?v=${cardVersion(pet)}`;

export interface DrawnCard {
  version: string;
  /** Null when the asker already holds this version. */
  data: Buffer | null;
}

/**
 * Link previews of a pet's scan page: its Open Graph tags and its card image. Cards are drawn from
 * the public view only (presentPetPreview), kept by version in a small cache, drawn one at a time,
 * and each address may have only so many drawn a minute; a card already drawn costs nothing.
 */
export function createPreviewsService({
  pets,
  rateLimits,
  publicUrl,
}: {
  pets: PetsService;
  rateLimits: RateLimitsService;
  publicUrl: string;
}) {
  // Each pet's latest card, by pet. A Map keeps insertion order: re-inserting on use makes its first
  // key the least recently used.
  const kept = new Map<string, { version: string; data: Buffer }>();
  // Cards being drawn, by pet and version: asked for twice at once, a card is drawn once.
  const inFlight = new Map<string, Promise<Buffer>>();
  const queue = boundedQueue(
    DRAWING_AT_ONCE,
    MAX_WAITING_DRAWS,
    () => new AppError(503, 'busy', 'Too many previews are being drawn. Please try again in a moment.'),
  );

  const keep = (id: string, card: { version: string; data: Buffer }) => {
    kept.delete(id);
    kept.set(id, card);
    if (kept.size > MAX_CARDS_KEPT) kept.delete(kept.keys().next().value as string);
  };

  async function photoOf(pet: PetPreview) {
    if (!pet.photoHash) return undefined;
    try {
      return await squarePhoto((await pets.photo(pet.id, PHOTO_WIDTHS.full)).data);
    } catch {
      // Deleted between the two reads: the card shows the initial, as for a pet without a photo.
      return undefined;
    }
  }

  async function draw(pet: PetPreview, version: string) {
    const data = await queue(async () => {
      try {
        return await drawCard(pet, await photoOf(pet));
      } catch (err) {
        // Not the asker's fault, and no internals for them: said as a moment's trouble, logged for us.
        logger.error({ petId: pet.id, error: (err as Error).message }, 'preview card not drawn');
        throw new AppError(503, 'unavailable', 'The preview could not be drawn. Please try again in a moment.');
      }
    });
    keep(pet.id, { version, data });
    return data;
  }

  return {
    /** The tags for the head of the pet's scan page. */
    pageTags(pet: PetPreview) {
      return presentPreviewTags(pet, {
        pageUrl: `${publicUrl}/scan/${pet.id}`,
        cardUrl: `${publicUrl}${cardPath(pet)}`,
      });
    },

    /**
     * The pet's card as it is now, drawn if this version was not yet. `address` is the asker's;
     * `holds` tells whether the asker already has a version (its If-None-Match): then nothing is drawn.
     */
    async card(id: string, address: string, holds: (version: string) => boolean): Promise<DrawnCard> {
      const pet = await pets.preview(id);
      if (!pet) throw notFound('Pet');
      const version = cardVersion(pet);
      if (holds(version)) return { version, data: null };
      const cached = kept.get(id);
      if (cached?.version === version) {
        keep(id, cached);
        return { version, data: cached.data };
      }
      const key = `${id}:${version}`;
      if (!inFlight.has(key)) {
        const allowed = await rateLimits.hit(CARD_DRAW_LIMIT, address);
        if (!allowed.allowed)
          throw new RateLimitedError('Too many previews asked for. Please try again later.', allowed.retryAfter);
      }
      // Looked up again after the count: another request may have started this drawing meanwhile.
      let drawing = inFlight.get(key);
      if (!drawing) {
        drawing = draw(pet, version).finally(() => inFlight.delete(key));
        inFlight.set(key, drawing);
      }
      return { version, data: await drawing };
    },
  };
}

export type PreviewsService = ReturnType<typeof createPreviewsService>;
