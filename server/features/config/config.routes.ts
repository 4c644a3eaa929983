import express from 'express';
import type { Services } from '../../services';

/** Tells the browser which services run, so no mode or key is baked into the bundle. */
export function configRoutes({ config }: Services) {
  const router = express.Router();
  router.get('/config', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(config.forBrowser());
  });
  return router;
}
