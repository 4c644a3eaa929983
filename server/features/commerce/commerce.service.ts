import crypto from 'node:crypto';
import { checkoutDetailsSchema, type LocalCard, type LocalPaymentResult } from '../../../shared/contracts/checkout';
import type { OrderView } from '../../../shared/contracts/store';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { describeFailure, logger } from '../../lib/logger';
import { parse } from '../../lib/validate';
import type { StoreService } from '../store/store.service';
import { createCheckout } from './checkout';
import { type Checkout, findCheckout, listPaymentsWithDetails, lockCheckout } from './checkouts.repository';
import { presentOrder } from './commerce.presenter';
import { printifyEventSchema, stripeEventSchema } from './commerce.schemas';
import { createFulfilment } from './fulfilment';
import { createLocalProvider } from './local-provider';
import { findOrderByPaymentIntent, findOrderOf, insertOrderOnce, listOrdersOf } from './orders.repository';
import { CURRENCY } from './payment-provider';
import { isEventProcessed, markEventProcessed } from './processed-events.repository';
import { createStripeClient, createStripeProvider, verifiedStripeEvent } from './stripe-provider';

// Spec section 9: delivery in 3-5 business days; the estimate is the far end.
const DELIVERY_DAYS = 5;

/** The calendar day `days` after `from`, as yyyy-mm-dd. */
function daysAhead(days: number, from = new Date()) {
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** True when `header` is `sha256=<hex HMAC-SHA256 of the raw body>` under `secret`. */
function isValidPrintifySignature(body: Buffer, header: string | undefined, secret: string) {
  const expected = `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected));
}

const paymentNotFound = () => notFound('Payment');
const invalidSignature = () => new AppError(400, 'invalid_signature', 'Invalid webhook signature');

interface CommerceDeps {
  db: Db;
  payments: Config['payments'];
  fulfilment: Config['fulfilment'];
  store: StoreService;
}

/**
 * The tag shop after the catalogue: checkout, payment (Stripe or the local test card processor),
 * orders made exactly once per payment, and fulfilment (Printify or by hand).
 */
export function createCommerceService({ db, payments, fulfilment: fulfilmentConfig, store }: CommerceDeps) {
  const stripe = payments.mode === 'stripe' ? createStripeClient(payments) : undefined;
  const local = stripe ? undefined : createLocalProvider(db);
  const provider = stripe ? createStripeProvider(stripe) : local!;
  const checkout = createCheckout(db, provider, store);
  const fulfilment = createFulfilment(db, fulfilmentConfig);

  /** A paid order goes to the print provider; a failure there is logged, not the buyer's problem. */
  const submitQuietly = (orderId: string) =>
    fulfilment.ensureSubmitted(orderId).catch((err) => {
      logger.error({ orderId, ...describeFailure(err) }, 'order not submitted for fulfilment');
    });

  /**
   * Creates the order for a checkout once the provider (never the browser) confirms the payment
   * succeeded, for this checkout's owner and for the amount the server asked. Everything in the
   * order comes from what the server stored when the checkout began.
   */
  async function placeOrder(paid: Checkout) {
    const intent = await provider.retrieveIntent(paid.paymentIntentId);
    if (!intent || intent.metadata.userId !== paid.userId) throw paymentNotFound();
    if (intent.status !== 'succeeded')
      throw new AppError(402, 'payment_incomplete', 'This payment has not been completed.');
    if (intent.amount !== paid.amount || intent.currency !== CURRENCY)
      throw new AppError(400, 'amount_mismatch', 'The amount paid does not match the order.');

    // The details as they stand once no change to them can be under way (see lockCheckout).
    return db.transaction(async (tx) => {
      const locked = await lockCheckout(tx, paid.paymentIntentId);
      const details = checkoutDetailsSchema.safeParse(locked?.details);
      if (!details.success)
        throw new AppError(409, 'details_missing', 'The order details are missing. Please fill in the checkout form.');

      const { petId, tagColor, customText, ...shipping } = details.data;
      return insertOrderOnce(tx, {
        userId: paid.userId,
        petId,
        productId: paid.productId,
        tagColor,
        customText: customText || null,
        quantity: paid.quantity,
        totalPrice: paid.amount,
        ...shipping,
        paymentIntentId: paid.paymentIntentId,
        cardLastFour: intent.cardLastFour ?? null,
        status: 'pending',
        estimatedDelivery: daysAhead(DELIVERY_DAYS),
      });
    });
  }

  /**
   * The "payment succeeded" event, from Stripe's webhook or the local processor. Answers the
   * order, or undefined when this payment cannot make one (logged: retrying would not help).
   */
  async function paymentSucceeded(paymentIntentId: string) {
    const paid = await findCheckout(db, paymentIntentId);
    if (!paid) {
      logger.warn({ paymentIntentId }, 'payment succeeded for an unknown checkout');
      return undefined;
    }
    try {
      const { order, created } = await placeOrder(paid);
      if (created) logger.info({ orderId: order.id, paymentIntentId }, 'order created');
      return order;
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      logger.error({ paymentIntentId, reason: err.code }, 'paid checkout refused');
      return undefined;
    }
  }

  const paymentFailed = (paymentIntentId: string) => logger.info({ paymentIntentId }, 'payment failed');

  /** Runs `apply` once per webhook event id: senders deliver an event more than once. */
  async function oncePer(eventId: string, source: 'stripe' | 'printify', apply: () => Promise<void>) {
    if (await isEventProcessed(db, eventId)) return;
    await apply();
    await markEventProcessed(db, eventId, source);
  }

  return {
    /** Which optional routes exist: the local processor's confirm call, and each provider's webhook. */
    accepts: {
      localPayments: local !== undefined,
      stripeWebhook: stripe !== undefined,
      printifyWebhook: fulfilmentConfig.mode === 'printify',
    },

    startCheckout: checkout.start,
    saveCheckoutDetails: checkout.saveDetails,

    /**
     * Before an account goes: the shipping details its checkouts gave the payment processor (Stripe
     * keeps them in the payment's metadata) are blanked there too. A processor that cannot be reached
     * is logged and does not hold the deletion up.
     */
    async erasePaymentDetails(userId: string) {
      const payments = await listPaymentsWithDetails(db, userId);
      const blank = Object.fromEntries(Object.keys(checkoutDetailsSchema.shape).map((key) => [key, '']));
      const results = await Promise.allSettled(payments.map((id) => provider.updateMetadata(id, blank)));
      const failed = results.filter((result) => result.status === 'rejected').length;
      if (failed) logger.warn({ userId, failed, of: payments.length }, 'payment details not erased at the processor');
    },

    /**
     * Plays Stripe.js's confirm: the client secret, not the session, authorises the charge. Then
     * the same event as Stripe's webhook. The charge stands even if recording the order fails here:
     * the client then asks for it through POST /api/orders.
     */
    async confirmLocalPayment(id: string, card: LocalCard): Promise<LocalPaymentResult> {
      if (!local) throw notFound('Payment');
      const outcome = await local.confirm(id, card);
      if (outcome.status === 'declined') {
        paymentFailed(id);
        throw outcome.error;
      }
      try {
        const order = await paymentSucceeded(id);
        if (order) await submitQuietly(order.id);
      } catch (err) {
        logger.error({ paymentIntentId: id, ...describeFailure(err) }, 'order not recorded after payment');
      }
      return { paymentIntentId: id, status: 'succeeded' };
    },

    async listOrders(userId: string): Promise<OrderView[]> {
      return (await listOrdersOf(db, userId)).map(presentOrder);
    },

    async getOrder(userId: string, id: string): Promise<OrderView> {
      const order = await findOrderOf(db, userId, id);
      if (!order) throw notFound('Order');
      return presentOrder(order);
    },

    /**
     * The client's fallback (spec section 4): it may only ask the server to do what the webhook
     * would. An order that exists for this payment is answered as is (created: false).
     */
    async placeOrderForPayment(
      userId: string,
      paymentIntentId: string,
    ): Promise<{ order: OrderView; created: boolean }> {
      const existing = await findOrderByPaymentIntent(db, paymentIntentId);
      if (existing) {
        if (existing.userId !== userId) throw paymentNotFound();
        return { order: presentOrder(existing), created: false };
      }
      const paid = await findCheckout(db, paymentIntentId);
      if (!paid || paid.userId !== userId) throw paymentNotFound();
      const { order, created } = await placeOrder(paid);
      if (created) await submitQuietly(order.id);
      return { order: presentOrder(order), created };
    },

    /**
     * Stripe's webhook: the source of truth for payments (a buyer may pay and close the tab). Throws
     * unless the work is committed, so that Stripe delivers again, which is safe.
     */
    async receiveStripeEvent(rawBody: Buffer, signature: string) {
      if (!stripe || payments.mode !== 'stripe') throw notFound('Webhook');
      // Refuses a signature older than five minutes (a replayed delivery) or dated ahead of that.
      const verified = verifiedStripeEvent(stripe, rawBody, signature, payments.webhookSecret);
      if (!verified) throw invalidSignature();
      const event = parse(stripeEventSchema, verified);
      const paymentIntentId = () => {
        if (!event.data.object.id) throw badRequest('data.object.id: Required');
        return event.data.object.id;
      };
      await oncePer(event.id, 'stripe', async () => {
        if (event.type === 'payment_intent.succeeded') {
          const order = await paymentSucceeded(paymentIntentId());
          if (order) await fulfilment.ensureSubmitted(order.id);
        } else if (event.type === 'payment_intent.payment_failed') {
          paymentFailed(paymentIntentId());
        }
      });
    },

    /** Printify's webhook: production, shipment and delivery news for orders we submitted. */
    async receivePrintifyEvent(rawBody: Buffer, signature: string | undefined) {
      if (fulfilmentConfig.mode !== 'printify') throw notFound('Webhook');
      const secret = fulfilmentConfig.webhookSecret;
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
      await oncePer(event.id, 'printify', () => fulfilment.applyPrintifyEvent(event));
    },
  };
}

export type CommerceService = ReturnType<typeof createCommerceService>;
