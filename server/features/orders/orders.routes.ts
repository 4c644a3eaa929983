import express from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { ordersSchemas as schemas } from './orders.schemas';

export function ordersRoutes({ orders, placeOrder }: Services) {
  const router = express.Router();

  router.get('/orders', requireUser, async (req, res) => {
    res.json(await orders.listOrders(userId(req)));
  });

  router.get('/orders/:id', requireUser, validate(schemas.order), async (req, res) => {
    res.json(await orders.getOrder(userId(req), req.params.id));
  });

  // The spec's client fallback. Whatever else it sends (price, status, shipping), only the payment
  // id counts: the order is made exactly as the payment webhook would make it, or not at all.
  router.post('/orders', requireUser, validate(schemas.placeOrder), async (req, res) => {
    const { order, created } = await placeOrder.placeOrderForPayment(userId(req), req.body.paymentIntentId);
    res.status(created ? 201 : 200).json(order);
  });

  return router;
}
