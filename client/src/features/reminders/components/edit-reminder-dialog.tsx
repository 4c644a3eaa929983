import { REMINDER_TYPES } from '@shared/contracts/reminder-schema';
import type { RefObject } from 'react';
import type { ReminderDto } from '@/api/reminders';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { useEditReminder } from '../api/update-reminder';
import { ReminderDialog, ReminderForm } from './reminder-form';

interface EditReminderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The reminder being edited; kept while the dialog closes. */
  reminder: ReminderDto | null;
  /** What takes the focus when the dialog closes: the reminder's Edit button. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

const isKnownType = (type: string): type is (typeof REMINDER_TYPES)[number] =>
  (REMINDER_TYPES as readonly string[]).includes(type);

/** The Add form, filled in with the reminder: each opening starts from the reminder as it is now. */
export function EditReminderDialog({ open, onOpenChange, reminder, returnFocusTo }: EditReminderDialogProps) {
  return (
    <ReminderDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Reminder"
      description="Change this care reminder's details."
      returnFocusTo={returnFocusTo}
    >
      {reminder && <EditReminderForm key={reminder.id} reminder={reminder} onDone={() => onOpenChange(false)} />}
    </ReminderDialog>
  );
}

function EditReminderForm({ reminder, onDone }: { reminder: ReminderDto; onDone: () => void }) {
  const edit = useEditReminder();
  return (
    <ReminderForm
      defaultValues={{
        petId: reminder.petId,
        // A type the form does not offer (an old one) must be chosen again rather than sent back.
        type: isKnownType(reminder.type) ? reminder.type : undefined,
        title: reminder.title,
        dueDate: reminder.dueDate,
        description: reminder.description ?? '',
        // Whether it is done is not the form's to change: left out, it is neither checked nor sent.
      }}
      petChoices={reminder.petChoices}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      pending={edit.isPending}
      onSubmit={async ({ petId, type, title, dueDate, description }) => {
        try {
          await edit.mutateAsync({ id: reminder.id, changes: { petId, type, title, dueDate, description } });
        } catch (error) {
          showErrorToast({ error, fallback: 'Failed to save reminder. Please try again.' });
          return;
        }
        toast({ title: 'Reminder Updated!', description: 'Your changes have been saved.' });
        onDone();
      }}
    />
  );
}
