import { useIsMutating, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { clientConfigQuery } from '@/api/config';
import { type OrderView, orderOfPaymentQuery } from '@/api/orders';
import { tagProductQuery } from '@/api/store';
import { BackLink } from '@/components/back-link';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useCreatePaymentIntent } from '../api/create-payment-intent';
import { CheckoutForm } from './checkout-form';
import { forgetPayment, rememberedPayment } from './checkout-memory';
import { CheckoutError, OrderConfirmed, PlacingOrder, PreparingCheckout, ProductNotFound } from './checkout-states';
import { LocalCardPayment } from './local-card-payment';
import type { PaymentHandle } from './payment-handle';
import { placeOrderKey } from './use-place-order';

// Stripe's form (and Stripe.js behind it) loads only when Stripe runs, and only on this route.
const StripePayment = lazy(() => import('./stripe-payment'));

/**
 * This page, come back to (Back, Forward or a reload) after its Pay button was pressed: the order,
 * once the payment is confirmed; a new checkout only if the payment was never completed.
 */
function ReturnedCheckout({ paymentIntentId, onUnpaid }: { paymentIntentId: string; onUnpaid: () => void }) {
  const placing = useIsMutating({ mutationKey: placeOrderKey(paymentIntentId) }) > 0;
  const outcome = useQuery({ ...orderOfPaymentQuery(paymentIntentId), enabled: !placing });
  const unpaid = outcome.data === null;
  useEffect(() => {
    if (unpaid) onUnpaid();
  }, [unpaid, onUnpaid]);

  if (placing) return <PlacingOrder />;
  if (outcome.data) return <OrderConfirmed order={outcome.data} />;
  if (outcome.error) return <CheckoutError message={errorMessage(outcome.error, 'Failed to initialize checkout')} />;
  return <PreparingCheckout />;
}

export default function CheckoutPage() {
  const [paying, setPaying] = useState(rememberedPayment);
  const startAgain = useCallback(() => {
    forgetPayment();
    setPaying(undefined);
  }, []);
  return paying ? <ReturnedCheckout paymentIntentId={paying} onUnpaid={startAgain} /> : <NewCheckout />;
}

function NewCheckout() {
  const { productId } = useParams<{ productId: string }>();
  const { user } = useAuth();
  const product = useQuery(tagProductQuery(productId));
  const config = useQuery(clientConfigQuery());
  const startPayment = useCreatePaymentIntent();
  const [order, setOrder] = useState<OrderView>();

  // One payment per visit: the ref keeps a re-run effect (React's strict mode) from starting a second.
  const started = useRef(false);
  const { mutate: start } = startPayment;
  useEffect(() => {
    if (!product.data || !user || started.current) return;
    started.current = true;
    start({ productId: product.data.id, quantity: 1, userId: user.id });
  }, [product.data, user, start]);

  if (order) return <OrderConfirmed order={order} />;
  if (product.error)
    return isNotFound(product.error) ? (
      <ProductNotFound />
    ) : (
      <CheckoutError message={errorMessage(product.error, 'Failed to initialize checkout')} />
    );
  const failure = startPayment.error ?? config.error;
  if (failure) return <CheckoutError message={errorMessage(failure, 'Failed to initialize checkout')} />;
  if (!product.data || !config.data || !startPayment.data) return <PreparingCheckout />;

  const intent = startPayment.data;
  const form = (payment: PaymentHandle) => (
    <CheckoutForm product={product.data} intent={intent} payment={payment} onConfirmed={setOrder} />
  );
  const payments = config.data.payments;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <BackLink href="/store">Back to Store</BackLink>
        <h1 className="text-3xl font-bold">Checkout</h1>
        <p className="text-muted-foreground">Order a {product.data.name} for one of your pets.</p>
      </header>
      {payments.mode === 'stripe' ? (
        <Suspense fallback={<PreparingCheckout />}>
          <StripePayment publishableKey={payments.publishableKey} intent={intent}>
            {form}
          </StripePayment>
        </Suspense>
      ) : (
        <LocalCardPayment intent={intent}>{form}</LocalCardPayment>
      )}
    </div>
  );
}
