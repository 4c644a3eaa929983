import { z } from 'zod';
import {
  createPaymentIntentSchema,
  localCardSchema,
  updatePaymentIntentSchema,
} from '../../../shared/contracts/checkout';

/** What each payment route accepts (the browser's form shares these rules through the contracts). */
export const paymentsSchemas = {
  startCheckout: { body: createPaymentIntentSchema },
  saveCheckoutDetails: { body: updatePaymentIntentSchema },
  // The local processor's intent ids are its own; an unknown one is answered by the processor.
  confirmLocalPayment: { params: z.object({ id: z.string() }), body: localCardSchema },
};

/**
 * A Stripe event, once its signature has been checked: what the handlers read. Every event carries
 * the object it is about; one without is not an event Stripe sends, and answers 400.
 */
export const stripeEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.object({ id: z.string().min(1).max(255).optional() }) }),
});

export type PaymentIntentInput = z.output<typeof createPaymentIntentSchema>;
export type PaymentIntentUpdate = z.output<typeof updatePaymentIntentSchema>;
