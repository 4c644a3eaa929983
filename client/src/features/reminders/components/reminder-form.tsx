import { zodResolver } from '@hookform/resolvers/zod';
import { insertReminderSchema, REMINDER_DAYS } from '@shared/contracts/reminder-schema';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode, RefObject } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
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
import { REMINDER_TYPE_STYLES } from './reminder-types';

/** What the form holds: a reminder as `POST /api/reminders` takes it. */
export type ReminderFormValues = z.input<typeof insertReminderSchema>;
/** What the form gives once the shared schema has checked it (a title trimmed, say). */
export type ReminderFormOutput = z.output<typeof insertReminderSchema>;

// The order on screen: after a failed submit, focus goes to the first field to fix. (The form's own
// choice would follow registration order, which puts the two selects last.)
const FIELD_ORDER = ['petId', 'type', 'title', 'dueDate', 'description'] as const;

interface ReminderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** What takes the focus when the dialog closes: the button that opened it, while it is still there. */
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** The dialog both the Add and the Edit forms sit in. Its content mounts on open, so each opening starts afresh. */
export function ReminderDialog({
  open,
  onOpenChange,
  title,
  description,
  returnFocusTo,
  children,
}: ReminderDialogProps) {
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
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

interface ReminderFormProps {
  /** Empty for a new reminder, the reminder's own values for an edit. */
  defaultValues: DefaultValues<ReminderFormValues>;
  submitLabel: string;
  /** What the submit button says while the request runs ('Adding...'). */
  pendingLabel: string;
  pending: boolean;
  /**
   * Sends the checked values. `key` is this form's Idempotency-Key, one per mounted form (so one per
   * opening of its dialog): a create sent twice makes one reminder.
   */
  onSubmit: (values: ReminderFormOutput, key: string) => Promise<void>;
  /** The pets offered, when fewer than all of the owner's (someone else's reminder: `ReminderView.petChoices`). */
  petChoices?: string[] | null;
}

/**
 * A reminder's fields (spec section 5), checked by the shared schema with its messages: the same
 * form adds a reminder and edits one. A second submit while the first runs is ignored.
 */
export function ReminderForm({
  defaultValues,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  petChoices,
}: ReminderFormProps) {
  const { data: allPets = [], isLoading: petsLoading } = useQuery(petsQuery());
  const pets = petChoices ? allPets.filter((pet) => petChoices.includes(pet.id)) : allPets;
  const form = useForm<ReminderFormValues, unknown, ReminderFormOutput>({
    resolver: zodResolver(insertReminderSchema),
    shouldFocusError: false,
    defaultValues,
  });
  const { control, handleSubmit, setFocus } = form;
  const { key, once } = useSubmitOnce();

  const submit = once(
    handleSubmit(
      (values) => onSubmit(values, key),
      (invalid) => {
        const first = FIELD_ORDER.find((name) => invalid[name]);
        if (first) setFocus(first);
      },
    ),
  );

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
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

        <DialogFormActions pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </DialogFormActions>
      </form>
    </Form>
  );
}
