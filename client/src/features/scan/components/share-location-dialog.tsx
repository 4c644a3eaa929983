import { FINDER_REPORT_MAX_LENGTH, type FiledFinderReport, positionText } from '@shared/contracts/finder-reports';
import { possessive } from '@shared/possessive';
import { LoaderCircle, LocateFixed, MapPin, X } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { createFinderReport } from '../api/create-finder-report';
import { FINDER_CONTACT_HINT } from './conversation-link';
import { type PositionState, useCurrentPosition } from './use-current-position';

interface ShareLocationDialogProps {
  pet: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Where focus goes when the dialog closes. The dialog is opened by the page's Share Location
   * button, not by a trigger of its own, so it cannot find its opener by itself.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** The report was taken: the page offers the finder their conversation. */
  onSent?: (report: FiledFinderReport) => void;
}

const EMPTY = { finderName: '', finderLocation: '', finderContact: '', message: '' };

function PositionStatus({ state, onClear }: { state: PositionState; onClear: () => void }) {
  if (state.status === 'captured') {
    return (
      <div className="flex items-start justify-between gap-2 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
        <p>
          Location captured: {state.latitude}, {state.longitude} (accurate to about {state.accuracy} m)
        </p>
        <button
          type="button"
          onClick={onClear}
          aria-label="Remove captured location"
          className="-m-1 rounded p-1 hover:bg-background/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className="text-sm text-muted-foreground">
        {state.reason === 'denied'
          ? 'Location access was denied. Describing the place is enough.'
          : "We couldn't get your location. Describing the place is enough."}
      </p>
    );
  }
  return null;
}

/** Marks the required field for the eye; the input's `required` says it to assistive technology. */
function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

/** The finder's report: where they found the pet, optionally who they are, a message and the phone's position. */
export default function ShareLocationDialog({
  pet,
  open,
  onOpenChange,
  returnFocusTo,
  onSent,
}: ShareLocationDialogProps) {
  const ids = useId();
  const [fields, setFields] = useState(EMPTY);
  const position = useCurrentPosition();
  // Plain state rather than a query-cache mutation: the finder's entry has no query client.
  const [sending, setSending] = useState(false);
  const locationField = useRef<HTMLInputElement>(null);

  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  // A captured position is a place in itself: the finder need not type one as well. The field then
  // holds the coordinates themselves (never words like "my location" that would read as a place).
  const sharePosition = () =>
    position.locate(({ latitude, longitude }) =>
      setFields((f) => (f.finderLocation.trim() ? f : { ...f, finderLocation: positionText(latitude, longitude) })),
    );

  const removePosition = () => {
    const captured = position.state.status === 'captured' ? position.state : null;
    position.clear();
    setFields((f) =>
      captured && f.finderLocation === positionText(captured.latitude, captured.longitude)
        ? { ...f, finderLocation: '' }
        : f,
    );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!fields.finderLocation.trim() || sending) return;
    const captured = position.state.status === 'captured' ? position.state : null;
    setSending(true);
    try {
      const report = await createFinderReport({
        petId: pet.id,
        finderName: fields.finderName.trim(),
        finderLocation: fields.finderLocation.trim(),
        finderLatitude: captured?.latitude ?? '',
        finderLongitude: captured?.longitude ?? '',
        finderContact: fields.finderContact.trim(),
        message: fields.message.trim(),
      });
      onSent?.(report);
      toast({ title: 'Location Shared!', description: 'Thank you! The owner has been notified of your location.' });
      setFields(EMPTY);
      position.clear();
      onOpenChange(false);
    } catch (error) {
      toast({
        title: 'Error',
        description:
          error instanceof ApiError
            ? error.serverMessage
            : 'Could not send your report. Please check your connection and try again.',
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        // The one field a report needs comes first for the keyboard, though the spec lists it second.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          locationField.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Share Location</DialogTitle>
          <DialogDescription>
            Tell {possessive(pet.name)} owner where you found them. They will be notified right away.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-name`}>Your Name (Optional)</Label>
            <Input
              id={`${ids}-name`}
              value={fields.finderName}
              onChange={set('finderName')}
              autoComplete="name"
              maxLength={FINDER_REPORT_MAX_LENGTH.finderName}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-location`}>
              Where did you find {pet.name}?
              <RequiredMark />
            </Label>
            <Input
              ref={locationField}
              id={`${ids}-location`}
              aria-required="true"
              value={fields.finderLocation}
              onChange={set('finderLocation')}
              placeholder="e.g., Corner of Oak St and 5th Ave"
              required
              maxLength={FINDER_REPORT_MAX_LENGTH.finderLocation}
            />
            {position.supported && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={sharePosition}
                disabled={position.state.status === 'locating'}
              >
                {position.state.status === 'locating' ? (
                  <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
                ) : (
                  <LocateFixed aria-hidden="true" />
                )}
                {position.state.status === 'locating' ? 'Getting your location...' : 'Use my current location'}
              </Button>
            )}
            <div aria-live="polite">
              <PositionStatus state={position.state} onClear={removePosition} />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-contact`}>Your Phone or Email (Optional)</Label>
            <Input
              id={`${ids}-contact`}
              value={fields.finderContact}
              onChange={set('finderContact')}
              autoComplete="email"
              aria-describedby={`${ids}-contact-hint`}
              maxLength={FINDER_REPORT_MAX_LENGTH.finderContact}
            />
            <p id={`${ids}-contact-hint`} className="text-sm text-muted-foreground">
              {FINDER_CONTACT_HINT}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-message`}>Additional Message (Optional)</Label>
            <Textarea
              id={`${ids}-message`}
              value={fields.message}
              onChange={set('message')}
              placeholder="e.g., They are safe with me and I can wait here for 30 minutes."
              maxLength={FINDER_REPORT_MAX_LENGTH.message}
            />
          </div>
          <DialogFooter>
            <Button type="submit" size="lg" disabled={!fields.finderLocation.trim() || sending}>
              <MapPin aria-hidden="true" />
              {sending ? 'Sending...' : 'Share Location'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
