import type { LocalCard, LocalPaymentResult } from '@shared/contracts/checkout';
import { api } from '@/lib/api-client';

/** The local test card processor's confirm call, standing in for Stripe.js when Stripe is not configured. */
export const confirmLocalPayment = (paymentIntentId: string, card: LocalCard) =>
  api.post<LocalPaymentResult>(`/api/local-payments/${encodeURIComponent(paymentIntentId)}/confirm`, card);
