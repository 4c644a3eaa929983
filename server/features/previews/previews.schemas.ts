import { z } from 'zod';
import { idParam } from '../../lib/validate';

/** What each previews route accepts. */
export const previewsSchemas = {
  // `v` is the card's version in the address the scan page gives; any other answers the card as it is now.
  card: { params: z.object({ id: idParam('Pet') }), query: z.object({ v: z.string().max(64).optional() }) },
  foundCard: { params: z.object({ id: idParam('Found pet') }), query: z.object({ v: z.string().max(64).optional() }) },
};
