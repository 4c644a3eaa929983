import crypto from 'node:crypto';
import type { OrderStatus } from '../../../shared/contracts/store';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { AppError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { parse } from '../../lib/validate';
import type { WebhookEventsService } from '../webhook-events/webhook-events.service';
import {
  advanceOrderStatus,
  findOrderByPrintifyId,
  findOrderForSubmission,
  savePrintifyOrder,
  updateFulfilmentDetails,
  withSubmissionLock,
} from './fulfilment.repository';
import { type PrintifyEvent, printifyEventSchema } from './fulfilment.schemas';
import { statusRank } from './order-status';
import { createPrintifyClient, type PrintifyClient } from './printify-client';

interface PrintShop {
  /**
   * Hands a paid order to the print provider, once however often it is called. Nothing to do in
   * manual mode, where an operator fulfils orders with `npm run orders`. Throws when Printify fails,
   * so a webhook caller can answer 5xx and be retried.
   */
  ensureSubmitted(orderId: string): Promise<void>;
  /** Applies a verified Printify webhook event; statuses only move forward. */
  applyPrintifyEvent(event: PrintifyEvent): Promise<void>;
}

// Printify's statuses up to production mean we are working on it. Its list is not documented as
// closed: anything else (canceled, had-issues, ...) is recorded but moves nothing.
const WORKING = new Set(['pending', 'on-hold', 'sending-to-production', 'in-production']);
const SHIPPED = new Set(['fulfilled', 'partially-fulfilled']);

function targetStatus(event: PrintifyEvent): OrderStatus | undefined {
  if (event.type === 'order:shipment:delivered') return 'delivered';
  if (event.type === 'order:shipment:created') return 'shipped';
  const status = event.resource.data?.status ?? '';
  if (SHIPPED.has(status)) return 'shipped';
  if (WORKING.has(status)) return 'processing';
  return undefined;
}

const httpUrl = (value: string | null | undefined) => (value && /^https?:\/\//i.test(value) ? value : undefined);

/** The newest shipment that carries a tracking number. */
function tracking(event: PrintifyEvent) {
  const latest = [...(event.resource.data?.shipments ?? [])].reverse().find((s) => s.number);
  if (!latest?.number) return {};
  const url = httpUrl(latest.url);
  return { trackingNumber: latest.number, ...(url && { printifyTrackingUrl: url }) };
}

/**
 * When the carrier delivered, as Printify reports it on the newest shipment that says; none when
 * it does not, or says something unreadable or still to come (the order is then dated on arrival).
 */
function deliveredAt(event: PrintifyEvent) {
  const reported = [...(event.resource.data?.shipments ?? [])].reverse().find((s) => s.delivered_at)?.delivered_at;
  const at = reported ? new Date(reported) : undefined;
  return at && !Number.isNaN(at.getTime()) && at.getTime() <= Date.now() ? at : undefined;
}

/** True when `header` is `sha256=<hex HMAC-SHA256 of the raw body>` under `secret`. */
function isValidPrintifySignature(body: Buffer, header: string | undefined, secret: string) {
  const expected = `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected));
}

function splitName(name: string) {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') || first };
}

/** Printify: paid orders are submitted to it, and its webhook reports production and shipment. */
function createPrintifyShop(db: Db, config: Extract<Config['fulfilment'], { mode: 'printify' }>): PrintShop {
  const printify: PrintifyClient = createPrintifyClient(config);

  return {
    async ensureSubmitted(orderId) {
      await withSubmissionLock(db, orderId, async (tx) => {
        const order = await findOrderForSubmission(tx, orderId);
        if (!order || order.printifyOrderId) return;
        if (!order.printifyProductId || order.printifyVariantId === null) {
          logger.warn({ orderId }, 'tag product has no Printify ids: fulfil this order by hand');
          return;
        }
        // A submission whose answer was lost is already at Printify: adopt it instead of ordering twice.
        const existing = await printify.findOrderByExternalId(order.id);
        const printifyOrderId =
          existing?.id ??
          (
            await printify.createOrder({
              external_id: order.id,
              label: `Homeward ${order.id.slice(0, 8)}`,
              line_items: [
                { product_id: order.printifyProductId, variant_id: order.printifyVariantId, quantity: order.quantity },
              ],
              shipping_method: 1,
              send_shipping_notification: true,
              address_to: {
                ...splitName(order.shippingName),
                email: order.email,
                phone: order.shippingPhone,
                country: 'US',
                region: order.shippingState,
                address1: order.shippingAddress,
                city: order.shippingCity,
                zip: order.shippingZip,
              },
            })
          ).id;
        const status = existing?.status ?? 'on-hold';
        await savePrintifyOrder(tx, orderId, printifyOrderId, status);
        // The order is paid for: it goes to production without waiting for someone to approve it.
        if (status === 'on-hold') {
          await printify.sendToProduction(printifyOrderId);
          await savePrintifyOrder(tx, orderId, printifyOrderId, 'sending-to-production');
        }
        logger.info({ orderId, printifyOrderId }, 'order submitted to Printify');
      });
    },

    async applyPrintifyEvent(event) {
      if (event.resource.type !== 'order') return;
      const shopId = event.resource.data?.shop_id;
      if (shopId !== undefined && shopId !== null && String(shopId) !== config.shopId) {
        logger.warn({ eventId: event.id }, 'printify event for another shop ignored');
        return;
      }
      const order = await findOrderByPrintifyId(db, event.resource.id);
      if (!order) {
        logger.info({ eventId: event.id, type: event.type }, 'printify event for an unknown order ignored');
        return;
      }
      const target = targetStatus(event);
      // An older event arriving late must not rewind what the owner sees, fulfilment status included.
      const current = statusRank(order.status);
      const stale = target !== undefined && statusRank(target) < current;
      if (target) await advanceOrderStatus(db, order.id, target, { deliveredAt: deliveredAt(event) });
      const printifyStatus = event.resource.data?.status;
      await updateFulfilmentDetails(db, order.id, {
        ...(!stale && printifyStatus && { printifyStatus }),
        ...tracking(event),
      });
    },
  };
}

/** By hand: an operator fulfils paid orders with `npm run orders`, so there is nothing to hand over. */
const manualShop: PrintShop = {
  async ensureSubmitted() {},
  async applyPrintifyEvent() {},
};

const invalidSignature = () => new AppError(400, 'invalid_signature', 'Invalid webhook signature');

interface FulfilmentDeps {
  db: Db;
  settings: Config['fulfilment'];
  webhookEvents: WebhookEventsService;
}

/**
 * What happens to an order once it is paid: it goes to the print provider (Printify, or an operator
 * by hand), and its status moves forward, never back, as production, shipment and delivery happen.
 */
export function createFulfilmentService({ db, settings, webhookEvents }: FulfilmentDeps) {
  const shop = settings.mode === 'printify' ? createPrintifyShop(db, settings) : manualShop;

  return {
    mode: settings.mode,

    /** Which optional route exists: Printify's webhook. */
    accepts: { printifyWebhook: settings.mode === 'printify' },

    ensureSubmitted: shop.ensureSubmitted,

    /** Printify's webhook: production, shipment and delivery news for orders we submitted. */
    async receivePrintifyEvent(rawBody: Buffer, signature: string | undefined) {
      if (settings.mode !== 'printify') throw notFound('Webhook');
      const secret = settings.webhookSecret;
      if (!secret) {
        logger.error('printify webhook received, but PRINTIFY_WEBHOOK_SECRET is not set');
        throw new AppError(503, 'not_configured', 'Webhook secret not configured');
      }
      if (!isValidPrintifySignature(rawBody, signature, secret)) throw invalidSignature();
      let payload: unknown;
      try {
        payload = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError(400, 'invalid_json', 'Request body is not valid JSON');
      }
      const event = parse(printifyEventSchema, payload);
      await webhookEvents.oncePer(event.id, 'printify', () => shop.applyPrintifyEvent(event));
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
