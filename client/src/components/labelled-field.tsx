import type { ReactElement, ReactNode } from 'react';
import type { Control, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';

export interface LabelledFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> {
  control: Control<TValues>;
  name: TName;
  label: ReactNode;
  /** Shown under the control, before the field's error. */
  hint?: ReactNode;
  className?: string;
  /** The control: one element, which receives the field's id, value and handlers. */
  render: (field: ControllerRenderProps<TValues, TName>) => ReactElement;
}

/**
 * A form field whose control is a single element (an input, a text area): its label, the control,
 * an optional hint and the field's error. A select, whose control is only its trigger, lays out its
 * own FormField.
 */
export function LabelledField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  hint,
  className,
  render,
}: LabelledFieldProps<TValues, TName>) {
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
