import {
  FOUND_AT_DAYS_BACK,
  FOUND_COLORS,
  FOUND_REPORT_MAX_LENGTH,
  FOUND_REPORT_MAX_PHOTOS,
  FOUND_SIZES,
  FOUND_SPECIES,
  WHERE_NOW,
} from '@shared/contracts/found-report-schema';
import { COLOR_KEYS, SIZE_KEYS, WHERE_NOW_KEYS } from '@shared/i18n/found-pet-words';
import { speciesName } from '@shared/i18n/species';
import { Send } from 'lucide-react';
import { CoordinateFields } from '@/components/coordinate-fields';
import { HomeFooter } from '@/components/home-footer';
import { ScriptedWords } from '@/components/scripted-words';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { type FinderI18n, I18nProvider, useI18n } from '@/lib/i18n';

// 'Report a Found Pet' (/found/report): rendered by the server only, a multipart form that works
// without any script (then the place is given in words, or as a latitude and longitude typed). With
// scripts, found-report-main.ts adds a map to pin the place on (#found-pin-map) and 'Use My
// Position', writing the same lat and lng. Keep it free of browser-only APIs and state.

export const FOUND_REPORT_PATH = '/found/report';

/** What the finder typed, given back when the form is refused (files cannot be: they choose again). */
export interface FoundReportFormValues {
  species: string;
  colors: string[];
  size: string;
  sex: string;
  marks: string;
  location: string;
  /** The place's numbers as typed (a decimal comma too), or as the pin map wrote them. */
  lat: string;
  lng: string;
  foundAt: string;
  whereNow: string;
  shelterName: string;
  contact: string;
}

export const EMPTY_FOUND_REPORT_FORM: FoundReportFormValues = {
  species: '',
  colors: [],
  size: '',
  sex: '',
  marks: '',
  location: '',
  lat: '',
  lng: '',
  foundAt: '',
  whereNow: 'finder',
  shelterName: '',
  contact: '',
};

/** The parts of the form a refusal can name: each then shows its own error beside it. */
export const FOUND_REPORT_FIELDS = [
  'species',
  'colors',
  'size',
  'sex',
  'marks',
  'photos',
  'location',
  'coordinates',
  'foundAt',
  'whereNow',
  'shelterName',
  'contact',
] as const;
export type FoundReportField = (typeof FOUND_REPORT_FIELDS)[number];

/** Why the form was refused, in the finder's words: at its top, and beside each field it names. */
export interface FoundReportFormRefusal {
  message: string;
  fields: Partial<Record<FoundReportField, string>>;
  /** The photo inputs (1, 2, 3) a photos error is about, when the server knows which; else all. */
  photoInputs?: number[];
  /** How many chosen photos were fine but are gone (a browser cannot refill a file input). */
  photosNotKept?: number;
}

interface FoundReportFormViewProps {
  i18n: FinderI18n;
  values?: FoundReportFormValues;
  refusal?: FoundReportFormRefusal;
  /**
   * The server's day (yyyy-mm-dd, UTC): the default. The latest a found date may be is `latestDay`,
   * the day of the finder furthest ahead of UTC; the page's script narrows both to the device's day.
   */
  today: string;
  latestDay: string;
}

export function FoundReportFormView({ i18n, ...form }: FoundReportFormViewProps) {
  return (
    <I18nProvider i18n={i18n}>
      <FoundReportForm {...form} />
    </I18nProvider>
  );
}

// Marked like the app's inputs when refused.
const SELECT =
  'h-10 w-full rounded-md border border-input bg-background px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';
// A choice's words break between words, never inside one (the page's `overflow-wrap: anywhere` would
// split 'Medium' on a narrow phone): a group too narrow for its choices wraps them instead.
const CHOICE =
  'flex min-h-10 items-center gap-2 wrap-normal rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary';
const HINT = 'text-muted-foreground text-sm';
/** One file input per photo a report may carry: 1, 2, 3. */
const PHOTO_NUMBERS = Array.from({ length: FOUND_REPORT_MAX_PHOTOS }, (_, index) => index + 1);

const errorId = (id: string) => `${id}-error`;

/** The day (yyyy-mm-dd) `days` before `day`: the earliest a found date may be. */
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** A refused field's own error, beside it; its control (or group) names it in aria-describedby. */
function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={errorId(id)} className="font-medium text-destructive text-sm">
      {error}
    </p>
  ) : null;
}

