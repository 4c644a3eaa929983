import { z } from 'zod';
import {
  createOrderSchema,
  createPaymentIntentSchema,
  localCardSchema,
  updatePaymentIntentSchema,
} from '../../../shared/contracts/checkout';
import { idParam } from '../../lib/validate';

/** What each commerce route accepts (the browser's form shares these rules through the contracts). */
export const commerceSchemas = {
  startCheckout: { body: createPaymentIntentSchema },
  saveCheckoutDetails: { body: updatePaymentIntentSchema },
  // The local processor's intent ids are its own; an unknown one is answered by the processor.
  confirmLocalPayment: { params: z.object({ id: z.string() }), body: localCardSchema },
  order: { params: z.object({ id: idParam('Order') }) },
  placeOrder: { body: createOrderSchema },
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

const shipment = z.object({
  carrier: z.string().nullish(),
  number: z.string().nullish(),
  url: z.string().nullish(),
  delivered_at: z.string().nullish(),
});

/** A Printify webhook delivery, once its signature has been checked. */
export const printifyEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100),
  resource: z.object({
    id: z.string().min(1).max(200),
    type: z.string().max(100),
    data: z
      .object({
        shop_id: z.union([z.string(), z.number()]).nullish(),
        status: z.string().max(100).nullish(),
        shipments: z.array(shipment).nullish(),
      })
      .nullish(),
  }),
});
export type PrintifyEvent = z.infer<typeof printifyEventSchema>;

export type PaymentIntentInput = z.output<typeof createPaymentIntentSchema>;
export type PaymentIntentUpdate = z.output<typeof updatePaymentIntentSchema>;
