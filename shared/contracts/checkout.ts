import { z } from 'zod';

import { hasPhoneDigits, PHONE_DIGITS_MESSAGE } from './phone';
import { TAG_COLORS } from './tag-colors';

export { TAG_COLORS, type TagColor, tagColorName } from './tag-colors';

export const ENGRAVING_MAX = 50;
export const MAX_QUANTITY = 10;

const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(200, 'Must be 200 characters or fewer');

/** The checkout form (spec section 5): validates the browser form and the server body alike. */
export const checkoutFormSchema = z.object({
  petId: z.string({ error: 'Please select a pet' }).min(1, 'Please select a pet'),
  tagColor: z.enum(TAG_COLORS, { error: 'Please select a color' }),
  customText: z.string().trim().max(ENGRAVING_MAX, 'Maximum 50 characters').optional(),
  quantity: z.number().int().min(1).max(MAX_QUANTITY).default(1),
  shippingName: requiredText('Name is required'),
  shippingAddress: requiredText('Address is required'),
  shippingCity: requiredText('City is required'),
  shippingState: requiredText('State is required'),
  shippingZip: z
    .string({ error: 'ZIP code is required' })
    .trim()
    .min(5, { error: 'ZIP code is required', abort: true })
    .max(10, 'ZIP code must be 10 characters or fewer'),
  shippingPhone: requiredText('Phone number is required').refine(hasPhoneDigits, PHONE_DIGITS_MESSAGE),
  cardLastFour: z.string().optional(),
});
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutForm = z.output<typeof checkoutFormSchema>;

/** What the server keeps for a checkout until it is paid: the form without quantity and card. */
export const checkoutDetailsSchema = checkoutFormSchema.omit({ quantity: true, cardLastFour: true });
export type CheckoutDetails = z.output<typeof checkoutDetailsSchema>;

const paymentIntentId = z.string({ error: 'Payment is required' }).trim().min(1, 'Payment is required').max(255);

/** POST /api/create-payment-intent. A userId in the body is dropped: the session decides. */
export const createPaymentIntentSchema = z.object({
  // An id longer than any names no product: said so, not that none was given.
  productId: z.string({ error: 'Product is required' }).min(1, 'Product is required').max(100, 'Product not found'),
  // The bounds first: a huge number is too many before it is not a safe whole number.
  quantity: z
    .number('Quantity must be a number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_QUANTITY, `At most ${MAX_QUANTITY} tags per order`)
    .int('Quantity must be a whole number')
    .default(1),
});

/** POST /api/update-payment-intent */
export const updatePaymentIntentSchema = checkoutDetailsSchema.extend({ paymentIntentId });

/**
 * POST /api/orders, the client's fallback. Only the payment id counts: product, quantity, price,
 * status and shipping come from what the server stored for that payment, whatever else is sent.
 */
export const createOrderSchema = z.object({ paymentIntentId });

export interface PaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
}

/** POST /api/local-payments/{id}/confirm: the local test card processor's confirm call. */
export const localCardSchema = z.object({
  clientSecret: z.string({ error: 'Payment is required' }).min(1, 'Payment is required').max(255),
  cardNumber: z.string({ error: 'Your card number is incomplete.' }).max(40),
  expiry: z.string({ error: "Your card's expiration date is incomplete." }).max(10),
  cvc: z.string({ error: "Your card's security code is incomplete." }).max(10),
});
export type LocalCard = z.output<typeof localCardSchema>;

export interface LocalPaymentResult {
  paymentIntentId: string;
  status: 'succeeded';
}
