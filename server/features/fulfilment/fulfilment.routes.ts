import express from 'express';
import { bytesOf, webhookBody } from '../../lib/webhook-body';
import type { Services } from '../../services';

/** Printify's webhook (production, shipment and delivery news), only where Printify is configured. */
export function fulfilmentWebhookRoutes({ fulfilment }: Services) {
  const router = express.Router();

  if (fulfilment.accepts.printifyWebhook) {
    router.post('/printify/webhook', webhookBody, async (req, res) => {
      await fulfilment.receivePrintifyEvent(bytesOf(req.body), req.get('x-pfy-signature'));
      res.json({ received: true });
    });
  }

  return router;
}
