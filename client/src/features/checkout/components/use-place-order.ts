import type { CheckoutForm, PaymentIntentResponse } from '@shared/contracts/checkout';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OrderView, orderOfPaymentQuery, ordersQuery } from '@/api/orders';
import type { TagProductView } from '@/api/store';
import { showErrorToast } from '@/lib/error-toast';
import { localDay } from '@/lib/local-day';
import { createOrder } from '../api/create-order';
import { updatePaymentIntent } from '../api/update-payment-intent';
import { rememberedPayment, rememberPayment } from './checkout-memory';
import { toastOrderConfirmed } from './checkout-states';
import { PAYMENT_NOT_READY, type PaymentHandle } from './payment-handle';

// Spec section 9: give the payment webhook a moment to record the order before looking for it.
const ORDER_LOOKUP_DELAY_MS = 1500;
const FALLBACK_DELIVERY_DAYS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One payment's order being placed: a checkout page the buyer comes back to finds it by this key. */
export const placeOrderKey = (paymentIntentId: string) => ['place-order', paymentIntentId];

interface PlaceOrderInput {
  values: CheckoutForm;
  payment: PaymentHandle;
}

/**
 * Spec section 4's checkout flow: record the details on the payment, confirm the card, wait,
 * then find the order the payment made, or ask the server to make it (it checks the payment
 * with the provider; the price and status sent here are ignored). The flow goes on if the buyer
 * leaves the page meanwhile: the order is then announced wherever they are, and the page, when
 * they come back to it, shows it.
 */
export function usePlaceOrder(product: TagProductView, intent: PaymentIntentResponse) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: placeOrderKey(intent.paymentIntentId),
    mutationFn: async ({ values, payment }: PlaceOrderInput): Promise<OrderView> => {
      if (!payment.ready) throw new Error(PAYMENT_NOT_READY);
      rememberPayment(intent.paymentIntentId);
      const { quantity, cardLastFour: _, ...details } = values;
      await updatePaymentIntent({ paymentIntentId: intent.paymentIntentId, ...details });
      await payment.confirm();
      await sleep(ORDER_LOOKUP_DELAY_MS);
      const orders = await queryClient.fetchQuery({ ...ordersQuery(), staleTime: 0 });
      const recorded = orders.find((order) => order.paymentIntentId === intent.paymentIntentId);
      if (recorded) return recorded;
      const created = await createOrder({
        ...details,
        productId: product.id,
        quantity,
        totalPrice: product.price * quantity,
        paymentIntentId: intent.paymentIntentId,
        status: 'confirmed',
        estimatedDelivery: localDay(FALLBACK_DELIVERY_DAYS),
        cardLastFour: '****',
      });
      await queryClient.invalidateQueries({ queryKey: ordersQuery().queryKey });
      return created;
    },
    onSuccess: (order) => {
      queryClient.setQueryData(orderOfPaymentQuery(intent.paymentIntentId).queryKey, order);
      if (rememberedPayment() !== intent.paymentIntentId) toastOrderConfirmed(order);
    },
    onError: (error) =>
      showErrorToast({ title: 'Payment Failed', error, fallback: 'Failed to process payment. Please try again.' }),
  });
}
