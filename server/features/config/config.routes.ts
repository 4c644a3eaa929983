import express from 'express';
import type { ClientConfig } from '../../../shared/client-config';
import type { Config } from '../../config';

/** Tells the browser which services run, so no mode or key is baked into the bundle. */
export function configRoutes(config: Config) {
  const body: ClientConfig = {
    signIn: config.oidc.mode,
    payments:
      config.payments.mode === 'stripe'
        ? { mode: 'stripe', publishableKey: config.payments.publishableKey }
        : { mode: 'local' },
  };
  const router = express.Router();
  router.get('/config', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(body);
  });
  return router;
}
