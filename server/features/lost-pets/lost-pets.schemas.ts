import { z } from 'zod';
import { lostBoardQuerySchema } from '../../../shared/contracts/places';

/** What each lost-pets route accepts. */
export const lostPetsSchemas = {
  board: { query: lostBoardQuerySchema },
  /** The /lost page takes any query: a bad one is answered on the page itself, in words. */
  page: { query: z.object({ lat: z.unknown().optional(), lng: z.unknown().optional(), km: z.unknown().optional() }) },
};
