import {
  earliestLastSeen,
  isFutureLastSeen,
  isTooLongAgoLastSeen,
  LAST_SEEN_IN_FUTURE,
  LAST_SEEN_TOO_LONG_AGO,
} from '@shared/contracts/pets';
import { MapPin } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { OwnerPet } from '@/api/pets';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { FieldRow } from '@/components/field-row';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { localDay } from '@/lib/local-day';
import { useUpdatePet } from '../api/update-pet';
import { LastSeenPointField, lastSeenPoint } from './last-seen-point-field';

// The calendar day a date input shows for a stored value: only a bare yyyy-mm-dd fits it.
const asDayInput = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** What is wrong with a last-seen day the owner typed (the picker offers neither kind). */
function lastSeenDayError(when: string, today: string) {
  if (isFutureLastSeen(when, today)) return LAST_SEEN_IN_FUTURE;
  if (isTooLongAgoLastSeen(when, today)) return LAST_SEEN_TOO_LONG_AGO;
  return undefined;
}

/**
 * 'Add Last Seen Details' ('Edit' once some are saved), while the pet is missing: where and when it
 * was last seen, saved as lastSeenLocation and lastSeenDate, which the profile and the poster show,
 * and optionally the place as a pin on a map (lastSeenLat, lastSeenLng).
 */
export function LastSeenDialog({ pet }: { pet: OwnerPet }) {
  const [open, setOpen] = useState(false);
  const whereId = useId();
  const whenId = useId();
  const updatePet = useUpdatePet();
  const [where, setWhere] = useState(pet.lastSeenLocation ?? '');
  const [when, setWhen] = useState(asDayInput(pet.lastSeenDate));
  const [point, setPoint] = useState(lastSeenPoint(pet));
  const [whenError, setWhenError] = useState<string>();
  const [whereError, setWhereError] = useState<string>();
  const whereInput = useRef<HTMLInputElement>(null);
  const whenInput = useRef<HTMLInputElement>(null);
  const today = localDay();
  const hasDetails = Boolean(pet.lastSeenLocation || pet.lastSeenDate || lastSeenPoint(pet));

  const openChange = (next: boolean) => {
    if (updatePet.isPending) return;
    if (next) {
      setWhere(pet.lastSeenLocation ?? '');
      setWhen(asDayInput(pet.lastSeenDate));
      setPoint(lastSeenPoint(pet));
      setWhenError(undefined);
      setWhereError(undefined);
    }
    setOpen(next);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const error = lastSeenDayError(when, today);
    if (error) {
      setWhenError(error);
      whenInput.current?.focus();
      return;
    }
    // All empty (a pin on the map counts as a place): with nothing saved yet there is nothing to
    // save; with details saved, they go.
    const cleared = !where.trim() && !when && !point;
    if (cleared && !hasDetails) {
      setWhereError(`Enter where or when ${pet.name} was last seen.`);
      whereInput.current?.focus();
      return;
    }
    updatePet.mutate(
      {
        id: pet.id,
        changes: {
          lastSeenLocation: where,
          lastSeenDate: when,
          lastSeenLat: point?.lat ?? null,
          lastSeenLng: point?.lng ?? null,
        },
      },
      {
        onSuccess: () => {
          setOpen(false);
          toast(
            cleared
              ? { title: 'Last Seen Details Removed', description: 'Your poster and the profile no longer show them.' }
              : { title: 'Last Seen Details Saved', description: 'Your poster and the profile now show them.' },
          );
        },
        onError: (error) => showErrorToast({ error, fallback: 'Failed to save pet. Please try again.' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <MapPin aria-hidden="true" />
          {hasDetails ? 'Edit Last Seen Details' : 'Add Last Seen Details'}
        </Button>
      </DialogTrigger>
      {/* A field focused with the keyboard scrolls into view above the sticky Save bar, not under it. */}
      <DialogContent className="scroll-pb-24">
        <DialogHeader>
          <DialogTitle>Last Seen Details</DialogTitle>
          <DialogDescription>
            Where and when {pet.name} was last seen, for the poster and the profile.
          </DialogDescription>
        </DialogHeader>
        {/* noValidate: a day outside min and max gets the message below rather than the browser's bubble. */}
        <form onSubmit={save} noValidate className="grid gap-4">
          <FieldRow htmlFor={whereId} label="Last seen where?">
            <Input
              id={whereId}
              ref={whereInput}
              value={where}
              maxLength={200}
              placeholder="e.g., Riverside Park, near the north gate"
              aria-invalid={whereError ? true : undefined}
              aria-describedby={whereError ? `${whereId}-error` : undefined}
              onChange={(event) => {
                setWhere(event.target.value);
                setWhereError(undefined);
              }}
            />
            {whereError && (
              <p id={`${whereId}-error`} role="alert" className="text-sm font-medium text-destructive">
                {whereError}
              </p>
            )}
          </FieldRow>
          <FieldRow htmlFor={whenId} label="Last seen when?">
            <Input
              id={whenId}
              ref={whenInput}
              type="date"
              value={when}
              min={earliestLastSeen(today)}
              max={today}
              aria-invalid={whenError ? true : undefined}
              aria-describedby={whenError ? `${whenId}-error` : undefined}
              onChange={(event) => {
                setWhen(event.target.value);
                setWhenError(undefined);
                setWhereError(undefined);
              }}
            />
            {whenError && (
              <p id={`${whenId}-error`} role="alert" className="text-sm font-medium text-destructive">
                {whenError}
              </p>
            )}
          </FieldRow>
          <LastSeenPointField petId={pet.id} petName={pet.name} value={point} onChange={setPoint} />
          <DialogFormActions sticky pending={updatePet.isPending} pendingLabel="Saving...">
            Save
          </DialogFormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
