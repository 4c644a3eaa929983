import type { CheckoutForm } from '@shared/contracts/checkout';
import { api } from '@/lib/api-client';

export type UpdatePaymentIntentInput = Omit<CheckoutForm, 'quantity' | 'cardLastFour'> & { paymentIntentId: string };

/** Records the pet, colour, engraving and shipping address on the payment before it is confirmed. */
export const updatePaymentIntent = (input: UpdatePaymentIntentInput) =>
  api.post<void>('/api/update-payment-intent', input);
