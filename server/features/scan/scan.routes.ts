import { Router } from 'express';
import { APP_SCAN_PAGE_NAMESPACES } from '../../../shared/i18n/strings';
import { requireUser, userId } from '../../auth/require-user';
import { pageStrings, requestLanguage, translator } from '../../lib/i18n';
import { rateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { scanSchemas as schemas } from './scan.schemas';

/** Per finder's address and pet: enough for a real finder to correct a report, too few to spam an owner. */
export const FINDER_REPORT_LIMIT = { limit: 10, windowMs: 60_000 };
/** One counter for the dialog's API call and the no-script form: both file the same report. */
export const FINDER_REPORT_RULE = { name: 'gps-pings', ...FINDER_REPORT_LIMIT };

export function scanRoutes({ scan, rateLimits }: Services) {
  const router = Router();

  router.post(
    '/gps-pings',
    validate(schemas.report),
    rateLimit(rateLimits, {
      ...FINDER_REPORT_RULE,
      key: (req) => `${req.ip ?? 'unknown'}:${req.body.petId}`,
      // Shown by the Share Location dialog: in the language the finder reads the page in.
      message: (_wait, req) => translator(requestLanguage(req))('pages.tooManyReports'),
    }),
    async (req, res) => {
      // The language the finder read the page in (their switch's cookie, else their browser's).
      res.status(201).json(await scan.report(req.body, requestLanguage(req)));
    },
  );

  // The app's scan page, for a signed-in visitor, in the language the server's page would use.
  router.get('/finder-strings', (req, res) => {
    res.json(pageStrings(requestLanguage(req), APP_SCAN_PAGE_NAMESPACES));
  });

  router.get('/pets/:id/reports', requireUser, validate(schemas.reportsOfPet), async (req, res) => {
    res.json(await scan.reportsOfPet(userId(req), req.params.id));
  });

  return router;
}
