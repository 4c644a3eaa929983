import { Router } from 'express';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { foundSchemas as schemas } from './found.schemas';

export function foundRoutes({ found }: Services) {
  const router = Router();

  router.get('/found', validate(schemas.lookup), async (req, res) => {
    res.json(await found.find(req.query.code, req.ip ?? 'unknown'));
  });

  return router;
}
