import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

/**
 * A dialog form's buttons: Cancel, which closes the dialog, and the submit button, which says what
 * it is doing (`pendingLabel`) while the request runs. Both wait for it. In a form taller than a
 * phone's screen (one with a map), `sticky` keeps them in a bar at the dialog's foot, side by side
 * in their reading order, so that saving needs no scrolling; the fields scroll behind it.
 */
export function DialogFormActions({
  pending,
  children,
  pendingLabel,
  sticky = false,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel: string;
  sticky?: boolean;
}) {
  return (
    <DialogFooter
      className={cn(sticky && 'sticky -bottom-6 z-10 -mx-6 -mb-6 flex-row justify-end border-t bg-card px-6 py-4')}
    >
      <DialogClose asChild>
        <Button type="button" variant="outline" busy={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" busy={pending}>
        {pending ? pendingLabel : children}
      </Button>
    </DialogFooter>
  );
}
