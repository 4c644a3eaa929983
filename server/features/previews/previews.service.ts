import crypto from 'node:crypto';
import type { PublicFoundReport } from '../../../shared/contracts/found-report-schema';
import { PHOTO_WIDTHS } from '../../../shared/contracts/photos';
import type { FoundPreview, PetPreview } from '../../../shared/contracts/previews';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { boundedQueue } from '../../lib/bounded-queue';
import { AppError, notFound, RateLimitedError } from '../../lib/errors';
import { describeFailure, logger } from '../../lib/logger';
import type { FoundReportsService } from '../found-reports/found-reports.service';
import type { PetsService } from '../pets/pets.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { petPreviewWords } from './pet-preview-words';
import { drawCard, drawFoundCard, squarePhoto } from './preview-card';
import {
  type PreviewWords,
  presentFoundPreviewTags,
  presentPreviewTags,
  presentSiteTags,
  previewDescription,
  SITE_ICON,
} from './previews.presenter';

/** A page's address names its language unless it is English: '?lang=de'. */
const languageQuery = (lang: Language) => (lang === DEFAULT_LANGUAGE ? '' : `?lang=${lang}`);

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

/** A pet's preview in the language of the page it previews, which changes the card's words. */
type ShownPet = PetPreview & { lang: Language };

/** What a card shows changes its version, and so its address: a changed pet is drawn anew. */
export const cardVersion = (shown: ShownPet | FoundPreview) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([CARD_DESIGN, shown]))
    .digest('hex')
    .slice(0, 16);

// The language in the address too: a cache keeps one card per language, each under its own address.
export const cardPath = (pet: ShownPet) => `/api/pets/${pet.id}/card.jpg?v=${cardVersion(pet)}&lang=${pet.lang}`;
export const foundCardPath = (found: FoundPreview) =>
  `/api/found-reports/${found.id}/card.jpg?v=${cardVersion(found)}&lang=${found.lang}`;

/** Who asks for a card: their address, and whether they already hold a version (If-None-Match). */
export interface CardAsker {
  address: string;
  holds: (version: string) => boolean;
}

/** What a found pet's card shows, from its public view, in the language of the page it previews. */
export const foundPreview = (report: PublicFoundReport, lang: Language): FoundPreview => ({
  id: report.id,
  species: report.species,
  colors: report.colors,
  size: report.size,
  location: report.location,
  foundAt: report.foundAt,
  status: report.status,
  shelterName: report.shelterName,
  photoUrl: report.photoUrls[0] ?? null,
  lang,
});

export interface DrawnCard {
  version: string;
  /** Null when the asker already holds this version. */
  data: Buffer | null;
}

/**
 * Link previews of a pet's scan page and a found pet's page: Open Graph tags and a card image.
 * Cards are drawn from the public views only (presentPetPreview, presentFoundReport), kept by
 * version in a small cache, drawn one at a time, and each address may have only so many drawn a
 * minute; a card already drawn costs nothing.
 */
