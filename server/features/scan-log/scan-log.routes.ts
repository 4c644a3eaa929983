import { Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { scanLogSchemas as schemas } from './scan-log.schemas';

export function scanLogRoutes({ scanLog }: Services) {
  const router = Router();

  router.get('/pets/:id/scans', requireUser, validate(schemas.recentScans), async (req, res) => {
    res.json(await scanLog.recentScans(userId(req), req.params.id));
  });

  // The app's scan page says it was opened (the server-rendered one records its own visits): reading
  // the pet stays a plain read, as fast as the public route can be.
  router.post('/pets/:id/scans', validate(schemas.recordVisit), async (req, res) => {
    await scanLog.recordVisit(req.params.id, { id: req.user?.id, address: req.ip, userAgent: req.get('user-agent') });
    res.status(204).end();
  });

  return router;
}
