import type { RefObject } from 'react';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { useCreateReminder } from '../api/create-reminder';
import { ReminderDialog, ReminderForm } from './reminder-form';

interface AddReminderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pet chosen in advance, when the page shows one pet's reminders. */
  petId?: string;
  /** What takes the focus when the dialog closes: the button that opened it. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Every opening starts from an empty form (spec section 4). */
export function AddReminderDialog({ open, onOpenChange, petId, returnFocusTo }: AddReminderDialogProps) {
  return (
    <ReminderDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Reminder"
      description="Set a care reminder for one of your pets."
      returnFocusTo={returnFocusTo}
    >
      <AddReminderForm petId={petId} onDone={() => onOpenChange(false)} />
    </ReminderDialog>
  );
}

function AddReminderForm({ petId, onDone }: { petId?: string; onDone: () => void }) {
  const create = useCreateReminder();
  return (
    <ReminderForm
      defaultValues={{
        petId: petId ?? '',
        type: undefined,
        title: '',
        dueDate: '',
        description: '',
        isCompleted: false,
        completedAt: '',
      }}
      submitLabel="Add Reminder"
      pendingLabel="Adding..."
      pending={create.isPending}
      onSubmit={async (values, key) => {
        try {
          await create.mutateAsync({ input: values, key });
        } catch (error) {
          showErrorToast({ error, fallback: 'Failed to add reminder. Please try again.' });
          return;
        }
        toast({ title: 'Reminder Added!', description: 'Your reminder has been created successfully.' });
        onDone();
      }}
    />
  );
}
