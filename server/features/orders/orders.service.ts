import { checkoutDetailsSchema } from '../../../shared/contracts/checkout';
import type { Db } from '../../db/connection';
import { AppError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { type Checkout, findCheckout, lockCheckout } from '../payments/checkouts.repository';
import { CURRENCY, type PaymentProvider } from '../payments/payment-provider';
import { findOrderByPaymentIntent, findOrderOf, insertOrderOnce, listOrdersOf } from './orders.repository';

// Spec section 9: delivery in 3-5 business days; the estimate is the far end.
const DELIVERY_DAYS = 5;

/** The calendar day `days` after `from`, as yyyy-mm-dd. */
function daysAhead(days: number, from = new Date()) {
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

const paymentNotFound = () => notFound('Payment');

export function createOrdersService(db: Db, provider: PaymentProvider) {
  /**
   * Creates the order for a checkout once the provider (never the browser) confirms the payment
   * succeeded, for this checkout's owner and for the amount the server asked. Everything in the
   * order comes from what the server stored when the checkout began.
   */
  async function placeOrder(checkout: Checkout) {
    const intent = await provider.retrieveIntent(checkout.paymentIntentId);
    if (!intent || intent.metadata.userId !== checkout.userId) throw paymentNotFound();
    if (intent.status !== 'succeeded')
      throw new AppError(402, 'payment_incomplete', 'This payment has not been completed.');
    if (intent.amount !== checkout.amount || intent.currency !== CURRENCY)
      throw new AppError(400, 'amount_mismatch', 'The amount paid does not match the order.');

    // The details as they stand once no change to them can be under way (see lockCheckout).
    return db.transaction(async (tx) => {
      const locked = await lockCheckout(tx, checkout.paymentIntentId);
      const details = checkoutDetailsSchema.safeParse(locked?.details);
      if (!details.success)
        throw new AppError(409, 'details_missing', 'The order details are missing. Please fill in the checkout form.');

      const { petId, tagColor, customText, ...shipping } = details.data;
      return insertOrderOnce(tx, {
        userId: checkout.userId,
        petId,
        productId: checkout.productId,
        tagColor,
        customText: customText || null,
        quantity: checkout.quantity,
        totalPrice: checkout.amount,
        ...shipping,
        paymentIntentId: checkout.paymentIntentId,
        cardLastFour: intent.cardLastFour ?? null,
        status: 'pending',
        estimatedDelivery: daysAhead(DELIVERY_DAYS),
      });
    });
  }

  return {
    listOrders: (userId: string) => listOrdersOf(db, userId),

    async getOrder(userId: string, id: string) {
      const order = await findOrderOf(db, userId, id);
      if (!order) throw notFound('Order');
      return order;
    },

    /**
     * The "payment succeeded" event, from Stripe's webhook or the local processor. Answers the
     * order, or undefined when this payment cannot make one (logged: retrying would not help).
     */
    async paymentSucceeded(paymentIntentId: string) {
      const checkout = await findCheckout(db, paymentIntentId);
      if (!checkout) {
        logger.warn('payment succeeded for an unknown checkout', { paymentIntentId });
        return undefined;
      }
      try {
        const { order, created } = await placeOrder(checkout);
        if (created) logger.info('order created', { orderId: order.id, paymentIntentId });
        return order;
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        logger.error('paid checkout refused', { paymentIntentId, reason: err.code });
        return undefined;
      }
    },

    paymentFailed(paymentIntentId: string) {
      logger.info('payment failed', { paymentIntentId });
    },

    /**
     * The client's fallback (spec section 4): it may only ask the server to do what the webhook
     * would. An order that exists for this payment is answered as is (created: false).
     */
    async createOrderForPayment(userId: string, paymentIntentId: string) {
      const existing = await findOrderByPaymentIntent(db, paymentIntentId);
      if (existing) {
        if (existing.userId !== userId) throw paymentNotFound();
        return { order: existing, created: false };
      }
      const checkout = await findCheckout(db, paymentIntentId);
      if (!checkout || checkout.userId !== userId) throw paymentNotFound();
      return placeOrder(checkout);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