function FoundReportForm({
  values = EMPTY_FOUND_REPORT_FORM,
  refusal,
  today,
  latestDay,
}: Omit<FoundReportFormViewProps, 'i18n'>) {
  const { t } = useI18n();
  const errors = refusal?.fields ?? {};
  // A refused field is marked invalid and described by its error, before its hint. A group of
  // choices (a fieldset) is described by it and each of its choices marked; each photo input, a
  // field of its own, is both.
  const describedBy = (field: FoundReportField, id: string, hint?: string) =>
    [errors[field] && errorId(id), hint].filter(Boolean).join(' ') || undefined;
  const invalid = (field: FoundReportField) => (errors[field] ? true : undefined);
  // The page a refusal comes back as: the focus goes to the first field to mend, in the form's order
  // (the first photo input refused, the first choice of a group), where its error is read with it.
  const first = FOUND_REPORT_FIELDS.find((field) => errors[field]);
  const firstPhoto = first === 'photos' ? (refusal?.photoInputs?.[0] ?? 1) : undefined;
  const focus = (field: FoundReportField) => (field === first ? { autoFocus: true } : {});
  const refused = (field: FoundReportField, id: string, hint?: string) => ({
    'aria-invalid': invalid(field),
    'aria-describedby': describedBy(field, id, hint),
    ...focus(field),
  });
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-8">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-3xl">{t('foundPet.formTitle')}</h1>
          </CardTitle>
          <CardDescription>{t('foundPet.formIntro')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            id="found-report-form"
            method="post"
            action={FOUND_REPORT_PATH}
            encType="multipart/form-data"
            className="grid gap-5"
            noValidate
          >
            {/* Read out on arrival; the focus is on the first field to mend, beside its own error. */}
            {refusal && (
              <p role="alert" className="font-medium text-destructive">
                {refusal.message}
              </p>
            )}

            <div className="grid gap-2">
              <Label htmlFor="found-species">{t('foundPet.species')}</Label>
              <select
                id="found-species"
                name="species"
                required
                defaultValue={values.species}
                className={SELECT}
                {...refused('species', 'found-species')}
              >
                <option value="" disabled>
                  —
                </option>
                {FOUND_SPECIES.map((species) => (
                  <option key={species} value={species}>
                    {speciesName(species, t)}
                  </option>
                ))}
              </select>
              <FieldError id="found-species" error={errors.species} />
            </div>

            <fieldset className="grid gap-2" aria-describedby={describedBy('colors', 'found-colors')}>
              <legend className="mb-2 font-medium text-sm">{t('foundPet.colors')}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {FOUND_COLORS.map((color, index) => (
                  <label key={color} className={CHOICE}>
                    <input
                      type="checkbox"
                      name="colors"
                      value={color}
                      defaultChecked={values.colors.includes(color)}
                      aria-invalid={invalid('colors')}
                      {...(index === 0 && focus('colors'))}
                    />
                    {t(COLOR_KEYS[color])}
                  </label>
                ))}
              </div>
              <FieldError id="found-colors" error={errors.colors} />
            </fieldset>

            <fieldset className="grid gap-2" aria-describedby={describedBy('size', 'found-size')}>
              <legend className="mb-2 font-medium text-sm">{t('foundPet.size')}</legend>
              {/* Side by side, of one width, while all three fit; else those that do not go below. */}
              <div className="flex flex-wrap gap-2">
                {FOUND_SIZES.map((size, index) => (
                  <label key={size} className={`${CHOICE} flex-1`}>
                    <input
                      type="radio"
                      name="size"
                      value={size}
                      required
                      defaultChecked={values.size === size}
                      aria-invalid={invalid('size')}
                      {...(index === 0 && focus('size'))}
                    />
                    {t(SIZE_KEYS[size])}
                  </label>
                ))}
              </div>
              <FieldError id="found-size" error={errors.size} />
            </fieldset>

            <div className="grid gap-2">
              <Label htmlFor="found-sex">{t('foundPet.sex')}</Label>
              <select
                id="found-sex"
                name="sex"
                defaultValue={values.sex}
                className={SELECT}
                {...refused('sex', 'found-sex')}
              >
                <option value="">{t('foundPet.sexUnknown')}</option>
                <option value="male">{t('foundPet.sexMale')}</option>
                <option value="female">{t('foundPet.sexFemale')}</option>
              </select>
              <FieldError id="found-sex" error={errors.sex} />
            </div>

            <div className="grid gap-2">
              <Label htmlFor="found-marks">{t('foundPet.marks')}</Label>
              <Textarea
                id="found-marks"
                name="marks"
                defaultValue={values.marks}
                maxLength={FOUND_REPORT_MAX_LENGTH.marks}
                {...refused('marks', 'found-marks', 'found-marks-hint')}
                rows={2}
              />
              <FieldError id="found-marks" error={errors.marks} />
              <p id="found-marks-hint" className={HINT}>
                {t('foundPet.marksHint')}
              </p>
            </div>

            <fieldset
              className="grid gap-2"
              aria-describedby={refusal?.photosNotKept ? 'found-photos-again found-photos-hint' : 'found-photos-hint'}
            >
              <legend className="mb-2 font-medium text-sm">{t('foundPet.photos')}</legend>
              {/* Said before the inputs, where the finder chooses again. */}
              {refusal?.photosNotKept ? (
                <p id="found-photos-again" className="font-medium text-sm">
                  {t('foundPet.photosNotKept', { count: refusal.photosNotKept })}
                </p>
              ) : null}
              <p id="found-photos-hint" className={HINT}>
                {t('foundPet.photosHint')}
              </p>
              {PHOTO_NUMBERS.map((n) => (
                <div key={n} className="grid gap-1">
                  <Label htmlFor={`found-photo-${n}`}>{t('foundPet.photo', { n })}</Label>
                  <input
                    id={`found-photo-${n}`}
                    type="file"
                    name="photo"
                    accept="image/jpeg,image/png,image/webp"
                    required={n === 1}
                    {...(refusal?.photoInputs?.includes(n) === false
                      ? {}
                      : { ...refused('photos', 'found-photos'), autoFocus: n === firstPhoto })}
                    className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-2"
                  />
                </div>
              ))}
              <FieldError id="found-photos" error={errors.photos} />
            </fieldset>

            <div className="grid gap-2">
              <Label htmlFor="found-location">{t('foundPet.place')}</Label>
              <Input
                id="found-location"
                name="location"
                defaultValue={values.location}
                maxLength={FOUND_REPORT_MAX_LENGTH.location}
                {...refused('location', 'found-location', 'found-location-hint')}
              />
              <FieldError id="found-location" error={errors.location} />
              <p id="found-location-hint" className={HINT}>
                <ScriptedWords withScripts={t('foundPet.placeHint')} withoutScripts={t('foundPet.placeHintTyped')} />
              </p>
              {/* Typed without scripts; with them, the map to pin the place on fills the same two. */}
              <CoordinateFields
                id="found"
                hint={t('foundPet.coordinatesHint')}
                values={values}
                open={Boolean(values.lat || values.lng)}
                error={errors.coordinates}
                autoFocus={first === 'coordinates'}
              />
              <div id="found-pin-map" className="grid gap-2" />
            </div>

            <div className="grid gap-2">
              <Label htmlFor="found-at">{t('foundPet.foundAt')}</Label>
              <Input
                id="found-at"
                name="foundAt"
                type="date"
                required
                min={daysBefore(today, FOUND_AT_DAYS_BACK)}
                max={latestDay}
                defaultValue={values.foundAt || today}
                // Says the value is the server's default, not a day the finder chose.
                data-default-day={values.foundAt ? undefined : today}
                className="w-auto"
                {...refused('foundAt', 'found-at')}
              />
              <FieldError id="found-at" error={errors.foundAt} />
            </div>

            <fieldset className="grid gap-2" aria-describedby={describedBy('whereNow', 'found-where-now')}>
              <legend className="mb-2 font-medium text-sm">{t('foundPet.whereNow')}</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {WHERE_NOW.map((where, index) => (
                  <label key={where} className={CHOICE}>
                    <input
                      type="radio"
                      name="whereNow"
                      value={where}
                      required
                      defaultChecked={values.whereNow === where}
                      aria-invalid={invalid('whereNow')}
                      {...(index === 0 && focus('whereNow'))}
                    />
                    {t(WHERE_NOW_KEYS[where])}
                  </label>
                ))}
              </div>
              <FieldError id="found-where-now" error={errors.whereNow} />
            </fieldset>

            <div className="grid gap-2">
              <Label htmlFor="found-shelter">{t('foundPet.shelterName')}</Label>
              <Input
                id="found-shelter"
                name="shelterName"
                defaultValue={values.shelterName}
                maxLength={FOUND_REPORT_MAX_LENGTH.shelterName}
                {...refused('shelterName', 'found-shelter')}
              />
              <FieldError id="found-shelter" error={errors.shelterName} />
            </div>

            <div className="grid gap-2">
              <Label htmlFor="found-contact">{t('foundPet.contact')}</Label>
              <Input
                id="found-contact"
                name="contact"
                defaultValue={values.contact}
                required
                aria-required="true"
                maxLength={FOUND_REPORT_MAX_LENGTH.contact}
                autoComplete="email"
                {...refused('contact', 'found-contact', 'found-contact-hint')}
              />
              <FieldError id="found-contact" error={errors.contact} />
              <p id="found-contact-hint" className={HINT}>
                {t('foundPet.contactHint')}
              </p>
            </div>

            <Button type="submit" size="lg" className="justify-self-start">
              <Send aria-hidden="true" />
              {t('foundPet.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
      <HomeFooter />
    </div>
  );
}