export function createPreviewsService({
  pets,
  foundReports,
  rateLimits,
  publicUrl,
}: {
  pets: PetsService;
  foundReports: FoundReportsService;
  rateLimits: RateLimitsService;
  publicUrl: string;
}) {
  // Each pet's or found pet's latest card in each language, by 'pet:{id}:{lang}' or
  // 'found:{id}:{lang}'. A Map keeps insertion order: re-inserting on use makes its first key the
  // least recently used.
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

  async function foundPhotoOf(found: FoundPreview) {
    if (!found.photoUrl) return undefined;
    try {
      return await squarePhoto((await foundReports.photo(found.id, 0)).data);
    } catch {
      return undefined;
    }
  }

  async function draw(key: string, version: string, drawing: () => Promise<Buffer>) {
    const data = await queue(async () => {
      try {
        return await drawing();
      } catch (err) {
        // Not the asker's fault, and no internals for them: said as a moment's trouble, logged for us.
        logger.error({ card: key, ...describeFailure(err) }, 'preview card not drawn');
        throw new AppError(503, 'unavailable', 'The preview could not be drawn. Please try again in a moment.');
      }
    });
    keep(key, { version, data });
    return data;
  }

  /**
   * The card under `key` as `shown` is now, drawn if this version was not yet. `address` is the
   * asker's; `holds` tells whether the asker already has a version (its If-None-Match): then
   * nothing is drawn.
   */
  async function cardOf(
    key: string,
    shown: ShownPet | FoundPreview,
    { address, holds }: CardAsker,
    drawing: () => Promise<Buffer>,
  ): Promise<DrawnCard> {
    const version = cardVersion(shown);
    if (holds(version)) return { version, data: null };
    const cached = kept.get(key);
    if (cached?.version === version) {
      keep(key, cached);
      return { version, data: cached.data };
    }
    const flight = `${key}:${version}`;
    if (!inFlight.has(flight)) {
      const allowed = await rateLimits.hit(CARD_DRAW_LIMIT, address);
      if (!allowed.allowed)
        throw new RateLimitedError('Too many previews asked for. Please try again later.', allowed.retryAfter);
    }
    // Looked up again after the count: another request may have started this drawing meanwhile.
    let pending = inFlight.get(flight);
    if (!pending) {
      pending = draw(key, version, drawing).finally(() => inFlight.delete(flight));
      inFlight.set(flight, pending);
    }
    return { version, data: await pending };
  }

  return {
    /** The scan page's own description in `lang`: its preview's, for what reads it rather than the tags. */
    description: (pet: PetPreview, lang: Language) => previewDescription(petPreviewWords(pet, lang)),

    /**
     * The tags for the head of the pet's scan page in `lang`. As a found pet's page's, its address
     * names a language other than English, for a site that takes `og:url` for the page.
     */
    pageTags(pet: PetPreview, lang: Language) {
      return presentPreviewTags(petPreviewWords(pet, lang), lang, {
        pageUrl: `${publicUrl}/scan/${pet.id}${languageQuery(lang)}`,
        cardUrl: `${publicUrl}${cardPath({ ...pet, lang })}`,
      });
    },

    /**
     * The tags for the head of a page about many pets, from its own words; `path` with the query a
     * visitor shares (a board's place), so that the link opens what was shared.
     */
    siteTags(words: PreviewWords, path: string) {
      return presentSiteTags(words, { pageUrl: `${publicUrl}${path}`, iconUrl: `${publicUrl}${SITE_ICON}` });
    },

    /**
     * The tags for the head of a found pet's page, from the page's own words. Its address names a
     * language other than English: a site that takes `og:url` for the page (and fetches it again)
     * previews the language that was shared, not the English one.
     */
    foundPageTags(report: PublicFoundReport, words: PreviewWords) {
      return presentFoundPreviewTags(words, {
        pageUrl: `${publicUrl}/found-pet/${report.id}${languageQuery(words.lang)}`,
        cardUrl: `${publicUrl}${foundCardPath(foundPreview(report, words.lang))}`,
      });
    },

    /** The pet's card as it is now, in `lang`; 404 for no such pet. */
    async card(id: string, lang: Language, asker: CardAsker): Promise<DrawnCard> {
      const pet = await pets.preview(id);
      if (!pet) throw notFound('Pet');
      return cardOf(`pet:${id}:${lang}`, { ...pet, lang }, asker, async () => drawCard(pet, await photoOf(pet), lang));
    },

    /** The found pet's card as its page in `lang` is now; 404 for no such found pet. */
    async foundCard(id: string, lang: Language, asker: CardAsker): Promise<DrawnCard> {
      const found = foundPreview(await foundReports.view(id), lang);
      return cardOf(`found:${id}:${lang}`, found, asker, async () => drawFoundCard(found, await foundPhotoOf(found)));
    },
  };
}

export type PreviewsService = ReturnType<typeof createPreviewsService>;
