import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/**
 * A field outside react-hook-form: its label, its control (which carries the id `htmlFor` names)
 * and the hint under it, whose id is `{htmlFor}-hint` for the control's aria-describedby.
 */
export function FieldRow({
  htmlFor,
  label,
  hint,
  children,
}: {
  htmlFor: string;
  label: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {hint && (
        <p id={`${htmlFor}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
