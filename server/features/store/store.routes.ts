import express from 'express';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { storeSchemas as schemas } from './store.schemas';

// The catalogue is public and the same for everyone: browsers and proxies may keep it briefly.
const CATALOGUE_CACHE = 'public, max-age=300';

/** The tag catalogue and the subscription plans: public, read-only. */
export function storeRoutes({ store }: Services) {
  const router = express.Router();

  router.get('/tag-products', async (_req, res) => {
    res.set('Cache-Control', CATALOGUE_CACHE).json(await store.listProducts());
  });

  router.get('/tag-products/:id', validate(schemas.product), async (req, res) => {
    res.set('Cache-Control', CATALOGUE_CACHE).json(await store.getProduct(req.params.id));
  });

  router.get('/subscription-plans', async (_req, res) => {
    res.set('Cache-Control', CATALOGUE_CACHE).json(await store.listPlans());
  });

  return router;
}
