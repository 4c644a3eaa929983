import { Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { watchAreasSchemas as schemas } from './watch-areas.schemas';

/** Watch My Area: each person's own areas, and, for a pet's owners, how many neighbours were alerted. */
export function watchAreasRoutes({ watchAreas }: Services) {
  const router = Router();

  router.get('/watch-areas', requireUser, async (req, res) => {
    res.json(await watchAreas.list(userId(req)));
  });

  router.post('/watch-areas', requireUser, validate(schemas.create), async (req, res) => {
    res.status(201).json(await watchAreas.create(userId(req), req.body));
  });

  router.patch('/watch-areas/:id', requireUser, validate(schemas.setEmail), async (req, res) => {
    res.json(await watchAreas.setEmail(userId(req), req.params.id, req.body.email));
  });

  router.delete('/watch-areas/:id', requireUser, validate(schemas.byId), async (req, res) => {
    await watchAreas.remove(userId(req), req.params.id);
    res.status(204).end();
  });

  router.get('/pets/:id/watch-alerts', requireUser, validate(schemas.pet), async (req, res) => {
    res.json(await watchAreas.alertsSent(userId(req), req.params.id));
  });

  return router;
}
