import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  type CheckoutDetails,
  checkoutDetailsSchema,
  type createPaymentIntentSchema,
  type PaymentIntentResponse,
  type updatePaymentIntentSchema,
} from '../../../shared/contracts/checkout';
import type { Db } from '../../db/connection';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/validate';
import { findOrderByPaymentIntent } from '../orders/orders.repository';
import { findTagProduct } from '../store/store.repository';
import { findCheckout, insertCheckout, isOwnPet, lockCheckout, saveCheckoutDetails } from './checkouts.repository';
import type { PaymentMetadata, PaymentProvider } from './payment-provider';

/** Stripe metadata is flat strings; an empty engraving is an empty string. */
const asMetadata = (details: CheckoutDetails): PaymentMetadata =>
  Object.fromEntries(Object.entries(details).map(([key, value]) => [key, value ?? '']));

export function createPaymentsService(db: Db, provider: PaymentProvider) {
  return {
    /** Starts a payment for the amount the catalogue says, whatever the browser believes. */
    async createPaymentIntent(
      userId: string,
      { productId, quantity }: z.output<typeof createPaymentIntentSchema>,
    ): Promise<PaymentIntentResponse> {
      const product = isUuid(productId) ? await findTagProduct(db, productId) : undefined;
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
    async updatePaymentIntent(userId: string, body: z.output<typeof updatePaymentIntentSchema>) {
      const checkout = await findCheckout(db, body.paymentIntentId);
      if (!checkout || checkout.userId !== userId) throw notFound('Payment');
      if (!isUuid(body.petId) || !(await isOwnPet(db, userId, body.petId))) throw notFound('Pet');
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
