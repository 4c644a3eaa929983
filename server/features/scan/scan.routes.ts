import { Router } from 'express';
import { insertGpsPingSchema } from '../../../shared/schema';
import { requireUser, userId } from '../../auth/require-user';
import type { AppContext } from '../../context';
import { rateLimit } from '../../lib/rate-limit';
import { uuidParam, validateBody } from '../../lib/validate';
import { presentFinderReport } from './scan.presenter';
import { createFinderReports } from './scan.service';

/** Per finder's address and pet: enough for a real finder to correct a report, too few to spam an owner. */
export const FINDER_REPORT_LIMIT = { limit: 10, windowMs: 60_000 };

export function scanRoutes(ctx: AppContext) {
  const router = Router();
  const reports = createFinderReports(ctx);

  router.post(
    '/gps-pings',
    validateBody(insertGpsPingSchema),
    rateLimit(ctx.db, {
      name: 'gps-pings',
      ...FINDER_REPORT_LIMIT,
      key: (req) => `${req.ip ?? 'unknown'}:${req.body.petId}`,
      message: 'Too many reports for this pet. Please wait a minute and try again.',
    }),
    async (req, res) => {
      const report = await reports.create(req.body);
      res.status(201).json(presentFinderReport(report));
    },
  );

  router.get('/pets/:id/reports', requireUser, async (req, res) => {
    const rows = await reports.listForOwner(userId(req), uuidParam(req.params.id, 'Pet'));
    res.json(rows.map(presentFinderReport));
  });

  return router;
}
