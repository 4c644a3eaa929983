import {
  SIGHTING_HEADINGS,
  SIGHTING_MAX_LENGTH,
  SIGHTING_MINUTES_AGO,
  sightingFormPath,
} from '@shared/contracts/sightings';
import type { StringKey } from '@shared/i18n/strings';
import { possessive } from '@shared/possessive';
import { CircleCheck, Eye, MessageCircle } from 'lucide-react';
import { FieldRow } from '@/components/field-row';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useI18n } from '@/lib/i18n';

// 'I Saw This Pet' without any script: the scan page's and the lost-pets board's link opens this
// page, which the server renders and which posts back to itself. The place is given in words (no
// map and no phone position without scripts) and the time as how long ago, which needs no clock of
// the sighter's. With scripts the scan page opens the dialog instead (sighting-dialog.tsx).

export interface SightingFormValues {
  location: string;
  minutesAgo: string;
  heading: string;
  note: string;
  contact: string;
}

/** The parts of the form a refusal can name, in their order on the page: each shows its own error. */
export const SIGHTING_FORM_FIELDS = ['location', 'minutesAgo', 'heading', 'note', 'photo', 'contact'] as const;
export type SightingFormField = (typeof SIGHTING_FORM_FIELDS)[number];

export const EMPTY_SIGHTING_FORM: SightingFormValues = {
  location: '',
  minutesAgo: '0',
  heading: '',
  note: '',
  contact: '',
};

interface SightingFormViewProps {
  pet: { id: string; name: string };
  values?: SightingFormValues;
  /** What was wrong that names no field (too many sightings), shown above the form. */
  error?: string;
  /** Each refused field's own error, shown beside it; the first takes the focus. */
  errors?: Partial<Record<SightingFormField, string>>;
  /** A refused form's photo, which a browser never refills: said beside the input, to choose again. */
  photoNotKept?: boolean;
  /** The pet is not missing: no form, only that. */
  notMissing?: boolean;
  /** The sighting went out: the thank-you and where the owner's replies arrive. */
  sent?: { conversationPath: string };
}

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

/** The words of a time choice: 'Just now', 'About 2 hours ago', 'Yesterday'. */
export const minutesAgoKey = (minutes: number) => `sighting.when${minutes}` as StringKey;
/** The words of a compass point. */
export const headingKey = (heading: string) => `sighting.${heading}` as StringKey;

function BackLink({ pet }: { pet: { id: string; name: string } }) {
  const { t } = useI18n();
  return (
    <a href={`/scan/${pet.id}`} className="text-sm underline underline-offset-4">
      {t('sighting.back', { name: pet.name, petPossessive: possessive(pet.name) })}
    </a>
  );
}

/** The thank-you, with and without scripts: what happens next, and the sighter's conversation page. */
export function SightingSent({
  pet,
  conversationPath,
}: {
  pet: { id: string; name: string };
  conversationPath?: string;
}) {
  const { t } = useI18n();
  return (
    <div role="status" className="grid gap-3">
      <h2 className="flex items-center gap-2 font-semibold text-xl">
        <CircleCheck className="size-6 text-success" aria-hidden="true" />
        {t('sighting.sentTitle')}
      </h2>
      <p>{t('sighting.sentText', { name: pet.name, petPossessive: possessive(pet.name) })}</p>
      {conversationPath && (
        <p className="grid gap-2 text-sm">
          <span className="text-muted-foreground">{t('sighting.sentConversation')}</span>
          <a
            href={conversationPath}
            className="inline-flex w-fit items-center gap-2 font-medium underline underline-offset-4"
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            {t('scan.openConversation')}
          </a>
        </p>
      )}
    </div>
  );
}

