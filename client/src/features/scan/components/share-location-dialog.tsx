import { FINDER_REPORT_MAX_LENGTH } from '@shared/contracts/finder-reports';
import { possessive } from '@shared/possessive';
import { LoaderCircle, LocateFixed, MapPin, X } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';
import { createFinderReport } from '../api/create-finder-report';
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
}

const EMPTY = { finderName: '', finderLocation: '', message: '' };

// What the place field says when the finder shares the phone's position without typing a place.
const CURRENT_LOCATION = 'My current location';

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

/** The finder's report: where they found the pet, optionally who they are, a message and the phone's position. */
export default function ShareLocationDialog({ pet, open, onOpenChange, returnFocusTo }: ShareLocationDialogProps) {
  const form = useForm({ defaultValues: EMPTY });
  const finderLocation = form.watch('finderLocation');
  const position = useCurrentPosition();
  // Plain state rather than a query-cache mutation: the finder's entry has no query client.
  const [sending, setSending] = useState(false);

  // A captured position is a place in itself: the finder need not type one as well.
  const sharePosition = () =>
    position.locate(() => {
      if (!form.getValues('finderLocation').trim()) form.setValue('finderLocation', CURRENT_LOCATION);
    });

  const removePosition = () => {
    position.clear();
    if (form.getValues('finderLocation') === CURRENT_LOCATION) form.setValue('finderLocation', '');
  };

  const submit = form.handleSubmit(async (fields) => {
    if (!fields.finderLocation.trim() || sending) return;
    const captured = position.state.status === 'captured' ? position.state : null;
    setSending(true);
    try {
      await createFinderReport({
        petId: pet.id,
        finderName: fields.finderName.trim(),
        finderLocation: fields.finderLocation.trim(),
        finderLatitude: captured?.latitude ?? '',
        finderLongitude: captured?.longitude ?? '',
        message: fields.message.trim(),
      });
      toast({ title: 'Location Shared!', description: 'Thank you! The owner has been notified of your location.' });
      form.reset(EMPTY);
      position.clear();
      onOpenChange(false);
    } catch (error) {
      showErrorToast({
        fallback:
          error instanceof ApiError
            ? error.serverMessage
            : 'Could not send your report. Please check your connection and try again.',
      });
    } finally {
      setSending(false);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
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
              control={form.control}
              name="finderName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Your Name (Optional)</FormLabel>
                  <FormControl>
                    <Input autoComplete="name" maxLength={FINDER_REPORT_MAX_LENGTH.finderName} {...field} />
                  </FormControl>
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="finderLocation"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Where did you find {pet.name}?</FormLabel>
                  <FormControl>
                    <Input
                      placeholder="e.g., Corner of Oak St and 5th Ave"
                      required
                      maxLength={FINDER_REPORT_MAX_LENGTH.finderLocation}
                      {...field}
                    />
                  </FormControl>
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
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="message"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Additional Message (Optional)</FormLabel>
                  <FormControl>
                    <Textarea
                      placeholder="e.g., They are safe with me and I can wait here for 30 minutes."
                      maxLength={FINDER_REPORT_MAX_LENGTH.message}
                      {...field}
                    />
                  </FormControl>
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="submit" size="lg" disabled={!finderLocation.trim() || sending}>
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
