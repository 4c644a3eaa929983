import {
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
import { HomeFooter } from '@/components/home-footer';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { type FinderI18n, I18nProvider, useI18n } from '@/lib/i18n';

// 'Report a Found Pet' (/found/report): rendered by the server only, a multipart form that works
// without any script (then the place in words is required). With scripts, found-report-main.ts
// adds a map to pin the place on (#found-pin-map) and 'Use My Position', writing the hidden lat
// and lng. Keep it free of browser-only APIs and state.

export const FOUND_REPORT_PATH = '/found/report';

/** What the finder typed, given back when the form is refused (files cannot be: they choose again). */
export interface FoundReportFormValues {
  species: string;
  colors: string[];
  size: string;
  sex: string;
  marks: string;
  location: string;
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
  foundAt: '',
  whereNow: 'finder',
  shelterName: '',
  contact: '',
};

interface FoundReportFormViewProps {
  i18n: FinderI18n;
  values?: FoundReportFormValues;
  /** Why the form was refused, in the finder's words. */
  error?: string;
  /** The server's day (yyyy-mm-dd): the latest a found date may be, and the default. */
  today: string;
}

export function FoundReportFormView({ i18n, ...form }: FoundReportFormViewProps) {
  return (
    <I18nProvider i18n={i18n}>
      <FoundReportForm {...form} />
    </I18nProvider>
  );
}

const SELECT =
  'h-10 w-full rounded-md border border-input bg-background px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
// A choice's words break between words, never inside one (the page's `overflow-wrap: anywhere` would
// split 'Medium' on a narrow phone): a group too narrow for its choices wraps them instead.
const CHOICE =
  'flex min-h-10 items-center gap-2 wrap-normal rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary';
const HINT = 'text-muted-foreground text-sm';
/** One file input per photo a report may carry: 1, 2, 3. */
const PHOTO_NUMBERS = Array.from({ length: FOUND_REPORT_MAX_PHOTOS }, (_, index) => index + 1);

function FoundReportForm({ values = EMPTY_FOUND_REPORT_FORM, error, today }: Omit<FoundReportFormViewProps, 'i18n'>) {
  const { t } = useI18n();
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
            {error && (
              <p role="alert" className="font-medium text-destructive">
                {error}
              </p>
            )}

            <div className="grid gap-2">
              <Label htmlFor="found-species">{t('foundPet.species')}</Label>
              <select id="found-species" name="species" required defaultValue={values.species} className={SELECT}>
                <option value="" disabled>
                  —
                </option>
                {FOUND_SPECIES.map((species) => (
                  <option key={species} value={species}>
                    {speciesName(species, t)}
                  </option>
                ))}
              </select>
            </div>

            <fieldset className="grid gap-2">
              <legend className="mb-2 font-medium text-sm">{t('foundPet.colors')}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {FOUND_COLORS.map((color) => (
                  <label key={color} className={CHOICE}>
                    <input type="checkbox" name="colors" value={color} defaultChecked={values.colors.includes(color)} />
                    {t(COLOR_KEYS[color])}
                  </label>
                ))}
              </div>
            </fieldset>

            <fieldset className="grid gap-2">
              <legend className="mb-2 font-medium text-sm">{t('foundPet.size')}</legend>
              {/* Side by side, of one width, while all three fit; else those that do not go below. */}
              <div className="flex flex-wrap gap-2">
                {FOUND_SIZES.map((size) => (
                  <label key={size} className={`${CHOICE} flex-1`}>
                    <input type="radio" name="size" value={size} required defaultChecked={values.size === size} />
                    {t(SIZE_KEYS[size])}
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="grid gap-2">
              <Label htmlFor="found-sex">{t('foundPet.sex')}</Label>
              <select id="found-sex" name="sex" defaultValue={values.sex} className={SELECT}>
                <option value="">{t('foundPet.sexUnknown')}</option>
                <option value="male">{t('foundPet.sexMale')}</option>
                <option value="female">{t('foundPet.sexFemale')}</option>
              </select>
            </div>

            <div className="grid gap-2">
              <Label htmlFor="found-marks">{t('foundPet.marks')}</Label>
              <Textarea
                id="found-marks"
                name="marks"
                defaultValue={values.marks}
                maxLength={FOUND_REPORT_MAX_LENGTH.marks}
                aria-describedby="found-marks-hint"
                rows={2}
              />
              <p id="found-marks-hint" className={HINT}>
                {t('foundPet.marksHint')}
              </p>
            </div>

            <fieldset className="grid gap-2" aria-describedby="found-photos-hint">
              <legend className="mb-2 font-medium text-sm">{t('foundPet.photos')}</legend>
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
                    className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-2"
                  />
                </div>
              ))}
            </fieldset>

            <div className="grid gap-2">
              <Label htmlFor="found-location">{t('foundPet.place')}</Label>
              <Input
                id="found-location"
                name="location"
                defaultValue={values.location}
                maxLength={FOUND_REPORT_MAX_LENGTH.location}
                aria-describedby="found-location-hint"
              />
              <p id="found-location-hint" className={HINT}>
                {t('foundPet.placeHint')}
              </p>
              {/* With scripts: a map to pin the place on, which fills these two. */}
              <input type="hidden" name="lat" id="found-lat" />
              <input type="hidden" name="lng" id="found-lng" />
              <div id="found-pin-map" className="grid gap-2" />
            </div>

            <div className="grid gap-2">
              <Label htmlFor="found-at">{t('foundPet.foundAt')}</Label>
              <Input
                id="found-at"
                name="foundAt"
                type="date"
                required
                max={today}
                defaultValue={values.foundAt || today}
                className="w-auto"
              />
            </div>

            <fieldset className="grid gap-2">
              <legend className="mb-2 font-medium text-sm">{t('foundPet.whereNow')}</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {WHERE_NOW.map((where) => (
                  <label key={where} className={CHOICE}>
                    <input
                      type="radio"
                      name="whereNow"
                      value={where}
                      required
                      defaultChecked={values.whereNow === where}
                    />
                    {t(WHERE_NOW_KEYS[where])}
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="grid gap-2">
              <Label htmlFor="found-shelter">{t('foundPet.shelterName')}</Label>
              <Input
                id="found-shelter"
                name="shelterName"
                defaultValue={values.shelterName}
                maxLength={FOUND_REPORT_MAX_LENGTH.shelterName}
              />
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
                aria-describedby="found-contact-hint"
              />
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
