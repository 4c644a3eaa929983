import express from 'express';
import type { Services } from '../../services';

/** /healthz: the process answers and reaches its database. /readyz: and every migration is applied. */
export function healthRoutes({ health }: Services) {
  const router = express.Router();
  router.get('/healthz', async (_req, res) => {
    await health.live();
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const { ready, migrations } = await health.ready();
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'migrating', migrations });
  });
  return router;
}
