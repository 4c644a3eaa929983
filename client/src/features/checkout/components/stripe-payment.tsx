import type { PaymentIntentResponse } from '@shared/contracts/checkout';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { type ReactNode, useState } from 'react';
import { PAYMENT_NOT_READY, type PaymentHandle } from './payment-handle';

// Stripe.js is fetched from Stripe only here, on the checkout route, and once per key.
const loaded = new Map<string, Promise<Stripe | null>>();
function loadStripeOnce(publishableKey: string) {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Spec section 7: after a redirect-based payment, Stripe brings the buyer back to their orders. */
const returnUrl = () => `${window.location.origin}/orders?payment_success=true`;

function StripeForm({ children }: { children: (payment: PaymentHandle) => ReactNode }) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);

  async function confirm() {
    if (!stripe || !elements) throw new Error(PAYMENT_NOT_READY);
    const submitted = await elements.submit();
    if (submitted.error) throw new Error(submitted.error.message);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl() },
      redirect: 'if_required',
    });
    if (error) throw new Error(error.message);
  }

  return children({
    ready: Boolean(stripe && elements && elementReady),
    fields: <PaymentElement onReady={() => setElementReady(true)} />,
    confirm,
  });
}

/** Stripe's Payment Element, for when the server runs payments through Stripe. */
export default function StripePayment({
  publishableKey,
  intent,
  children,
}: {
  publishableKey: string;
  intent: PaymentIntentResponse;
  children: (payment: PaymentHandle) => ReactNode;
}) {
  const dark = document.documentElement.classList.contains('dark');
  return (
    <Elements
      stripe={loadStripeOnce(publishableKey)}
      options={{ clientSecret: intent.clientSecret, appearance: { theme: dark ? 'night' : 'stripe' } }}
    >
      <StripeForm>{children}</StripeForm>
    </Elements>
  );
}
