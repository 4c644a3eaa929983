import {
  FINDER_REPORT_MAX_LENGTH,
  type FiledFinderReport,
  finderContactKind,
  positionText,
} from '@shared/contracts/finder-reports';
import { formatNumber } from '@shared/i18n/format';
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
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n';
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
  /** The report was taken: the page offers the finder their conversation. */
  onSent?: (report: FiledFinderReport) => void;
}

const EMPTY = { finderName: '', finderLocation: '', finderContact: '', message: '' };

function PositionStatus({ state, onClear }: { state: PositionState; onClear: () => void }) {
  const { lang, t } = useI18n();
  if (state.status === 'captured') {
    return (
      <div className="flex items-start justify-between gap-2 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
        <p>
          {t('shareLocation.captured', {
            latitude: state.latitude,
            longitude: state.longitude,
            accuracy: formatNumber(state.accuracy, lang),
          })}
        </p>
        <button
          type="button"
          onClick={onClear}
          aria-label={t('shareLocation.removeCaptured')}
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
        {state.reason === 'denied' ? t('shareLocation.locationDenied') : t('shareLocation.locationFailed')}
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
  const { t } = useI18n();
  // No schema resolver: the server's schema judges the report (its sentence comes back in the
  // toast), and a validation library would weigh on the finder's page. Two rules are checked here:
  // the spec's (Share Location stays disabled while the place is empty), and the contact's, said
  // beside its field in the finder's language rather than as the server's English sentence.
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
    if (fields.finderContact.trim() && !finderContactKind(fields.finderContact.trim())) {
      form.setError('finderContact', { message: t('shareLocation.contactInvalid') }, { shouldFocus: true });
      return;
    }
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
      toast({ title: t('shareLocation.sentTitle'), description: t('shareLocation.sentText') });
      reset(EMPTY);
      position.clear();
      onOpenChange(false);
    } catch (error) {
      toast({
        title: t('shareLocation.errorTitle'),
        description: error instanceof ApiError ? error.serverMessage : t('shareLocation.notSent'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.close')}
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
          <DialogTitle>{t('shareLocation.title')}</DialogTitle>
          <DialogDescription>
            {t('shareLocation.description', { name: pet.name, petPossessive: possessive(pet.name) })}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4">
            <FormField
              control={control}
              name="finderName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('shareLocation.name')}</FormLabel>
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
                    {t('shareLocation.place', { name: pet.name })}
                    <RequiredMark />
                  </FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      aria-required="true"
                      placeholder={t('shareLocation.placePlaceholder')}
                      required
                      maxLength={FINDER_REPORT_MAX_LENGTH.finderLocation}
                    />
                  </FormControl>
                  {position.supported && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      // Its words wrap rather than widen the dialog ('Meinen aktuellen Standort verwenden').
                      className="h-auto min-h-9 self-start whitespace-normal py-1.5 text-left"
                      onClick={sharePosition}
                      disabled={position.state.status === 'locating'}
                    >
                      {position.state.status === 'locating' ? (
                        <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
                      ) : (
                        <LocateFixed aria-hidden="true" />
                      )}
                      {position.state.status === 'locating'
                        ? t('shareLocation.locating')
                        : t('shareLocation.useMyLocation')}
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
                  <FormLabel>{t('shareLocation.contact')}</FormLabel>
                  <FormControl>
                    <Input {...field} autoComplete="email" maxLength={FINDER_REPORT_MAX_LENGTH.finderContact} />
                  </FormControl>
                  <FormDescription>{t('shareLocation.contactHint')}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={control}
              name="message"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('shareLocation.message')}</FormLabel>
                  <FormControl>
                    <Textarea
                      {...field}
                      placeholder={t('shareLocation.messagePlaceholder')}
                      maxLength={FINDER_REPORT_MAX_LENGTH.message}
                    />
                  </FormControl>
                </FormItem>
              )}
            />
            <DialogFooter>
              {/* Busy, not disabled, while sending: a disabled button drops the focus to the page. */}
              <Button type="submit" size="lg" disabled={!place.trim()} busy={sending}>
                <MapPin aria-hidden="true" />
                {sending ? t('shareLocation.sending') : t('shareLocation.submit')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
