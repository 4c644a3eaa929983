import { z } from 'zod';
import { DEFAULT_LANGUAGE, supportedLanguage } from '../../../shared/i18n/languages';
import { idParam } from '../../lib/validate';

// A card is in the language its page gave in the address. One we do not offer, or none (an address
// given before cards had a language), is drawn in English, as that page would be.
const cardLanguage = z
  .string()
  .optional()
  .transform((tag) => supportedLanguage(tag) ?? DEFAULT_LANGUAGE);

/** What each previews route accepts. */
export const previewsSchemas = {
  // `v` is the card's version in the address the scan page gives; any other answers the card as it is now.
  card: {
    params: z.object({ id: idParam('Pet') }),
    query: z.object({ v: z.string().max(64).optional(), lang: cardLanguage }),
  },
  foundCard: {
    params: z.object({ id: idParam('Found pet') }),
    query: z.object({ v: z.string().max(64).optional(), lang: cardLanguage }),
  },
};
