import { insertPetSchema } from '@shared/contracts/pet-schema';
import { PET_SEXES, PET_VALUE_RULES } from '@shared/contracts/pets';
import type { ComponentProps, ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { LabelledField } from '@/components/labelled-field';
import { SectionCard } from '@/components/section-card';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { capitalize, SPECIES } from '@/lib/pet-display';

export type PetFormValues = z.input<typeof insertPetSchema>;
/** The form's text fields: every field whose value is text, but the photo, which has its own. */
type TextFieldName = Exclude<
  { [K in keyof PetFormValues]-?: NonNullable<PetFormValues[K]> extends string ? K : never }[keyof PetFormValues],
  'photoUrl'
>;

export function FormSection(props: { title: string; children: ReactNode }) {
  return <SectionCard {...props} contentClassName="grid gap-4 sm:grid-cols-2" />;
}

interface FieldProps {
  name: TextFieldName;
  label: string;
  required?: boolean;
  /** Spans both columns on wide screens. */
  wide?: boolean;
}

/** A field's label, with the spec's '*' on required ones (the control itself says aria-required). */
function LabelText({ label, required }: { label: string; required?: boolean }) {
  return (
    <>
      {label}
      {required && (
        <span aria-hidden="true" className="text-destructive">
          {' '}
          *
        </span>
      )}
    </>
  );
}

/**
 * The length limit for a field, its rule's (a name fits a poster's tab in 50) or else the shared
 * schema's: the input stops where the server would refuse.
 */
function maxLengthOf(name: TextFieldName): number | undefined {
  const rule = PET_VALUE_RULES.find((one) => one.field === name && 'max' in one);
  if (rule && 'max' in rule) return rule.max;
  let schema: unknown = insertPetSchema.shape[name];
  while (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) schema = schema.unwrap();
  return schema instanceof z.ZodString ? (schema.maxLength ?? undefined) : undefined;
}

export function TextField({
  name,
  label,
  required,
  wide,
  type = 'text',
  placeholder,
  autoComplete,
}: FieldProps & Pick<ComponentProps<'input'>, 'type' | 'placeholder' | 'autoComplete'>) {
  const { control } = useFormContext<PetFormValues>();
  return (
    <LabelledField
      control={control}
      name={name}
      label={<LabelText label={label} required={required} />}
      className={wide ? 'sm:col-span-2' : undefined}
      render={(field) => (
        <Input
          type={type}
          maxLength={maxLengthOf(name)}
          placeholder={placeholder}
          autoComplete={autoComplete}
          aria-required={required || undefined}
          {...field}
          value={field.value ?? ''}
        />
      )}
    />
  );
}

export function TextAreaField({
  name,
  label,
  placeholder,
}: Omit<FieldProps, 'required' | 'wide'> & { placeholder?: string }) {
  const { control } = useFormContext<PetFormValues>();
  return (
    <LabelledField
      control={control}
      name={name}
      label={label}
      className="sm:col-span-2"
      render={(field) => (
        <Textarea
          rows={4}
          maxLength={maxLengthOf(name)}
          placeholder={placeholder}
          {...field}
          value={field.value ?? ''}
        />
      )}
    />
  );
}

export function SpeciesField() {
  const { control } = useFormContext<PetFormValues>();
  return (
    <FormField
      control={control}
      name="species"
      render={({ field }) => {
        // A species saved outside the form stays selectable rather than silently blank.
        const options: string[] =
          field.value && !SPECIES.some((s) => s === field.value) ? [...SPECIES, field.value] : [...SPECIES];
        return (
          <FormItem>
            <FormLabel>
              <LabelText label="Species" required />
            </FormLabel>
            <Select value={field.value} onValueChange={field.onChange}>
              <FormControl>
                <SelectTrigger aria-required ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder="Select species" />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {options.map((species) => (
                  <SelectItem key={species} value={species}>
                    {capitalize(species)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}

// A Select's item cannot carry an empty value: 'Unknown' is this word in the form and null in the pet.
const UNKNOWN_SEX = 'unknown';

/** The pet's sex, optional: matching compares it with what a finder says of a found pet. */
export function SexField() {
  const { control } = useFormContext<PetFormValues>();
  return (
    <FormField
      control={control}
      name="sex"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Sex</FormLabel>
          <Select
            value={field.value ?? UNKNOWN_SEX}
            onValueChange={(value) => field.onChange(value === UNKNOWN_SEX ? null : value)}
          >
            <FormControl>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {[UNKNOWN_SEX, ...PET_SEXES].map((sex) => (
                <SelectItem key={sex} value={sex}>
                  {capitalize(sex)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
