import { FINDER_REPORT_MAX_LENGTH, type FiledFinderReport, positionText } from '@shared/contracts/finder-reports';
import { possessive } from '@shared/possessive';
import { LoaderCircle, LocateFixed, MapPin, X } from 'lucide-react';
import type { RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
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
  // No schema resolver: the server's schema judges the report (its sentence comes back in the
  // toast), and a validation library would weigh on the finder's page. The one rule checked here
  // is the spec's: Share Location stays disabled while the place is empty.
  const form = useForm({ defaultValues: EMPTY });
  const { control, getValues, setValue, setFocus, reset } = form;
  const { isSubmitting: sending } = form.formState;
  const place = useWatch({ control, name: 'finderLocation' });
  const position = useCurrentPosition();

  // A captured position is a place in itself: the finder need not type one as well. The field then
  // holds the coordinates themselves (never words like "my location" that would read as a place).
  const sharePosition = () =>
    position.locate(({ latitude, longitude }) => {
      if (!getValues('finderLocation').trim()) setValue('finderLocation', positionText(latitude, longitude));
    });

  const removePosition = () => {
    const captured = position.state.status === 'captured' ? position.state : null;
    position.clear();
    if (captured && getValues('finderLocation') === positionText(captured.latitude, captured.longitude))
      setValue('finderLocation', '');
  };

  const submit = form.handleSubmit(async (fields) => {
    if (!fields.finderLocation.trim()) return;
    const captured = position.state.status === 'captured' ? position.state : null;
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
      reset(EMPTY);
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
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        // The one field a report needs comes first for the keyboard, though the spec lists it second.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          setFocus('finderLocation');
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
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4">
            <FormField
              control={control}
              name="finderName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Your Name (Optional)</FormLabel>
                  <FormControl>
                    <Input {...field} autoComplete="name" maxLength={FINDER_REPORT_MAX_LENGTH.finderName} />
                  </FormControl>
                </FormItem>
              )}
            />
            <FormField
              control={control}
              name="finderLocation"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    Where did you find {pet.name}?
                    <RequiredMark />
                  </FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      aria-required="true"
                      placeholder="e.g., Corner of Oak St and 5th Ave"
                      required
                      maxLength={FINDER_REPORT_MAX_LENGTH.finderLocation}
                    />
                  </FormControl>
                  {position.supported && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="self-start"
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
                </FormItem>
              )}
            />
            <FormField
              control={control}
              name="finderContact"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Your Phone or Email (Optional)</FormLabel>
                  <FormControl>
                    <Input {...field} autoComplete="email" maxLength={FINDER_REPORT_MAX_LENGTH.finderContact} />
                  </FormControl>
                  <FormDescription>{FINDER_CONTACT_HINT}</FormDescription>
                </FormItem>
              )}
            />
            <FormField
              control={control}
              name="message"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Additional Message (Optional)</FormLabel>
                  <FormControl>
                    <Textarea
                      {...field}
                      placeholder="e.g., They are safe with me and I can wait here for 30 minutes."
                      maxLength={FINDER_REPORT_MAX_LENGTH.message}
                    />
                  </FormControl>
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="submit" size="lg" disabled={!place.trim() || sending}>
                <MapPin aria-hidden="true" />
                {sending ? 'Sending...' : 'Share Location'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
