import { insertPetSchema } from '@shared/schema';
import type { ComponentProps, ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { capitalize, SPECIES } from './pet-display';

export type PetFormValues = z.input<typeof insertPetSchema>;
type TextFieldName = Exclude<keyof PetFormValues, 'isMissing' | 'photoUrl'>;

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

interface FieldProps {
  name: TextFieldName;
  label: string;
  required?: boolean;
  /** Spans both columns on wide screens. */
  wide?: boolean;
}

interface ControlProps {
  id: string;
  'aria-required'?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A label, the control it names, and the control's error: wired together for screen readers. */
function Field({
  name,
  label,
  required,
  wide,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const { getFieldState, formState } = useFormContext<PetFormValues>();
  const error = getFieldState(name, formState).error?.message;
  const errorId = `${name}-error`;
  return (
    <div className={wide ? 'flex flex-col gap-2 sm:col-span-2' : 'flex flex-col gap-2'}>
      <Label htmlFor={name}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            {' '}
            *
          </span>
        )}
      </Label>
      {children({
        id: name,
        'aria-required': required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The shared schema's length limit for a field: the input stops where the server would refuse. */
function maxLengthOf(name: TextFieldName): number | undefined {
  let schema: unknown = insertPetSchema.shape[name];
  while (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) schema = schema.unwrap();
  return schema instanceof z.ZodString ? (schema.maxLength ?? undefined) : undefined;
}

export function TextField({
  type = 'text',
  placeholder,
  autoComplete,
  ...field
}: FieldProps & Pick<ComponentProps<'input'>, 'type' | 'placeholder' | 'autoComplete'>) {
  const { register } = useFormContext<PetFormValues>();
  return (
    <Field {...field}>
      {(controlProps) => (
        <Input
          type={type}
          maxLength={maxLengthOf(field.name)}
          placeholder={placeholder}
          autoComplete={autoComplete}
          {...controlProps}
          {...register(field.name)}
        />
      )}
    </Field>
  );
}

export function TextAreaField({ placeholder, ...field }: FieldProps & { placeholder?: string }) {
  const { register } = useFormContext<PetFormValues>();
  return (
    <Field {...field} wide>
      {(controlProps) => (
        <Textarea
          rows={4}
          maxLength={maxLengthOf(field.name)}
          placeholder={placeholder}
          {...controlProps}
          {...register(field.name)}
        />
      )}
    </Field>
  );
}

export function SpeciesField() {
  const { control } = useFormContext<PetFormValues>();
  return (
    <Field name="species" label="Species" required>
      {(controlProps) => (
        <Controller
          control={control}
          name="species"
          render={({ field }) => {
            // A species saved outside the form stays selectable rather than silently blank.
            const options: string[] =
              field.value && !SPECIES.some((s) => s === field.value) ? [...SPECIES, field.value] : [...SPECIES];
            return (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger {...controlProps} ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder="Select species" />
                </SelectTrigger>
                <SelectContent>
                  {options.map((species) => (
                    <SelectItem key={species} value={species}>
                      {capitalize(species)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            );
          }}
        />
      )}
    </Field>
  );
}
