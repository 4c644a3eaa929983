import express from 'express';
import type { Services } from '../../services';

/**
 * /healthz: the process answers and reaches its database. /readyz: every migration is applied and a
 * finder's read of a pet works.
 */
export function healthRoutes({ health }: Services) {
  const router = express.Router();
  router.get('/healthz', async (_req, res) => {
    await health.live();
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const { ready, migrations, publicRead } = await health.ready();
    const status = ready ? 'ready' : publicRead ? 'migrating' : 'failing';
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status, migrations });
  });
  return router;
}
