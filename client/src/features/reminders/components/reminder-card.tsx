import { CalendarDays, CheckCircle2, PawPrint, Pencil, Trash2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { ReminderDto } from '@/api/reminders';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/cn';
import { showErrorToast } from '@/lib/error-toast';
import { formatDate } from '@/lib/format';
import { useDeleteReminder } from '../api/delete-reminder';
import { useToggleReminder } from '../api/update-reminder';
import type { DueState } from './due-state';
import { typeBadgeText, typeStyle } from './reminder-types';

interface ReminderCardProps {
  reminder: ReminderDto;
  petName: string;
  due: DueState;
  /** Opens the Edit Reminder dialog for this reminder; the event's button takes the focus back. */
  onEdit: (reminder: ReminderDto, event: MouseEvent<HTMLElement>) => void;
}

export function ReminderCard({ reminder, petName, due, onEdit }: ReminderCardProps) {
  const toggle = useToggleReminder();
  const remove = useDeleteReminder();
  const { icon: Icon, tint } = typeStyle(reminder.type);
  const completed = reminder.isCompleted;

  const deleteReminder = () =>
    remove.mutate(reminder.id, {
      onSuccess: () => toast({ title: 'Reminder Deleted', description: `${reminder.title} has been removed.` }),
      onError: (error) => showErrorToast({ error, fallback: 'Please try again.' }),
    });

  return (
    <Card
      className={cn(
        'flex items-start gap-4 p-4',
        completed && 'bg-muted shadow-none',
        // The thicker accent border takes its width from the padding, so contents stay aligned.
        due === 'overdue' && 'border-l-4 border-l-destructive pl-[13px]',
      )}
    >
      <Checkbox
        className="mt-2.5"
        checked={completed}
        disabled={toggle.isPending}
        onCheckedChange={() =>
          toggle.mutate(reminder, { onError: (error) => showErrorToast({ error, fallback: 'Please try again.' }) })
        }
        aria-label={`Mark ${reminder.title} as completed`}
      />
      <div
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          tint,
          completed && 'opacity-60',
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className={cn('font-semibold', completed && 'text-muted-foreground line-through')}>{reminder.title}</h2>
          <Badge variant="secondary" className="capitalize">
            {typeBadgeText(reminder.type)}
          </Badge>
          {due === 'overdue' && <Badge variant="destructive">Overdue</Badge>}
          {due === 'today' && <Badge variant="outline">Due today</Badge>}
        </div>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <PawPrint className="size-4" aria-hidden="true" />
          {petName}
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-4" aria-hidden="true" />
            Due {formatDate(reminder.dueDate)}
          </span>
          {completed && (
            <span className="inline-flex items-center gap-1">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              Completed {formatDate(reminder.completedAt)}
            </span>
          )}
        </p>
        {reminder.description && (
          <p className="text-sm whitespace-pre-line text-muted-foreground">{reminder.description}</p>
        )}
      </div>
      {/* Stacked on a phone, where a row of two would squeeze the title; side by side from sm up. */}
      <div className="-my-1 flex shrink-0 flex-col gap-1 sm:flex-row">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit ${reminder.title}`}
          onClick={(event) => onEdit(reminder, event)}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Delete ${reminder.title}`} busy={remove.isPending}>
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title="Delete this reminder?"
          description={`"${reminder.title}" for ${petName} will be removed. This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={deleteReminder}
        />
      </div>
    </Card>
  );
}
