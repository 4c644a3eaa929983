import express from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { rateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { commerceSchemas as schemas } from './commerce.schemas';

/** Payments an owner may start in an hour: checkout starts one per visit, a script many more. */
export const NEW_PAYMENTS_LIMIT = { limit: 30, windowMs: 60 * 60_000 };

export function commerceRoutes({ commerce, rateLimits }: Services) {
  const router = express.Router();

  router.post(
    '/create-payment-intent',
    requireUser,
    validate(schemas.startCheckout),
    rateLimit(rateLimits, {
      name: 'new-payments',
      ...NEW_PAYMENTS_LIMIT,
      key: (req) => userId(req),
      message: (wait) => `You have started a lot of checkouts in the last hour. Please try again in ${wait}.`,
    }),
    async (req, res) => {
      res.status(201).json(await commerce.startCheckout(userId(req), req.body));
    },
  );

  router.post('/update-payment-intent', requireUser, validate(schemas.saveCheckoutDetails), async (req, res) => {
    await commerce.saveCheckoutDetails(userId(req), req.body);
    res.status(204).end();
  });

  if (commerce.accepts.localPayments) {
    router.post('/local-payments/:id/confirm', validate(schemas.confirmLocalPayment), async (req, res) => {
      res.json(await commerce.confirmLocalPayment(req.params.id, req.body));
    });
  }

  router.get('/orders', requireUser, async (req, res) => {
    res.json(await commerce.listOrders(userId(req)));
  });

  router.get('/orders/:id', requireUser, validate(schemas.order), async (req, res) => {
    res.json(await commerce.getOrder(userId(req), req.params.id));
  });

  // The spec's client fallback. Whatever else it sends (price, status, shipping), only the payment
  // id counts: the order is made exactly as the payment webhook would make it, or not at all.
  router.post('/orders', requireUser, validate(schemas.placeOrder), async (req, res) => {
    const { order, created } = await commerce.placeOrderForPayment(userId(req), req.body.paymentIntentId);
    res.status(created ? 201 : 200).json(order);
  });

  return router;
}
