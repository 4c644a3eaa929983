import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CheckoutFormInput,
  type CheckoutForm as CheckoutValues,
  checkoutFormSchema,
  ENGRAVING_MAX,
  type PaymentIntentResponse,
} from '@shared/contracts/checkout';
import { CreditCard, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, useFormContext } from 'react-hook-form';
import type { OrderView } from '@/api/orders';
import type { TagProductView } from '@/api/store';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { formatPrice } from '@/lib/format';
import { Field, TextField } from './checkout-field';
import { OrderSummary } from './order-summary';
import type { PaymentHandle } from './payment-handle';
import { PetSelectField } from './pet-select-field';
import { TagColorField } from './tag-color-field';
import { usePlaceOrder } from './use-place-order';
import { useShippingPrefill } from './use-shipping-prefill';

const QUANTITY = 1;

function FormCard(props: { title: string; description: string; children: ReactNode }) {
  return <SectionCard {...props} contentClassName="flex flex-col gap-5" />;
}

function EngravingField() {
  const { watch } = useFormContext<CheckoutFormInput>();
  const length = (watch('customText') ?? '').length;
  return (
    <Field
      name="customText"
      label="Custom Engraving (Optional)"
      hint={
        <div className="flex justify-between gap-3 text-xs text-muted-foreground">
          <p>We propose your pet's tag code: a finder can type it at /found to reach you.</p>
          <p className="shrink-0" aria-live="polite">
            {length}/{ENGRAVING_MAX}
          </p>
        </div>
      }
      render={(field) => (
        <Input maxLength={ENGRAVING_MAX} placeholder="e.g., Call 555-0100" {...field} value={field.value ?? ''} />
      )}
    />
  );
}

export function CheckoutForm({
  product,
  intent,
  payment,
  onConfirmed,
}: {
  product: TagProductView;
  intent: PaymentIntentResponse;
  payment: PaymentHandle;
  onConfirmed: (order: OrderView) => void;
}) {
  const form = useForm<CheckoutFormInput, unknown, CheckoutValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: {
      petId: '',
      customText: '',
      quantity: QUANTITY,
      shippingName: '',
      shippingAddress: '',
      shippingCity: '',
      shippingState: '',
      shippingZip: '',
      shippingPhone: '',
    },
  });
  useShippingPrefill(form);
  const placeOrder = usePlaceOrder(product, intent);
  const total = product.price * QUANTITY;

  const submit = form.handleSubmit((values) => placeOrder.mutate({ values, payment }, { onSuccess: onConfirmed }));

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="flex flex-col gap-6">
          <FormCard title="Pet & Tag" description="Choose the pet this tag is for, its color and an engraving.">
            <PetSelectField />
            <TagColorField />
            <EngravingField />
          </FormCard>

          <FormCard title="Shipping Address" description="Free delivery in 3-5 business days.">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="shippingName" label="Full Name" autoComplete="name" className="sm:col-span-2" />
              <TextField
                name="shippingAddress"
                label="Street Address"
                autoComplete="street-address"
                className="sm:col-span-2"
              />
              <TextField name="shippingCity" label="City" autoComplete="address-level2" />
              <TextField name="shippingState" label="State" autoComplete="address-level1" />
              <TextField name="shippingZip" label="ZIP Code" autoComplete="postal-code" inputMode="numeric" />
              <TextField name="shippingPhone" label="Phone Number" type="tel" autoComplete="tel" />
            </div>
          </FormCard>

          <FormCard title="Payment" description="Your card details go straight to the payment provider.">
            {payment.fields}
          </FormCard>
        </div>

        <div className="lg:sticky lg:top-24">
          <OrderSummary product={product} quantity={QUANTITY}>
            <Button type="submit" size="lg" className="w-full" disabled={!payment.ready || placeOrder.isPending}>
              {placeOrder.isPending ? (
                'Processing...'
              ) : (
                <>
                  <CreditCard aria-hidden="true" />
                  Pay {formatPrice(total)}
                </>
              )}
            </Button>
            <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
              <Lock className="size-3" aria-hidden="true" />
              Secure payment. The amount is confirmed by our server.
            </p>
          </OrderSummary>
        </div>
      </form>
    </Form>
  );
}
