import express from 'express';
import { createOrderSchema } from '../../../shared/contracts/checkout';
import { requireUser, userId } from '../../auth/require-user';
import type { AppContext } from '../../context';
import { uuidParam, validateBody } from '../../lib/validate';
import { ordering } from './ordering';
import { presentOrder } from './orders.presenter';

export function orderRoutes(ctx: AppContext) {
  const { orders, submitQuietly } = ordering(ctx);
  const router = express.Router();

  router.get('/orders', requireUser, async (req, res) => {
    res.json((await orders.listOrders(userId(req))).map(presentOrder));
  });

  router.get('/orders/:id', requireUser, async (req, res) => {
    res.json(presentOrder(await orders.getOrder(userId(req), uuidParam(req.params.id, 'Order'))));
  });

  // The spec's client fallback. Whatever else it sends (price, status, shipping), only the payment
  // id counts: the order is made exactly as the payment webhook would make it, or not at all.
  router.post('/orders', requireUser, validateBody(createOrderSchema), async (req, res) => {
    const { order, created } = await orders.createOrderForPayment(userId(req), req.body.paymentIntentId);
    if (created) await submitQuietly(order.id);
    res.status(created ? 201 : 200).json(presentOrder(order));
  });

  return router;
}
