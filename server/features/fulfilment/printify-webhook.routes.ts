import crypto from 'node:crypto';
import express from 'express';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { parse } from '../../lib/validate';
import { ordering } from '../orders/ordering';
import { isEventProcessed, markEventProcessed } from '../payments/processed-events.repository';
import { printifyEventSchema } from './fulfilment.service';

/** True when `header` is `sha256=<hex HMAC-SHA256 of the raw body>` under `secret`. */
export function isValidPrintifySignature(body: Buffer, header: string | undefined, secret: string) {
  const expected = `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected));
}

/** Printify's webhook: production, shipment and delivery news for orders we submitted. */
export function printifyWebhookRoutes(ctx: AppContext) {
  const router = express.Router();
  const { fulfilment } = ordering(ctx);
  if (ctx.config.fulfilment.mode !== 'printify') return router;
  const secret = ctx.config.fulfilment.webhookSecret;

  router.post('/printify/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    if (!secret) {
      logger.error('printify webhook received, but PRINTIFY_WEBHOOK_SECRET is not set');
      throw new AppError(503, 'not_configured', 'Webhook secret not configured');
    }
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!isValidPrintifySignature(body, req.get('x-pfy-signature'), secret))
      throw new AppError(400, 'invalid_signature', 'Invalid webhook signature');
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new AppError(400, 'invalid_json', 'Request body is not valid JSON');
    }
    const event = parse(printifyEventSchema, payload);
    if (!(await isEventProcessed(ctx.db, event.id))) {
      await fulfilment.applyPrintifyEvent(event);
      await markEventProcessed(ctx.db, event.id, 'printify');
    }
    res.json({ received: true });
  });

  return router;
}
