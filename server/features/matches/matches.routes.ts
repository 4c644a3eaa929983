import { Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { matchesSchemas as schemas } from './matches.schemas';

export function matchesRoutes({ matches }: Services) {
  const router = Router();

  router.get('/pets/:id/matches', requireUser, validate(schemas.ofPet), async (req, res) => {
    res.json(await matches.matchesOfPet(userId(req), req.params.id));
  });

  router.post('/pets/:id/matches/:foundReportId/confirm', requireUser, validate(schemas.decision), async (req, res) => {
    const claimed = await matches.confirm(userId(req), req.params.id, req.params.foundReportId);
    res.json({ status: 'confirmed', ...(claimed && typeof claimed === 'object' ? claimed : {}) });
  });

  router.post('/pets/:id/matches/:foundReportId/dismiss', requireUser, validate(schemas.decision), async (req, res) => {
    await matches.dismiss(userId(req), req.params.id, req.params.foundReportId);
    res.status(204).end();
  });

  return router;
}
