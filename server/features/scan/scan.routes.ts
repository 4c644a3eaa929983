import { Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { rateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { scanSchemas as schemas } from './scan.schemas';

/** Per finder's address and pet: enough for a real finder to correct a report, too few to spam an owner. */
export const FINDER_REPORT_LIMIT = { limit: 10, windowMs: 60_000 };
/** One counter for the dialog's API call and the no-script form: both file the same report. */
export const FINDER_REPORT_RULE = { name: 'gps-pings', ...FINDER_REPORT_LIMIT };
export const FINDER_REPORT_LIMIT_MESSAGE = 'Too many reports from your connection. Please wait a minute and try again.';

export function scanRoutes({ scan, rateLimits }: Services) {
  const router = Router();

  router.post(
    '/gps-pings',
    validate(schemas.report),
    rateLimit(rateLimits, {
      ...FINDER_REPORT_RULE,
      key: (req) => `${req.ip ?? 'unknown'}:${req.body.petId}`,
      message: FINDER_REPORT_LIMIT_MESSAGE,
    }),
    async (req, res) => {
      res.status(201).json(await scan.report(req.body));
    },
  );

  router.get('/pets/:id/reports', requireUser, validate(schemas.reportsOfPet), async (req, res) => {
    res.json(await scan.reportsOfPet(userId(req), req.params.id));
  });

  return router;
}
