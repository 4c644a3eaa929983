import type { CheckoutFormInput } from '@shared/contracts/checkout';
import type { ComponentProps } from 'react';
import { useFormContext } from 'react-hook-form';
import { LabelledField, type LabelledFieldProps } from '@/components/labelled-field';
import { Input } from '@/components/ui/input';

export type CheckoutFieldName = Exclude<keyof CheckoutFormInput, 'quantity' | 'cardLastFour'>;

/** A labelled checkout field whose control is a single element (an input), with an optional hint. */
export function Field<TName extends CheckoutFieldName>(
  props: Omit<LabelledFieldProps<CheckoutFormInput, TName>, 'control'>,
) {
  const { control } = useFormContext<CheckoutFormInput>();
  return <LabelledField control={control} {...props} />;
}

export function TextField({
  name,
  label,
  className,
  ...input
}: { name: CheckoutFieldName; label: string; className?: string } & Omit<
  ComponentProps<typeof Input>,
  'name' | 'id' | 'value' | 'onChange' | 'onBlur'
>) {
  return (
    <Field
      name={name}
      label={label}
      className={className}
      render={(field) => <Input {...input} {...field} value={field.value ?? ''} />}
    />
  );
}
