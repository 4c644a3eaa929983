import { Router } from 'express';
import { APP_SCAN_PAGE_NAMESPACES } from '../../../shared/i18n/strings';
import { requireUser, userId } from '../../auth/require-user';
import { pageStrings, requestLanguage } from '../../lib/i18n';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { scanSchemas as schemas } from './scan.schemas';

export function scanRoutes({ scan }: Services) {
  const router = Router();

  router.post('/gps-pings', validate(schemas.report), async (req, res) => {
    // The language the finder read the page in (their switch's cookie, else their browser's).
    res.status(201).json(await scan.report(req.body, { language: requestLanguage(req), address: req.ip }));
  });

  // The app's scan page, for a signed-in visitor, in the language the server's page would use.
  router.get('/finder-strings', (req, res) => {
    res.json(pageStrings(requestLanguage(req), APP_SCAN_PAGE_NAMESPACES));
  });

  router.get('/pets/:id/reports', requireUser, validate(schemas.reportsOfPet), async (req, res) => {
    res.json(await scan.reportsOfPet(userId(req), req.params.id));
  });

  return router;
}
