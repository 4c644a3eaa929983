import type * as LabelPrimitive from '@radix-ui/react-label';
import { type ComponentProps, createContext, useContext, useEffect, useId, useState } from 'react';
import {
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Slot } from '@/components/ui/slot';
import { cn } from '@/lib/cn';

// shadcn/ui's form pattern: every form of the app wires a label, its control and the field's error
// together here, so screen readers hear the same thing everywhere.

/** A react-hook-form form's context, for the fields below. */
export const Form = FormProvider;

const FormFieldContext = createContext<{ name: string } | null>(null);

/** One field of the form: its value and state through react-hook-form's Controller. */
export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
>(props: ControllerProps<TFieldValues, TName>) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

const FormItemContext = createContext<{ id: string; described: boolean; setDescribed: (on: boolean) => void } | null>(
  null,
);

/** The ids and the error of the field around the calling component. */
export function useFormField() {
  const field = useContext(FormFieldContext);
  const item = useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field?.name });
  if (!field || !item) throw new Error('useFormField is for the parts of a <FormField> and its <FormItem>');
  const { id, described, setDescribed } = item;
  return {
    name: field.name,
    formItemId: `${id}-form-item`,
    formDescriptionId: `${id}-form-item-description`,
    formMessageId: `${id}-form-item-message`,
    described,
    setDescribed,
    ...getFieldState(field.name, formState),
  };
}

/** A field's box: label, control and error, one under the other. */
export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId();
  // Whether a FormDescription is shown, so that the control never points at a hint that is not there.
  const [described, setDescribed] = useState(false);
  return (
    <FormItemContext.Provider value={{ id, described, setDescribed }}>
      <div className={cn('flex flex-col gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

export function FormLabel({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  const { formItemId } = useFormField();
  return <Label className={className} htmlFor={formItemId} {...props} />;
}

/**
 * The control itself (an input, a select's trigger): given the field's id, marked invalid when the
 * field has an error, and described by its hint and that error.
 */
export function FormControl(props: ComponentProps<typeof Slot>) {
  const { error, formItemId, formDescriptionId, formMessageId, described } = useFormField();
  const describedBy = [described && formDescriptionId, error && formMessageId].filter(Boolean).join(' ');
  return (
    <Slot
      id={formItemId}
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
      {...props}
    />
  );
}

/** A hint under the field (what becomes of what is typed), read with the control. */
export function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { formDescriptionId, setDescribed } = useFormField();
  useEffect(() => {
    setDescribed(true);
    return () => setDescribed(false);
  }, [setDescribed]);
  return <p id={formDescriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** The field's error, in the words of the shared schema; nothing when the field is valid. */
export function FormMessage({ className, children, ...props }: ComponentProps<'p'>) {
  const { error, formMessageId } = useFormField();
  const body = error?.message ?? children;
  if (!body) return null;
  return (
    <p id={formMessageId} className={cn('text-sm font-medium text-destructive', className)} {...props}>
      {body}
    </p>
  );
}
