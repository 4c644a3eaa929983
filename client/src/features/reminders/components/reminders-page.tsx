import { useQuery } from '@tanstack/react-query';
import { Bell, CheckCircle2, Clock, Plus, X } from 'lucide-react';
import { type MouseEvent, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { petsQuery } from '@/api/pets';
import { type ReminderDto, remindersQuery } from '@/api/reminders';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { localDay } from '@/lib/local-day';
import { AddReminderDialog } from './add-reminder-dialog';
import { CalendarFeedCard } from './calendar-feed-card';
import { dueState } from './due-state';
import { EditReminderDialog } from './edit-reminder-dialog';
import { ReminderCard } from './reminder-card';
import { applyFilter, REMINDER_FILTERS, type ReminderFilterId } from './reminder-filters';

/**
 * One of the two totals, as a term and its value so that they are read together. Until the
 * reminders are in, the value is a placeholder, and a dash if they could not be loaded: a 0 would
 * read as a fact.
 */
function Counter({
  label,
  value,
  loading,
  icon: Icon,
}: {
  label: string;
  value: number | undefined;
  loading: boolean;
  icon: typeof Clock;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <span className="flex size-8 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="mt-2 text-3xl font-bold">
        {value !== undefined ? (
          value
        ) : loading ? (
          <>
            <Skeleton className="h-9 w-12" data-testid="counter-skeleton" />
            <span className="sr-only">Loading…</span>
          </>
        ) : (
          '–'
        )}
      </dd>
    </Card>
  );
}

function ReminderSkeleton() {
  return (
    <Card className="flex items-start gap-4 p-4">
      <Skeleton className="mt-2.5 size-5" />
      <Skeleton className="size-10 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </Card>
  );
}

export default function RemindersPage() {
  const reminders = useQuery(remindersQuery());
  const pets = useQuery(petsQuery());
  const [searchParams, setSearchParams] = useSearchParams();
  const [filter, setFilter] = useState<ReminderFilterId>('all');
  const [dialogOpen, setDialogOpen] = useState(false);

  // From a pet's profile (/reminders?pet={id}): that pet's reminders only, until cleared. A pet that
  // is not one of theirs (a stale or mistyped link) filters nothing: an empty page would read as no
  // reminders at all.
  const petNames = useMemo(() => new Map(pets.data?.map((pet) => [pet.id, pet.name])), [pets.data]);
  const requestedPet = searchParams.get('pet');
  const unknownPet = requestedPet !== null && pets.isSuccess && !petNames.has(requestedPet);
  const petFilter = unknownPet ? null : requestedPet;
  const petName = (id: string) => petNames.get(id) ?? 'Unknown Pet';
  const scoped = (reminders.data ?? []).filter((r) => !petFilter || r.petId === petFilter);
  const shown = applyFilter(scoped, filter);
  const upcoming = scoped.filter((r) => !r.isCompleted).length;
  const today = localDay();
  const loading = reminders.isLoading || pets.isLoading;
  const counted = !loading && reminders.isSuccess;

  const clearPetFilter = () =>
    setSearchParams((params) => {
      params.delete('pet');
      return params;
    });

  // The button that opened the dialog takes the focus back when it closes (it is no DialogTrigger).
  const opener = useRef<HTMLElement | null>(null);
  const openDialog = (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setDialogOpen(true);
  };

  // One Edit dialog for the page, not one per card: a card can leave the list when its edit is saved
  // (a filter no longer matches it), and the dialog must outlive it.
  const [editing, setEditing] = useState<ReminderDto | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const editOpener = useRef<HTMLElement | null>(null);
  const openEdit = (reminder: ReminderDto, event: MouseEvent<HTMLElement>) => {
    editOpener.current = event.currentTarget;
    setEditing(reminder);
    setEditOpen(true);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Reminders</h1>
          <p className="text-muted-foreground">Track vaccines, medications, and appointments</p>
        </div>
        <Button onClick={openDialog}>
          <Plus aria-hidden="true" />
          Add Reminder
        </Button>
      </div>

      {unknownPet && (
        <p role="status" className="rounded-lg border px-4 py-3 text-sm">
          That pet was not found, so the reminders of all your pets are shown.
        </p>
      )}
      {petFilter && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-accent px-4 py-3 text-accent-foreground">
          <p className="text-sm font-medium">Showing reminders for {pets.isLoading ? '…' : petName(petFilter)}</p>
          <Button variant="outline" size="sm" onClick={clearPetFilter}>
            <X aria-hidden="true" />
            Show all pets
          </Button>
        </div>
      )}

      <dl className="grid grid-cols-2 gap-4">
        <Counter label="Upcoming" value={counted ? upcoming : undefined} loading={loading} icon={Clock} />
        <Counter
          label="Completed"
          value={counted ? scoped.length - upcoming : undefined}
          loading={loading}
          icon={CheckCircle2}
        />
      </dl>

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Filter reminders</legend>
        {REMINDER_FILTERS.map((f) => (
          <Button
            key={f.id}
            size="sm"
            variant={filter === f.id ? 'default' : 'outline'}
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
          >
            {f.label}
          </Button>
        ))}
      </fieldset>

      {loading ? (
        <div className="grid gap-3" role="status" aria-label="Loading reminders">
          <ReminderSkeleton />
          <ReminderSkeleton />
          <ReminderSkeleton />
        </div>
      ) : reminders.isError ? (
        <LoadError
          title="Your reminders could not be loaded."
          error={reminders.error}
          onRetry={() => reminders.refetch()}
        />
      ) : scoped.length === 0 ? (
        <EmptyState
          icon={Bell}
          title="No Reminders Yet"
          description="Add your first reminder to track important pet care tasks"
          action={
            <Button onClick={openDialog}>
              <Plus aria-hidden="true" />
              Add Reminder
            </Button>
          }
        />
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          No reminders match this filter.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Reminders">
          {shown.map((reminder) => (
            <li key={reminder.id}>
              <ReminderCard
                reminder={reminder}
                petName={petName(reminder.petId)}
                due={dueState(reminder, today)}
                onEdit={openEdit}
              />
            </li>
          ))}
        </ul>
      )}

      <CalendarFeedCard />

      <AddReminderDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        returnFocusTo={opener}
        petId={petFilter && petNames.has(petFilter) ? petFilter : undefined}
      />

      <EditReminderDialog open={editOpen} onOpenChange={setEditOpen} reminder={editing} returnFocusTo={editOpener} />
    </div>
  );
}
