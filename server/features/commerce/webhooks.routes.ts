import express from 'express';
import type { Services } from '../../services';

// The signatures cover the raw bytes: these routes read the body themselves, so they are mounted
// before the JSON parser. They answer 2xx only once the work is committed.
const rawBody = express.raw({ type: () => true, limit: '1mb' });
const bytesOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/** The payment and print providers' webhooks, each only where that provider is configured. */
export function commerceWebhookRoutes({ commerce }: Services) {
  const router = express.Router();

  if (commerce.accepts.stripeWebhook) {
    router.post('/stripe/webhook', rawBody, async (req, res) => {
      await commerce.receiveStripeEvent(bytesOf(req.body), req.get('stripe-signature') ?? '');
      res.json({ received: true });
    });
  }

  if (commerce.accepts.printifyWebhook) {
    router.post('/printify/webhook', rawBody, async (req, res) => {
      await commerce.receivePrintifyEvent(bytesOf(req.body), req.get('x-pfy-signature'));
      res.json({ received: true });
    });
  }

  return router;
}
