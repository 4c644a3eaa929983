import express from 'express';
import type Stripe from 'stripe';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { ordering } from '../orders/ordering';
import { isEventProcessed, markEventProcessed } from './processed-events.repository';

/**
 * Stripe's webhook: the source of truth for payments (a buyer may pay and close the tab). Mounted
 * before the JSON parser, because the signature covers the raw bytes. Answers 2xx only once the
 * work is committed: anything else makes Stripe deliver again, which is safe.
 */
export function stripeWebhookRoutes(ctx: AppContext) {
  const router = express.Router();
  const { stripe, orders, fulfilment } = ordering(ctx);
  if (!stripe || ctx.config.payments.mode !== 'stripe') return router;
  const secret = ctx.config.payments.webhookSecret;

  router.post('/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    let event: Stripe.Event;
    try {
      // Also refuses a signature older than Stripe's tolerance (five minutes): a replayed delivery.
      event = stripe.webhooks.constructEvent(req.body, req.get('stripe-signature') ?? '', secret);
    } catch {
      throw new AppError(400, 'invalid_signature', 'Invalid webhook signature');
    }
    if (await isEventProcessed(ctx.db, event.id)) {
      res.json({ received: true });
      return;
    }
    if (event.type === 'payment_intent.succeeded') {
      const order = await orders.paymentSucceeded(event.data.object.id);
      if (order) await fulfilment.ensureSubmitted(order.id);
    } else if (event.type === 'payment_intent.payment_failed') {
      orders.paymentFailed(event.data.object.id);
    }
    await markEventProcessed(ctx.db, event.id, 'stripe');
    res.json({ received: true });
  });

  return router;
}
