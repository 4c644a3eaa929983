import { Router } from 'express';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { lostPetsSchemas as schemas } from './lost-pets.schemas';

export function lostPetsRoutes({ lostPets }: Services) {
  const router = Router();

  // Public. A pet found, or taken off the board by its owner, must leave it at once: never served stale.
  router.get('/lost-pets', validate(schemas.board), async (req, res) => {
    res.set('Cache-Control', 'no-cache').json(await lostPets.near(req.query));
  });

  return router;
}
