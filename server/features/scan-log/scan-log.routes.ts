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

  return router;
}
