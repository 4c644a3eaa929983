import express from 'express';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { uuidParam } from '../../lib/validate';
import { presentTagProduct } from './store.presenter';
import { findTagProduct, listSubscriptionPlans, listTagProducts } from './store.repository';

// The catalogue is public and the same for everyone: browsers and proxies may keep it briefly.
const CATALOGUE_CACHE = 'public, max-age=300';

/** The tag catalogue and the subscription plans: public, read-only. */
export function storeRoutes({ db }: AppContext) {
  const router = express.Router();

  router.get('/tag-products', async (_req, res) => {
    const products = await listTagProducts(db);
    res.set('Cache-Control', CATALOGUE_CACHE).json(products.map(presentTagProduct));
  });

  router.get('/tag-products/:id', async (req, res) => {
    const product = await findTagProduct(db, uuidParam(req.params.id, 'Product'));
    if (!product) throw notFound('Product');
    res.set('Cache-Control', CATALOGUE_CACHE).json(presentTagProduct(product));
  });

  router.get('/subscription-plans', async (_req, res) => {
    res.set('Cache-Control', CATALOGUE_CACHE).json(await listSubscriptionPlans(db));
  });

  return router;
}
