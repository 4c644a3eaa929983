import type { PaymentIntentResponse } from '@shared/contracts/checkout';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export interface CreatePaymentIntentInput {
  productId: string;
  quantity: number;
  /** Sent as the spec's client does; the server takes the user from the session. */
  userId: string;
}

export async function createPaymentIntent(input: CreatePaymentIntentInput) {
  try {
    return await api.post<PaymentIntentResponse>('/api/create-payment-intent', input);
  } catch (error) {
    // Spec section 8 words this failure 'Server error: {status} - {text}'.
    if (error instanceof ApiError) throw new Error(`Server error: ${error.status} - ${error.serverMessage}`);
    throw error;
  }
}

export const useCreatePaymentIntent = () => useMutation({ mutationFn: createPaymentIntent });