export function SightingFormView({
  pet,
  values = EMPTY_SIGHTING_FORM,
  error,
  errors = {},
  photoNotKept,
  notMissing,
  sent,
}: SightingFormViewProps) {
  const { t } = useI18n();
  // A refused field is marked invalid and described by its error, then by its hint; the page a
  // refusal comes back as has the focus on the first field to mend (else on the place, the one
  // field a sighting needs, and the reason the sighter came).
  const first = SIGHTING_FORM_FIELDS.find((field) => errors[field]) ?? (error ? undefined : 'location');
  const field = (name: SightingFormField, ...described: string[]) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [errors[name] && `sighting-${name}-error`, ...described].filter(Boolean).join(' ') || undefined,
    autoFocus: name === first,
  });
  const fieldError = (name: SightingFormField) =>
    errors[name] ? (
      <p id={`sighting-${name}-error`} className="font-medium text-destructive text-sm">
        {errors[name]}
      </p>
    ) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h1 className="flex items-center gap-2 text-2xl">
            <Eye className="size-6" aria-hidden="true" />
            {t('sighting.title', { name: pet.name })}
          </h1>
        </CardTitle>
        {!sent && !notMissing && <CardDescription>{t('sighting.description', { name: pet.name })}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        {sent ? (
          <>
            <SightingSent pet={pet} conversationPath={sent.conversationPath} />
            <BackLink pet={pet} />
          </>
        ) : notMissing ? (
          <>
            <p role="status">{t('sighting.notMissing', { name: pet.name })}</p>
            <BackLink pet={pet} />
          </>
        ) : (
          <form method="post" action={sightingFormPath(pet.id)} encType="multipart/form-data" className="grid gap-4">
            {error && (
              <p
                id="sighting-error"
                role="alert"
                className="rounded-md border border-destructive bg-destructive/10 p-3 font-medium text-sm"
              >
                {error}
              </p>
            )}
            <FieldRow
              htmlFor="sighting-location"
              label={
                <>
                  {t('sighting.where', { name: pet.name })}
                  <span aria-hidden="true" className="ml-0.5 text-destructive">
                    *
                  </span>
                </>
              }
              hint={t('sighting.whereHint')}
            >
              <Input
                id="sighting-location"
                name="location"
                defaultValue={values.location}
                placeholder={t('sighting.wherePlaceholder')}
                required
                aria-required="true"
                maxLength={SIGHTING_MAX_LENGTH.location}
                {...field('location', 'sighting-location-hint')}
              />
              {fieldError('location')}
            </FieldRow>
            <FieldRow htmlFor="sighting-when" label={t('sighting.when')}>
              <select
                id="sighting-when"
                name="minutesAgo"
                defaultValue={values.minutesAgo}
                className={selectClass}
                {...field('minutesAgo')}
              >
                {SIGHTING_MINUTES_AGO.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t(minutesAgoKey(minutes))}
                  </option>
                ))}
              </select>
              {fieldError('minutesAgo')}
            </FieldRow>
            <FieldRow htmlFor="sighting-heading" label={t('sighting.heading')}>
              <select
                id="sighting-heading"
                name="heading"
                defaultValue={values.heading}
                className={selectClass}
                {...field('heading')}
              >
                <option value="">{t('sighting.headingUnknown')}</option>
                {SIGHTING_HEADINGS.map((heading) => (
                  <option key={heading} value={heading}>
                    {t(headingKey(heading))}
                  </option>
                ))}
              </select>
              {fieldError('heading')}
            </FieldRow>
            <FieldRow htmlFor="sighting-note" label={t('sighting.note')}>
              <Textarea
                id="sighting-note"
                name="note"
                defaultValue={values.note}
                placeholder={t('sighting.notePlaceholder')}
                maxLength={SIGHTING_MAX_LENGTH.note}
                {...field('note')}
              />
              {fieldError('note')}
            </FieldRow>
            <FieldRow htmlFor="sighting-photo" label={t('sighting.photo')} hint={t('sighting.photoHint')}>
              {photoNotKept && (
                <p id="sighting-photo-again" className="font-medium text-sm">
                  {t('foundPet.photosNotKept', { count: 1 })}
                </p>
              )}
              <Input
                id="sighting-photo"
                name="photo"
                type="file"
                accept="image/*"
                {...field('photo', ...(photoNotKept ? ['sighting-photo-again'] : []), 'sighting-photo-hint')}
              />
              {fieldError('photo')}
            </FieldRow>
            <FieldRow htmlFor="sighting-contact" label={t('sighting.contact')} hint={t('sighting.contactHint')}>
              <Input
                id="sighting-contact"
                name="contact"
                defaultValue={values.contact}
                autoComplete="email"
                maxLength={SIGHTING_MAX_LENGTH.contact}
                {...field('contact', 'sighting-contact-hint')}
              />
              {fieldError('contact')}
            </FieldRow>
            <p className="text-muted-foreground text-sm">{t('sighting.privacy')}</p>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" size="lg">
                <Eye aria-hidden="true" />
                {t('sighting.submit')}
              </Button>
              <BackLink pet={pet} />
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
