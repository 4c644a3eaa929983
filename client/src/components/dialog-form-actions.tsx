import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';

/**
 * A dialog form's buttons: Cancel, which closes the dialog, and the submit button, which says what
 * it is doing (`pendingLabel`) while the request runs. Both wait for it.
 */
export function DialogFormActions({
  pending,
  children,
  pendingLabel,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel: string;
}) {
  return (
    <DialogFooter>
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
