import express from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { rateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { bytesOf, webhookBody } from '../../lib/webhook-body';
import type { Services } from '../../services';
import { paymentsSchemas as schemas } from './payments.schemas';

/** Payments an owner may start in an hour: checkout starts one per visit, a script many more. */
export const NEW_PAYMENTS_LIMIT = { limit: 30, windowMs: 60 * 60_000 };

// What follows a payment (the order, its receipt, the print shop) is the order use case's: the
// routes that can end in an order hand over to it.
export function paymentsRoutes({ payments, placeOrder, rateLimits }: Services) {
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
      res.status(201).json(await payments.startCheckout(userId(req), req.body));
    },
  );

  router.post('/update-payment-intent', requireUser, validate(schemas.saveCheckoutDetails), async (req, res) => {
    await placeOrder.saveCheckoutDetails(userId(req), req.body);
    res.status(204).end();
  });

  if (payments.accepts.localPayments) {
    router.post('/local-payments/:id/confirm', validate(schemas.confirmLocalPayment), async (req, res) => {
      res.json(await placeOrder.payLocally(req.params.id, req.body));
    });
  }

  return router;
}

/** Stripe's webhook, only where Stripe is configured: the source of truth for payments. */
export function paymentWebhookRoutes({ payments, placeOrder }: Services) {
  const router = express.Router();

  if (payments.accepts.stripeWebhook) {
    router.post('/stripe/webhook', webhookBody, async (req, res) => {
      await placeOrder.receiveStripeEvent(bytesOf(req.body), req.get('stripe-signature') ?? '');
      res.json({ received: true });
    });
  }

  return router;
}
