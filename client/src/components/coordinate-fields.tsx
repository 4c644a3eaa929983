import type { ReactNode } from 'react';
import { useI18n } from '@/lib/i18n';

// A place typed as two numbers, folded under 'Type a latitude and longitude': the way in without a map, a phone's
// position or scripts (a maps app shows a spot's latitude and longitude when it is held down). The
// server reads what is typed with `typedNumber` (a decimal comma too) and gives it back, unfolded,
// when it refuses it. Used by the lost-pets board and the found-pet form; rendered by the server.

const FIELD =
  'h-10 w-32 rounded-md border border-input bg-background px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

export interface CoordinateFieldsProps {
  /** The ids' start: `{id}-lat`, `{id}-lng`, `{id}-coordinates-hint`, `{id}-coordinates-error`. */
  id: string;
  /** How to find the two numbers, said for the page's purpose. */
  hint: string;
  /** What the boxes hold: the point shown, or what was typed. */
  values?: { lat?: number | string; lng?: number | string };
  /** Unfolded: what was typed is given back to mend. */
  open?: boolean;
  /** Why the numbers were refused: said beside them, both boxes marked and described by it. */
  error?: ReactNode;
  /** The first field to mend: the latitude takes the focus when the page loads. */
  autoFocus?: boolean;
  className?: string;
}

export function CoordinateFields({ id, hint, values, open, error, autoFocus, className }: CoordinateFieldsProps) {
  const { t } = useI18n();
  const hintId = `${id}-coordinates-hint`;
  const errorId = `${id}-coordinates-error`;
  return (
    <details className={className} open={open || Boolean(error)}>
      <summary className="cursor-pointer font-medium text-sm underline underline-offset-4">
        {t('lost.coordinates')}
      </summary>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        {(['lat', 'lng'] as const).map((name) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${name}`} className="text-sm">
              {t(name === 'lat' ? 'foundPet.latitude' : 'foundPet.longitude')}
            </label>
            <input
              id={`${id}-${name}`}
              name={name}
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${errorId} ${hintId}` : hintId}
              defaultValue={values?.[name]}
              // biome-ignore lint/a11y/noAutofocus: only on the page a refusal answers with, on the field to mend.
              autoFocus={autoFocus && name === 'lat'}
              className={FIELD}
            />
          </div>
        ))}
        {error && (
          <p id={errorId} className="basis-full font-medium text-destructive text-sm">
            {error}
          </p>
        )}
        <p id={hintId} className="basis-full text-muted-foreground text-sm">
          {hint}
        </p>
      </div>
    </details>
  );
}
