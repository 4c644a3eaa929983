import crypto from 'node:crypto';
import {
  type CheckoutDetails,
  checkoutDetailsSchema,
  type PaymentIntentResponse,
} from '../../../shared/contracts/checkout';
import type { Db } from '../../db/connection';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/validate';
import { isPetAccessible } from '../pets/pet-access';
import type { StoreService } from '../store/store.service';
import { findCheckout, insertCheckout, lockCheckout, saveCheckoutDetails } from './checkouts.repository';
import type { PaymentIntentInput, PaymentIntentUpdate } from './commerce.schemas';
import { findOrderByPaymentIntent } from './orders.repository';
import type { PaymentMetadata, PaymentProvider } from './payment-provider';

/** Stripe metadata is flat strings; an empty engraving is an empty string. */
const asMetadata = (details: CheckoutDetails): PaymentMetadata =>
  Object.fromEntries(Object.entries(details).map(([key, value]) => [key, value ?? '']));

/** The checkout before the card: a payment for the catalogue's amount, then who and where the tag is for. */
export function createCheckout(db: Db, provider: PaymentProvider, store: StoreService) {
  return {
    /** Starts a payment for the amount the catalogue says, whatever the browser believes. */
    async start(userId: string, { productId, quantity }: PaymentIntentInput): Promise<PaymentIntentResponse> {
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

    /** Records who the tag is for and where it goes, before the card is charged. */
    async saveDetails(userId: string, body: PaymentIntentUpdate) {
      const checkout = await findCheckout(db, body.paymentIntentId);
      if (!checkout || checkout.userId !== userId) throw notFound('Payment');
      if (!isUuid(body.petId) || !(await isPetAccessible(db, userId, body.petId))) throw notFound('Pet');
      const details = checkoutDetailsSchema.parse(body);
      await db.transaction(async (tx) => {
        await lockCheckout(tx, checkout.paymentIntentId);
        if (await findOrderByPaymentIntent(tx, checkout.paymentIntentId))
          throw conflict('This order has already been placed.');
        await saveCheckoutDetails(tx, checkout.paymentIntentId, details);
      });
      await provider.updateMetadata(checkout.paymentIntentId, asMetadata(details));
    },
  };
}
