import crypto from 'node:crypto';
import {
  type CheckoutDetails,
  checkoutDetailsSchema,
  type LocalCard,
  type PaymentIntentResponse,
} from '../../../shared/contracts/checkout';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/connection';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { isUuid, parse } from '../../lib/validate';
import { isPetAccessible } from '../pets/pet-access';
import type { StoreService } from '../store/store.service';
import { createLocalProvider } from './local-provider';
import { CURRENCY, type PaymentMetadata } from './payment-provider';
import {
  type Checkout,
  findCheckout,
  insertCheckout,
  listPaymentsWithDetails,
  lockCheckout,
  markCheckoutPaid,
  saveCheckoutDetails,
} from './payments.repository';
import { type PaymentIntentInput, type PaymentIntentUpdate, stripeEventSchema } from './payments.schemas';
import { createStripeClient, createStripeProvider, verifiedStripeEvent } from './stripe-provider';

export type { Checkout };

/** What the provider says of a payment that succeeded, for the order it pays. */
export interface SucceededPayment {
  cardLastFour: string | null;
}

/** A Stripe event, checked: its id, what happened, and to which payment. */
export interface StripeEvent {
  id: string;
  type: string;
  paymentIntentId: () => string;
}

/** Stripe metadata is flat strings; an empty engraving is an empty string. */
const asMetadata = (details: CheckoutDetails): PaymentMetadata =>
  Object.fromEntries(Object.entries(details).map(([key, value]) => [key, value ?? '']));

const paymentNotFound = () => notFound('Payment');

interface PaymentsDeps {
  db: Db;
  settings: Config['payments'];
  store: StoreService;
}

/**
 * Card payments (Stripe, or the local test card processor) and the checkout record behind each:
 * the amount the server asked for, then who the tag is for and where it goes. Payments never make
 * an order; they answer whether a payment succeeded (see orders/place-order.use-case.ts).
 */
export function createPaymentsService({ db, settings, store }: PaymentsDeps) {
  const stripe = settings.mode === 'stripe' ? createStripeClient(settings) : undefined;
  const local = stripe ? undefined : createLocalProvider(db);
  const provider = stripe ? createStripeProvider(stripe) : (local as NonNullable<typeof local>);

  return {
    /** Which optional routes exist: the local processor's confirm call, and Stripe's webhook. */
    accepts: { localPayments: local !== undefined, stripeWebhook: stripe !== undefined },

    /** Starts a payment for the amount the catalogue says, whatever the browser believes. */
    async startCheckout(userId: string, { productId, quantity }: PaymentIntentInput): Promise<PaymentIntentResponse> {
      const product = isUuid(productId) ? await store.findProductRecord(productId) : undefined;
      if (!product) throw notFound('Product');
      const amount = product.price * quantity;
      const intent = await provider.createIntent(
        amount,
        { userId, productId: product.id, quantity: String(quantity) },
        // One intent per checkout: a retried request reuses the first instead of opening a second.
        `checkout-${crypto.randomUUID()}`,
      );
      await insertCheckout(db, { paymentIntentId: intent.id, userId, productId: product.id, quantity, amount });
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
    },

    findCheckout: (paymentIntentId: string) => findCheckout(db, paymentIntentId),

    /** `userId`'s checkout, with the details they give for it once checked (the pet must be theirs). */
    async checkDetails(userId: string, body: PaymentIntentUpdate) {
      const checkout = await findCheckout(db, body.paymentIntentId);
      if (!checkout || checkout.userId !== userId) throw paymentNotFound();
      if (!isUuid(body.petId) || !(await isPetAccessible(db, userId, body.petId))) throw notFound('Pet');
      return { checkout, details: checkoutDetailsSchema.parse(body) };
    },

    /**
     * Runs `work` with the checkout locked until its transaction ends: its details change, and its
     * order is made from them, one at a time, so a change never lands after the order was made
     * without it.
     */
    withCheckoutLocked<T>(paymentIntentId: string, work: (tx: Executor, checkout: Checkout | undefined) => Promise<T>) {
      return db.transaction(async (tx) => work(tx, await lockCheckout(tx, paymentIntentId)));
    },

    recordDetails: (tx: Executor, paymentIntentId: string, details: CheckoutDetails) =>
      saveCheckoutDetails(tx, paymentIntentId, details),

    /** The details as the order needs them; 409 when the form's details never arrived. */
    detailsOf(checkout: Checkout | undefined): CheckoutDetails {
      const details = checkoutDetailsSchema.safeParse(checkout?.details);
      if (!details.success)
        throw new AppError(409, 'details_missing', 'The order details are missing. Please fill in the checkout form.');
      return details.data;
    },

    /** Copies the details onto the payment at the provider, where a refund or a dispute is handled. */
    shareDetailsWithProvider: (paymentIntentId: string, details: CheckoutDetails) =>
      provider.updateMetadata(paymentIntentId, asMetadata(details)),

    /**
     * Asks the provider (never the browser) whether the checkout's payment succeeded, for this
     * checkout's owner and for the amount the server asked; throws 404, 402 or 400 otherwise. A
     * payment that did is noted on the checkout, so that details arriving later can make its order.
     */
    async assertPaymentSucceeded(checkout: Checkout): Promise<SucceededPayment> {
      const intent = await provider.retrieveIntent(checkout.paymentIntentId);
      if (!intent || intent.metadata.userId !== checkout.userId) throw paymentNotFound();
      if (intent.status !== 'succeeded')
        throw new AppError(402, 'payment_incomplete', 'This payment has not been completed.');
      if (intent.amount !== checkout.amount || intent.currency !== CURRENCY)
        throw new AppError(400, 'amount_mismatch', 'The amount paid does not match the order.');
      await markCheckoutPaid(db, checkout.paymentIntentId);
      return { cardLastFour: intent.cardLastFour ?? null };
    },

    /**
     * Plays Stripe.js's confirm on the local processor: the client secret, not the session,
     * authorises the charge. A declined card is logged and thrown (402) as Stripe.js reports it.
     */
    async chargeLocalCard(id: string, card: LocalCard) {
      if (!local) throw paymentNotFound();
      const outcome = await local.confirm(id, card);
      if (outcome.status === 'declined') {
        logger.info({ paymentIntentId: id }, 'payment failed');
        throw outcome.error;
      }
    },

    /**
     * Stripe's webhook delivery, once its signature is checked: it refuses a signature older than
     * five minutes (a replayed delivery) or dated ahead of that (400).
     */
    stripeEvent(rawBody: Buffer, signature: string): StripeEvent {
      if (!stripe || settings.mode !== 'stripe') throw notFound('Webhook');
      const verified = verifiedStripeEvent(stripe, rawBody, signature, settings.webhookSecret);
      if (!verified) throw new AppError(400, 'invalid_signature', 'Invalid webhook signature');
      const event = parse(stripeEventSchema, verified);
      return {
        id: event.id,
        type: event.type,
        paymentIntentId: () => {
          if (!event.data.object.id) throw badRequest('data.object.id: Required');
          return event.data.object.id;
        },
      };
    },

    paymentFailed: (paymentIntentId: string) => logger.info({ paymentIntentId }, 'payment failed'),

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
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
