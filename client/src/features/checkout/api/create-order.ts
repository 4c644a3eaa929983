import type { OrderView } from '@/api/orders';
import { ApiError, api } from '@/lib/api-client';

/** The spec's fallback order (section 7). The server builds the order from the payment, not from this. */
export interface FallbackOrderInput {
  petId: string;
  productId: string;
  tagColor: string;
  customText?: string;
  quantity: number;
  totalPrice: number;
  shippingName: string;
  shippingAddress: string;
  shippingCity: string;
  shippingState: string;
  shippingZip: string;
  shippingPhone: string;
  paymentIntentId: string;
  status: 'confirmed';
  estimatedDelivery: string;
  cardLastFour: string;
}

export async function createOrder(input: FallbackOrderInput) {
  try {
    return await api.post<OrderView>('/api/orders', input);
  } catch (error) {
    // Spec section 8 words this failure 'Failed to create order: {text}'.
    if (error instanceof ApiError) throw new Error(`Failed to create order: ${error.serverMessage}`);
    throw error;
  }
}
