import { Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { requestLanguage } from '../../lib/i18n';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { matchesSchemas as schemas } from './matches.schemas';

export function matchesRoutes({ matches }: Services) {
  const router = Router();

  // The reasons in the request's language: `?lang=`, else the language switch's cookie, else the
  // browser's; the owner's screens ask for theirs.
  router.get('/pets/:id/matches', requireUser, validate(schemas.ofPet), async (req, res) => {
    res.vary('Accept-Language').vary('Cookie');
    res.json(await matches.matchesOfPet(userId(req), req.params.id, requestLanguage(req)));
  });

  router.get('/pets/:id/match-emails', requireUser, validate(schemas.ofPet), async (req, res) => {
    res.json(await matches.matchEmails(userId(req), req.params.id));
  });

  router.patch('/pets/:id/match-emails', requireUser, validate(schemas.emails), async (req, res) => {
    res.json(await matches.setMatchEmails(userId(req), req.params.id, req.body));
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
