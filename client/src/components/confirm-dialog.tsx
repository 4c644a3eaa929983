import { type ReactNode, type RefObject, useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

interface ConfirmDialogProps {
  /** The button that asks; it must be a single focusable element. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** What the confirm button says while `onConfirm`'s promise is pending ('Deleting...'). */
  pendingLabel?: string;
  /**
   * The action. When it answers a promise, the dialog stays open, its buttons disabled, until the
   * promise settles: the person sees the action finish rather than a dialog that vanished early.
   */
  onConfirm: () => unknown;
  /**
   * Where the focus goes once the action is done, when it removes the trigger itself (a row of a
   * list): else it would fall to the top of the page. Cancelling returns it to the trigger.
   */
  focusAfter?: RefObject<HTMLElement | null>;
}

/** The one way the app asks before an action that cannot be undone. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  focusAfter,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirmed = useRef(false);

  const confirm = async () => {
    const result = onConfirm();
    if (result instanceof Promise) {
      setPending(true);
      await result.finally(() => setPending(false));
    }
    confirmed.current = true;
    setOpen(false);
  };

  const placeFocus = (event: Event) => {
    if (!confirmed.current || !focusAfter?.current) return;
    confirmed.current = false;
    event.preventDefault();
    focusAfter.current.focus();
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent onCloseAutoFocus={placeFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} busy={pending}>
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
