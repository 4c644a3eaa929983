import { type CheckoutFormInput, TAG_COLORS, type TagColor, tagColorName } from '@shared/contracts/checkout';
import { useFormContext } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { FieldError } from './checkout-field';

const SWATCHES: Record<TagColor, string> = {
  silver: 'bg-[#c0c4c8]',
  gold: 'bg-[#d4af37]',
  black: 'bg-[#1c1c1c]',
  blue: 'bg-[#2563eb]',
  red: 'bg-[#dc2626]',
  pink: 'bg-[#ec4899]',
};

export function TagColorField() {
  const { register, getFieldState, formState } = useFormContext<CheckoutFormInput>();
  const error = getFieldState('tagColor', formState).error?.message;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'tagColor-error' : undefined}>
      <legend className="mb-2 text-sm font-medium leading-none">Tag Color</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {TAG_COLORS.map((color) => (
          <label key={color} className="relative">
            {/* Invisible but laid over its swatch, so a click anywhere on the swatch is a click on the radio. */}
            <input
              type="radio"
              value={color}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              {...register('tagColor')}
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
      <FieldError id="tagColor-error" message={error} />
    </fieldset>
  );
}
