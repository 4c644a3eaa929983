import type { CheckoutFormInput } from '@shared/contracts/checkout';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { type ControllerRenderProps, useFormContext } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

export type CheckoutFieldName = Exclude<keyof CheckoutFormInput, 'quantity' | 'cardLastFour'>;

/** A labelled checkout field whose control is a single element (an input), with an optional hint. */
export function Field<TName extends CheckoutFieldName>({
  name,
  label,
  hint,
  className,
  render,
}: {
  name: TName;
  label: string;
  hint?: ReactNode;
  className?: string;
  render: (field: ControllerRenderProps<CheckoutFormInput, TName>) => ReactElement;
}) {
  const { control } = useFormContext<CheckoutFormInput>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>{render(field)}</FormControl>
          {hint}
          <FormMessage />
        </FormItem>
      )}
    />
  );
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
