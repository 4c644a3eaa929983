import type { LocalCard, LocalPaymentResult } from '../../../shared/contracts/checkout';
import type { OrderView } from '../../../shared/contracts/store';
import type { Db } from '../../db/connection';
import { AppError, conflict, notFound } from '../../lib/errors';
import { describeFailure, logger } from '../../lib/logger';
import type { FulfilmentService } from '../fulfilment/fulfilment.service';
import type { Notification, NotificationsService } from '../notifications/notifications.service';
import type { PaymentIntentUpdate } from '../payments/payments.schemas';
import type { Checkout, PaymentsService, SucceededPayment } from '../payments/payments.service';
import type { WebhookEventsService } from '../webhook-events/webhook-events.service';
import { orderReceiptEmail } from './order-receipt.email';
import { presentOrder } from './orders.presenter';
import { findBuyer, findOrderByPaymentIntent, insertOrderOnce, type OrderWithNames } from './orders.repository';

// Spec section 9: delivery in 3-5 business days; the estimate is the far end.
const DELIVERY_DAYS = 5;

/** The calendar day `days` after `from`, as yyyy-mm-dd. */
function daysAhead(days: number, from = new Date()) {
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

interface PlaceOrderDeps {
  db: Db;
  publicUrl: string;
  payments: PaymentsService;
  fulfilment: FulfilmentService;
  notifications: NotificationsService;
  webhookEvents: WebhookEventsService;
}

interface Placed {
  order: OrderWithNames;
  /** True for the one caller that made the order; every other one found it made. */
  created: boolean;
  receipt?: Notification;
}

/**
 * How a tag order happens, from the checkout page to the print shop.
 *
 *   1. POST /api/create-payment-intent   payments.startCheckout: a payment for the catalogue's amount
 *   2. POST /api/update-payment-intent   saveCheckoutDetails: who the tag is for and where it goes
 *   3. the card is charged               by Stripe.js, or POST /api/local-payments/{id}/confirm (payLocally)
 *   4. the payment succeeded             Stripe's webhook (receiveStripeEvent), the local processor
 *                                        (payLocally), or the client's fallback POST /api/orders
 *                                        (placeOrderForPayment), whichever comes first
 *   5. orderPaidCheckout                 assertPaymentSucceeded → placeOrder → sendReceipt
 *   6. submitForFulfilment               Printify, or the operator's `npm run orders`
 *
 * Every road to an order goes through orderPaidCheckout, so an order exists exactly once per
 * payment, is built only from what the server stored, and its receipt goes out once.
 */
export function createPlaceOrderUseCase({
  db,
  publicUrl,
  payments,
  fulfilment,
  notifications,
  webhookEvents,
}: PlaceOrderDeps) {
  /** The provider (never the browser) says the payment succeeded, for its owner and its amount. */
  const assertPaymentSucceeded = (checkout: Checkout) => payments.assertPaymentSucceeded(checkout);

  /**
   * Makes the order from the checkout's record, unless the payment already has one. Its receipt is
   * queued in the same transaction, so only the call that made the order queues one.
   */
  function placeOrder(checkout: Checkout, payment: SucceededPayment): Promise<Placed> {
    // The details as they stand once no change to them can be under way.
    return payments.withCheckoutLocked(checkout.paymentIntentId, async (tx, locked) => {
      const { petId, tagColor, customText, ...shipping } = payments.detailsOf(locked);
      const { order, created } = await insertOrderOnce(tx, {
        userId: checkout.userId,
        petId,
        productId: checkout.productId,
        tagColor,
        customText: customText || null,
        quantity: checkout.quantity,
        totalPrice: checkout.amount,
        ...shipping,
        paymentIntentId: checkout.paymentIntentId,
        cardLastFour: payment.cardLastFour,
        status: 'pending',
        estimatedDelivery: daysAhead(DELIVERY_DAYS),
      });
      if (!created) return { order, created };
      const buyer = await findBuyer(tx, checkout.userId);
      const receipt = buyer ? await notifications.queue(orderReceiptEmail(order, buyer, publicUrl), tx) : undefined;
      return { order, created, receipt };
    });
  }

  /** Sends the receipt queued with the order, without waiting: a failed send is retried by the outbox. */
  const sendReceipt = (receipt: Notification | undefined) => void notifications.deliver(receipt);

  /**
   * Hands the order to the print provider. Throws when it fails: a webhook answers 5xx then, and
   * its provider delivers again, which submits the order then.
   */
  const submitForFulfilment = (order: OrderWithNames) => fulfilment.ensureSubmitted(order.id);

  /** The same, where the buyer is waiting: a print provider's failure is logged, not their problem. */
  const submitQuietly = (order: OrderWithNames) =>
    submitForFulfilment(order).catch((err) => {
      logger.error({ orderId: order.id, ...describeFailure(err) }, 'order not submitted for fulfilment');
    });

  /** Step 5: the one road from a paid checkout to its order. */
  async function orderPaidCheckout(checkout: Checkout): Promise<Placed> {
    const payment = await assertPaymentSucceeded(checkout);
    const placed = await placeOrder(checkout, payment);
    if (placed.created) {
      logger.info({ orderId: placed.order.id, paymentIntentId: checkout.paymentIntentId }, 'order created');
      sendReceipt(placed.receipt);
    }
    return placed;
  }

  /**
   * The "payment succeeded" event, from Stripe's webhook or the local processor. Answers the order,
   * or undefined when this payment cannot make one now (logged: retrying would not help; the
   * details, if they were missing, make it when they arrive).
   */
  async function paymentSucceeded(paymentIntentId: string) {
    const checkout = await payments.findCheckout(paymentIntentId);
    if (!checkout) {
      logger.warn({ paymentIntentId }, 'payment succeeded for an unknown checkout');
      return undefined;
    }
    try {
      return (await orderPaidCheckout(checkout)).order;
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      logger.error({ paymentIntentId, reason: err.code }, 'paid checkout refused');
      return undefined;
    }
  }

  return {
    /**
     * Step 2: records who the tag is for and where it goes. Normally before the card is charged;
     * when the card was confirmed first, these details are what its order waited for, and make it.
     */
    async saveCheckoutDetails(userId: string, body: PaymentIntentUpdate) {
      const { checkout, details } = await payments.checkDetails(userId, body);
      const paid = await payments.withCheckoutLocked(checkout.paymentIntentId, async (tx, locked) => {
        if (await findOrderByPaymentIntent(tx, checkout.paymentIntentId))
          throw conflict('This order has already been placed.');
        await payments.recordDetails(tx, checkout.paymentIntentId, details);
        return locked?.paidAt != null;
      });
      await payments.shareDetailsWithProvider(checkout.paymentIntentId, details);
      if (paid) {
        const { order, created } = await orderPaidCheckout(checkout);
        if (created) await submitQuietly(order);
      }
    },

    /**
     * Steps 3 and 4 on the local test card processor: the charge, then the same event as Stripe's
     * webhook. The charge stands even if recording the order fails here: the client then asks for
     * it through POST /api/orders.
     */
    async payLocally(paymentIntentId: string, card: LocalCard): Promise<LocalPaymentResult> {
      await payments.chargeLocalCard(paymentIntentId, card);
      try {
        const order = await paymentSucceeded(paymentIntentId);
        if (order) await submitQuietly(order);
      } catch (err) {
        logger.error({ paymentIntentId, ...describeFailure(err) }, 'order not recorded after payment');
      }
      return { paymentIntentId, status: 'succeeded' };
    },

    /**
     * Step 4 from Stripe's webhook: the source of truth for payments (a buyer may pay and close the
     * tab). Throws unless the work is committed, so that Stripe delivers again, which is safe.
     */
    async receiveStripeEvent(rawBody: Buffer, signature: string) {
      const event = payments.stripeEvent(rawBody, signature);
      await webhookEvents.oncePer(event.id, 'stripe', async () => {
        if (event.type === 'payment_intent.succeeded') {
          const order = await paymentSucceeded(event.paymentIntentId());
          if (order) await submitForFulfilment(order);
        } else if (event.type === 'payment_intent.payment_failed') {
          payments.paymentFailed(event.paymentIntentId());
        }
      });
    },

    /**
     * Step 4 from the client's fallback (spec section 4): it may only ask the server to do what the
     * webhook would. An order that exists for this payment is answered as is (created: false).
     */
    async placeOrderForPayment(
      userId: string,
      paymentIntentId: string,
    ): Promise<{ order: OrderView; created: boolean }> {
      const existing = await findOrderByPaymentIntent(db, paymentIntentId);
      if (existing) {
        if (existing.userId !== userId) throw notFound('Payment');
        return { order: presentOrder(existing), created: false };
      }
      const checkout = await payments.findCheckout(paymentIntentId);
      if (!checkout || checkout.userId !== userId) throw notFound('Payment');
      const { order, created } = await orderPaidCheckout(checkout);
      if (created) await submitQuietly(order);
      return { order: presentOrder(order), created };
    },
  };
}

export type PlaceOrderUseCase = ReturnType<typeof createPlaceOrderUseCase>;
