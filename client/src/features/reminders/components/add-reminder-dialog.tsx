import { zodResolver } from '@hookform/resolvers/zod';
import { insertReminderSchema, REMINDER_DAYS } from '@shared/contracts/reminder-schema';
import { useQuery } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { petsQuery } from '@/api/pets';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { LabelledField } from '@/components/labelled-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useSubmitOnce } from '@/hooks/use-submit-once';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { useCreateReminder } from '../api/create-reminder';
import { REMINDER_TYPE_STYLES } from './reminder-types';

type ReminderForm = z.input<typeof insertReminderSchema>;

// The order on screen: after a failed submit, focus goes to the first field to fix. (The form's own
// choice would follow registration order, which puts the two selects last.)
const FIELD_ORDER = ['petId', 'type', 'title', 'dueDate', 'description'] as const;

interface AddReminderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pet chosen in advance, when the page shows one pet's reminders. */
  petId?: string;
  /** What takes the focus when the dialog closes: the button that opened it. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The dialog's content mounts on open, so every opening starts from an empty form (spec section 4). */
export function AddReminderDialog({ open, onOpenChange, petId, returnFocusTo }: AddReminderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo.current?.isConnected) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Add New Reminder</DialogTitle>
          <DialogDescription>Set a care reminder for one of your pets.</DialogDescription>
        </DialogHeader>
        <ReminderForm petId={petId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ReminderForm({ petId, onDone }: { petId?: string; onDone: () => void }) {
  const { data: pets = [], isLoading: petsLoading } = useQuery(petsQuery());
  const create = useCreateReminder();
  const form = useForm({
    resolver: zodResolver(insertReminderSchema),
    shouldFocusError: false,
    defaultValues: {
      petId: petId ?? '',
      type: undefined,
      title: '',
      dueDate: '',
      description: '',
      isCompleted: false,
      completedAt: '',
    } satisfies Partial<ReminderForm>,
  });
  const { control, handleSubmit, setFocus } = form;
  // The form mounts with each opening of the dialog, so each opening has a key of its own.
  const { key, once } = useSubmitOnce();

  const onSubmit = once(
    handleSubmit(
      async (values) => {
        try {
          await create.mutateAsync({ input: values, key });
        } catch (error) {
          showErrorToast({ error, fallback: 'Failed to add reminder. Please try again.' });
          return;
        }
        toast({ title: 'Reminder Added!', description: 'Your reminder has been created successfully.' });
        onDone();
      },
      (invalid) => {
        const first = FIELD_ORDER.find((name) => invalid[name]);
        if (first) setFocus(first);
      },
    ),
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={control}
          name="petId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Pet</FormLabel>
              <Select value={field.value} onValueChange={field.onChange} disabled={pets.length === 0}>
                <FormControl>
                  <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                    <SelectValue placeholder={petsLoading ? 'Loading pets...' : 'Select a pet'} />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {pets.map((pet) => (
                    <SelectItem key={pet.id} value={pet.id}>
                      {pet.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {!petsLoading && pets.length === 0 && (
                <p className="text-sm text-muted-foreground">
                  Reminders belong to a pet.{' '}
                  <Link href="/add-pet" className="font-medium text-accent-foreground underline underline-offset-4">
                    Add your first pet
                  </Link>{' '}
                  to get started.
                </p>
              )}
              <FormMessage />
            </FormItem>
          )}
        />

        <FormField
          control={control}
          name="type"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Type</FormLabel>
              <Select value={field.value ?? ''} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                    <SelectValue placeholder="Select a type" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {Object.entries(REMINDER_TYPE_STYLES).map(([value, { label }]) => (
                    <SelectItem key={value} value={value}>
                      {label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />

        <LabelledField
          control={control}
          name="title"
          label="Title"
          render={(field) => <Input placeholder="e.g., Annual rabies vaccine" autoComplete="off" {...field} />}
        />

        <LabelledField
          control={control}
          name="dueDate"
          label="Due Date"
          render={(field) => <Input type="date" min={REMINDER_DAYS.first} max={REMINDER_DAYS.last} {...field} />}
        />

        <LabelledField
          control={control}
          name="description"
          label="Description (Optional)"
          render={(field) => <Textarea rows={3} {...field} value={field.value ?? ''} />}
        />

        <DialogFormActions pending={create.isPending} pendingLabel="Adding...">
          Add Reminder
        </DialogFormActions>
      </form>
    </Form>
  );
}
