import { Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { requestLanguage } from '../../lib/i18n';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { finderReportsSchemas as schemas } from './finder-reports.schemas';

export function finderReportsRoutes({ finderReports }: Services) {
  const router = Router();

  // The spec's route for a finder's report.
  router.post('/gps-pings', validate(schemas.report), async (req, res) => {
    // The language the finder read the page in (their switch's cookie, else their browser's).
    res.status(201).json(await finderReports.report(req.body, { language: requestLanguage(req), address: req.ip }));
  });

  router.get('/pets/:id/reports', requireUser, validate(schemas.reportsOfPet), async (req, res) => {
    res.json(await finderReports.reportsOfPet(userId(req), req.params.id));
  });

  return router;
}
