import type { PaymentIntentResponse } from '@shared/contracts/checkout';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { confirmLocalPayment } from '../api/confirm-local-payment';
import type { PaymentHandle } from './payment-handle';

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** 4242424242424242 → "4242 4242 4242 4242" */
export const formatCardNumber = (value: string) => digits(value, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** 1234 → "12 / 34" */
export function formatExpiry(value: string) {
  const d = digits(value, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

/** One of the card's fields: typed with the number pad, formatted by the caller as it is typed. */
function CardDigitsField({
  id,
  label,
  className,
  onChange,
  ...input
}: { id: string; label: string; className?: string; onChange: (value: string) => void } & Pick<
  ComponentProps<'input'>,
  'autoComplete' | 'placeholder' | 'value'
>) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} inputMode="numeric" {...input} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/**
 * The card form of the local test card processor (used when Stripe is not configured): the same
 * lifecycle as Stripe's Payment Element, confirmed against the server's processor.
 */
export function LocalCardPayment({
  intent,
  children,
}: {
  intent: PaymentIntentResponse;
  children: (payment: PaymentHandle) => ReactNode;
}) {
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });

  const fields = (
    <div className="grid gap-4 sm:grid-cols-4">
      <CardDigitsField
        id="card-number"
        label="Card number"
        className="sm:col-span-2"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.cardNumber}
        onChange={(value) => setCard({ ...card, cardNumber: formatCardNumber(value) })}
      />
      <CardDigitsField
        id="card-expiry"
        label="Expiry"
        autoComplete="cc-exp"
        placeholder="MM / YY"
        value={card.expiry}
        onChange={(value) => setCard({ ...card, expiry: formatExpiry(value) })}
      />
      <CardDigitsField
        id="card-cvc"
        label="CVC"
        autoComplete="cc-csc"
        placeholder="123"
        value={card.cvc}
        onChange={(value) => setCard({ ...card, cvc: digits(value, 4) })}
      />
      <p className="text-sm text-muted-foreground sm:col-span-4">
        Test mode: pay with 4242 4242 4242 4242, any future expiry date and any CVC. No real card is charged.
      </p>
    </div>
  );

  async function confirm() {
    try {
      await confirmLocalPayment(intent.paymentIntentId, { clientSecret: intent.clientSecret, ...card });
    } catch (error) {
      throw error instanceof ApiError ? new Error(error.serverMessage) : error;
    }
  }

  return children({ ready: true, fields, confirm });
}
