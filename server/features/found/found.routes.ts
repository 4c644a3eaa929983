import { Router } from 'express';
import { TOO_MANY_LOOKUPS_MESSAGE } from '../../../shared/contracts/found';
import { rateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { foundSchemas as schemas } from './found.schemas';

/**
 * Lookups by code, per address, counted together for the API and the /found page. A finder who
 * mistypes tries a few times; a script guessing among 27 billion codes gets nowhere.
 */
export const FOUND_LOOKUP_LIMIT = { name: 'found', limit: 20, windowMs: 10 * 60_000 };

export function foundRoutes({ found, rateLimits }: Services) {
  const router = Router();

  router.get(
    '/found',
    validate(schemas.lookup),
    rateLimit(rateLimits, {
      ...FOUND_LOOKUP_LIMIT,
      key: (req) => req.ip ?? 'unknown',
      message: TOO_MANY_LOOKUPS_MESSAGE,
    }),
    async (req, res) => {
      res.json(await found.find(req.query.code));
    },
  );

  return router;
}
