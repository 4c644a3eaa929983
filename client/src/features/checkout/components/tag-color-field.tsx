import { type CheckoutFormInput, TAG_COLORS, type TagColor, tagColorName } from '@shared/contracts/checkout';
import { type ControllerRenderProps, useFormContext } from 'react-hook-form';
import { FormField, FormItem, FormMessage, useFormField } from '@/components/ui/form';
import { cn } from '@/lib/cn';

const SWATCHES: Record<TagColor, string> = {
  silver: 'bg-[#c0c4c8]',
  gold: 'bg-[#d4af37]',
  black: 'bg-[#1c1c1c]',
  blue: 'bg-[#2563eb]',
  red: 'bg-[#dc2626]',
  pink: 'bg-[#ec4899]',
};

/** The six colors as one radio group: its legend names it, its error describes it. */
function TagColorChoices({ field }: { field: ControllerRenderProps<CheckoutFormInput, 'tagColor'> }) {
  const { error, formMessageId } = useFormField();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? formMessageId : undefined}>
      <legend className="mb-2 text-sm font-medium leading-none">Tag Color</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {TAG_COLORS.map((color, index) => (
          <label key={color} className="relative">
            {/* Invisible but laid over its swatch, so a click anywhere on the swatch is a click on the radio. */}
            <input
              type="radio"
              name={field.name}
              value={color}
              checked={field.value === color}
              onChange={() => field.onChange(color)}
              onBlur={field.onBlur}
              // The first color takes the focus when the form points at this field.
              ref={index === 0 ? field.ref : undefined}
              aria-invalid={error ? true : undefined}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span
              className={cn(
                'flex flex-col items-center gap-1.5 rounded-md border-2 border-transparent bg-muted px-2 py-2.5 text-sm transition-colors',
                'peer-checked:border-primary peer-checked:bg-accent peer-checked:text-accent-foreground',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background',
              )}
            >
              {/* A light edge in dark mode, or the black swatch vanishes into the dark card. */}
              <span
                aria-hidden="true"
                className={cn('size-7 rounded-full border border-black/20 dark:border-white/60', SWATCHES[color])}
              />
              {tagColorName(color)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function TagColorField() {
  const { control } = useFormContext<CheckoutFormInput>();
  return (
    <FormField
      control={control}
      name="tagColor"
      render={({ field }) => (
        <FormItem>
          <TagColorChoices field={field} />
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
