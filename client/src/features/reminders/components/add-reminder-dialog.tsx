import { zodResolver } from '@hookform/resolvers/zod';
import { insertReminderSchema, REMINDER_DAYS } from '@shared/schema';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { petsQuery } from '@/api/pets';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
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
}

/** The dialog's content mounts on open, so every opening starts from an empty form (spec section 4). */
export function AddReminderDialog({ open, onOpenChange, petId }: AddReminderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add New Reminder</DialogTitle>
          <DialogDescription>Set a care reminder for one of your pets.</DialogDescription>
        </DialogHeader>
        <ReminderForm petId={petId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: FieldError; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

function ReminderForm({ petId, onDone }: { petId?: string; onDone: () => void }) {
  const { data: pets = [], isLoading: petsLoading } = useQuery(petsQuery());
  const create = useCreateReminder();
  const id = useId();
  const { control, register, handleSubmit, formState, setFocus } = useForm({
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
  const { errors } = formState;
  const fieldProps = (name: keyof ReminderForm) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  const onSubmit = handleSubmit(
    (values) =>
      create.mutate(values, {
        onSuccess: () => {
          toast({ title: 'Reminder Added!', description: 'Your reminder has been created successfully.' });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to add reminder. Please try again.'),
            variant: 'destructive',
          }),
      }),
    (invalid) => {
      const first = FIELD_ORDER.find((name) => invalid[name]);
      if (first) setFocus(first);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id={`${id}-petId`} label="Pet" error={errors.petId}>
        <Controller
          control={control}
          name="petId"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={pets.length === 0}>
              <SelectTrigger {...fieldProps('petId')} onBlur={field.onBlur} ref={field.ref}>
                <SelectValue placeholder={petsLoading ? 'Loading pets...' : 'Select a pet'} />
              </SelectTrigger>
              <SelectContent>
                {pets.map((pet) => (
                  <SelectItem key={pet.id} value={pet.id}>
                    {pet.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        {!petsLoading && pets.length === 0 && (
          <p className="text-sm text-muted-foreground">
            Reminders belong to a pet.{' '}
            <Link href="/add-pet" className="font-medium text-accent-foreground underline underline-offset-4">
              Add your first pet
            </Link>{' '}
            to get started.
          </p>
        )}
      </Field>

      <Field id={`${id}-type`} label="Type" error={errors.type}>
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Select value={field.value ?? ''} onValueChange={field.onChange}>
              <SelectTrigger {...fieldProps('type')} onBlur={field.onBlur} ref={field.ref}>
                <SelectValue placeholder="Select a type" />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(REMINDER_TYPE_STYLES).map(([value, { label }]) => (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>

      <Field id={`${id}-title`} label="Title" error={errors.title}>
        <Input
          placeholder="e.g., Annual rabies vaccine"
          autoComplete="off"
          {...fieldProps('title')}
          {...register('title')}
        />
      </Field>

      <Field id={`${id}-dueDate`} label="Due Date" error={errors.dueDate}>
        <Input
          type="date"
          min={REMINDER_DAYS.first}
          max={REMINDER_DAYS.last}
          {...fieldProps('dueDate')}
          {...register('dueDate')}
        />
      </Field>

      <Field id={`${id}-description`} label="Description (Optional)" error={errors.description}>
        <Textarea rows={3} {...fieldProps('description')} {...register('description')} />
      </Field>

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add Reminder'}
        </Button>
      </DialogFooter>
    </form>
  );
}
