import type { CheckoutFormInput } from '@shared/contracts/checkout';
import type { ComponentProps, ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export type CheckoutFieldName = Exclude<keyof CheckoutFormInput, 'quantity' | 'cardLastFour'>;

export interface ControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** The message under a field, in the words of spec section 5. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** A label, the control it names, its hint and its error, wired together for screen readers. */
export function Field({
  name,
  label,
  hint,
  className,
  children,
}: {
  name: CheckoutFieldName;
  label: string;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const { getFieldState, formState } = useFormContext<CheckoutFormInput>();
  const error = getFieldState(name, formState).error?.message;
  const errorId = `${name}-error`;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={name}>{label}</Label>
      {children({
        id: name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {hint}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function TextField({
  name,
  label,
  className,
  ...input
}: { name: CheckoutFieldName; label: string; className?: string } & Omit<ComponentProps<typeof Input>, 'name' | 'id'>) {
  const { register } = useFormContext<CheckoutFormInput>();
  return (
    <Field name={name} label={label} className={className}>
      {(control) => <Input {...control} {...input} {...register(name)} />}
    </Field>
  );
}
