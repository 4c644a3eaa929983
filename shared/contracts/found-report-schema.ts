import { z } from 'zod';
import { finderContactKind } from './finder-reports';
import { PET_SEXES } from './pets';
import { latitudeSchema, longitudeSchema, POINT_BOTH_OR_NEITHER } from './places';
import { isCalendarDay, plainText, upTo, VISIBLE } from './text-rules';

// A found-pet report (a pet someone found that carries no tag to scan), as `POST /api/found-reports`
// and the no-script form on /found take it. The words of each list are the API's values; pages
// show them translated.

/** The species a found pet may be: the pet form's list, so that a report and a missing pet compare. */
export const FOUND_SPECIES = ['dog', 'cat', 'bird', 'rabbit', 'other'] as const;
/** The colours a finder picks from; a pet of several colours is several words, or 'multi-colour'. */
export const FOUND_COLORS = [
  'black',
  'white',
  'brown',
  'tan',
  'golden',
  'grey',
  'orange',
  'cream',
  'multi-colour',
] as const;
export const FOUND_SIZES = ['small', 'medium', 'large'] as const;
export const FOUND_SEXES = PET_SEXES;
/** Where the pet is now: with the finder, at a vet, at a shelter (whose name then comes too). */
export const WHERE_NOW = ['finder', 'vet', 'shelter'] as const;
/** What a report is: open (on the board and in matching) or closed for one of three reasons. */
export const FOUND_REPORT_STATUSES = ['open', 'reunited', 'shelter', 'expired'] as const;

export type FoundSpecies = (typeof FOUND_SPECIES)[number];
export type FoundColor = (typeof FOUND_COLORS)[number];
export type FoundSize = (typeof FOUND_SIZES)[number];
export type FoundSex = (typeof FOUND_SEXES)[number];
export type WhereNow = (typeof WHERE_NOW)[number];
export type FoundReportStatus = (typeof FOUND_REPORT_STATUSES)[number];

/**
 * The found-pet species a pet's own is compared as: a pet's species is free text, a found pet's one
 * of the list, so a hamster or a 'Dog ' is read onto it ('other', 'dog').
 */
export function foundSpeciesOf(species: string): FoundSpecies {
  const word = species.trim().toLowerCase();
  return FOUND_SPECIES.find((listed) => listed === word) ?? 'other';
}

/** A report stays open this many days, and each renewal gives it as many again from the day renewed. */
export const FOUND_REPORT_DAYS = 30;

/** How often a day its finder may move a report's saved place (the management page says so; the server counts). */
export const FOUND_POINT_MOVES_PER_DAY = 3;
export const FOUND_REPORT_MAX_PHOTOS = 3;
/** How far back a found date may go: a report is for a pet found lately, not a typo's 1999. */
export const FOUND_AT_DAYS_BACK = 365;

export const FOUND_REPORT_MAX_LENGTH = {
  marks: 1000,
  location: 500,
  shelterName: 200,
  contact: 200,
} as const;

export const FOUND_AT_IN_FUTURE = 'The date found cannot be in the future';
export const FOUND_AT_TOO_LONG_AGO = `The date found must be within the last ${FOUND_AT_DAYS_BACK} days`;
export const FOUND_PLACE_REQUIRED = 'Say where the pet was found: a pin on the map or a place in words';
export const SHELTER_NAME_REQUIRED = "Please give the shelter's name";
export const CONTACT_RULE = 'Please enter a phone number or an email address';

const DAY_MS = 86_400_000;

/**
 * When a found date falls: a day (yyyy-mm-dd, as a date input gives it) is that day's noon UTC, a
 * full ISO time is itself; undefined when it is neither.
 */
export function foundAtTime(value: string): Date | undefined {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isCalendarDay(text) ? new Date(`${text}T12:00:00Z`) : undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

/** The latest day it is anywhere on Earth at `now` (yyyy-mm-dd): Kiribati's, at UTC+14. */
export const latestDayOnEarth = (now = Date.now()) => new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);

/**
 * Whether a found date is after `now`: a day, when no finder anywhere has reached it yet (one far
 * ahead of UTC is on tomorrow already); a time, beyond a few minutes of clock drift.
 */
export function isFutureFoundAt(value: string, now = Date.now()) {
  const time = foundAtTime(value);
  if (!time) return false;
  return /T/.test(value) ? time.getTime() > now + 5 * 60_000 : value.trim() > latestDayOnEarth(now);
}

// Plain text, as in sightings (see `plainText`).
const optionalWords = (length: number) =>
  plainText(length)
    .nullable()
    .optional()
    .transform((v) => (v && VISIBLE.test(v) ? v : null));

// Choices arrive as the API's words; a form may send them in any case.
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(values, message));

/** A photo as sent: a data URL whose bytes the server checks, decodes and encodes again. */
const photoUrlSchema = z
  .string('Each photo must be a JPEG, PNG or WebP data URL')
  .max(1_400_000, 'Photo is too large')
  .refine((v) => v.startsWith('data:image/'), 'Each photo must be a JPEG, PNG or WebP data URL');

/** The shelter's name, optional: the form's, and the management page's 'Taken to a shelter'. */
export const shelterNameRule = optionalWords(FOUND_REPORT_MAX_LENGTH.shelterName);

const foundReportFields = z.object({
  species: choice(FOUND_SPECIES, `Species must be one of ${FOUND_SPECIES.join(', ')}`),
  colors: z
    .array(
      choice(FOUND_COLORS, `Colours must be words of the list: ${FOUND_COLORS.join(', ')}`),
      'Pick at least one colour',
    )
    .min(1, 'Pick at least one colour')
    .max(FOUND_COLORS.length, 'Each colour once')
    .refine((colors) => new Set(colors).size === colors.length, 'Each colour once'),
  size: choice(FOUND_SIZES, `Size must be one of ${FOUND_SIZES.join(', ')}`),
  // Unknown is empty or left out.
  sex: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || null : v),
      z
        .enum(FOUND_SEXES, `Sex must be one of ${FOUND_SEXES.join(', ')}, or left out`)
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  marks: optionalWords(FOUND_REPORT_MAX_LENGTH.marks),
  lat: latitudeSchema.nullable().optional(),
  lng: longitudeSchema.nullable().optional(),
  location: optionalWords(FOUND_REPORT_MAX_LENGTH.location),
  foundAt: z
    .string('When was it found? A date is required')
    .trim()
    .refine((v) => foundAtTime(v) !== undefined, 'The date found must be a date (yyyy-mm-dd) or an ISO time')
    .refine((v) => !isFutureFoundAt(v), FOUND_AT_IN_FUTURE)
    .refine((v) => {
      const time = foundAtTime(v);
      return !time || time.getTime() >= Date.now() - (FOUND_AT_DAYS_BACK + 1) * DAY_MS;
    }, FOUND_AT_TOO_LONG_AGO),
  whereNow: choice(WHERE_NOW, `Where the pet is now must be one of ${WHERE_NOW.join(', ')}`),
  shelterName: shelterNameRule,
  contact: upTo(FOUND_REPORT_MAX_LENGTH.contact)(z.string(CONTACT_RULE).trim()).refine(
    (v) => finderContactKind(v) !== null,
    CONTACT_RULE,
  ),
});

type FoundReportFields = z.output<typeof foundReportFields>;

/**
 * The rules across fields: a place in words or a pin, both numbers of a pin, the shelter's name when
 * at a shelter. They run even when other fields are broken (zod would skip them then), so that one
 * refusal names every broken field: a field of their own that is broken is left to its own error.
 */
function refineFoundReport(report: FoundReportFields, ctx: z.RefinementCtx) {
  // The values of broken fields are as sent (unknown): only compared here, never trusted.
  const broken = new Set(ctx.issues.map((issue) => String(issue.path?.[0])));
  const given = (v: unknown) => v !== undefined && v !== null && v !== '';
  const hasLat = given(report.lat);
  const hasLng = given(report.lng);
  if (hasLat !== hasLng && !broken.has('lat') && !broken.has('lng'))
    ctx.addIssue({ code: 'custom', path: ['lng'], message: POINT_BOTH_OR_NEITHER });
  if (!hasLat && !report.location && !broken.has('location') && !broken.has('lat'))
    ctx.addIssue({ code: 'custom', path: ['location'], message: FOUND_PLACE_REQUIRED });
  if (report.whereNow === 'shelter' && !report.shelterName && !broken.has('shelterName'))
    ctx.addIssue({ code: 'custom', path: ['shelterName'], message: SHELTER_NAME_REQUIRED });
}

// The object's own check runs beside its fields' checks, not after them: whenever there is an
// object to check (a body that is not one is refused as such, and nothing more).
const always = {
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};

/** How many photos a report carries, whichever way they come: one to three. */
const photoList = <T extends z.ZodType>(photo: T) =>
  z
    .array(photo, 'Add one to three photos')
    .min(1, 'Add at least one photo')
    .max(FOUND_REPORT_MAX_PHOTOS, `At most ${FOUND_REPORT_MAX_PHOTOS} photos`);

/** A found report as `POST /api/found-reports` takes it: the fields and one to three photos as data URLs. */
export const foundReportSchema = foundReportFields
  .extend({ photoUrls: photoList(photoUrlSchema) })
  .superRefine(refineFoundReport, always);

/**
 * The same fields as the form without scripts posts them; its photos come as files, counted by the
 * same rule (`photos`: one entry per file part, the bytes checked later, as the API's are).
 */
export const foundReportFormSchema = foundReportFields
  .extend({ photos: photoList(z.instanceof(Uint8Array)) })
  .superRefine(refineFoundReport, always);

export type FoundReportInput = z.input<typeof foundReportSchema>;
export type NewFoundReport = z.output<typeof foundReportSchema>;
/** A found report's fields, whichever way its photos came. */
export type FoundReportDetails = Omit<NewFoundReport, 'photoUrls'>;

/**
 * A found report as anyone may see it: the place only as its grid cell (never the exact point),
 * and nothing of the finder's contact.
 */
export interface PublicFoundReport {
  id: string;
  species: FoundSpecies;
  colors: FoundColor[];
  size: FoundSize;
  sex: FoundSex | null;
  marks: string | null;
  /** The photos' links (800 px; `&size=320` or `&size=160` for smaller), first one first. */
  photoUrls: string[];
  /** The found point's grid-cell centre; null when the finder gave the place in words only. */
  cellLat: number | null;
  cellLng: number | null;
  location: string | null;
  foundAt: string;
  whereNow: WhereNow;
  shelterName: string | null;
  /** Open, or closed as reunited, taken to a shelter, or expired after its 30 days. */
  status: FoundReportStatus;
  expiresAt: string;
  createdAt: string;
}

/** A found report on the board: from the searched point to its cell centre, to 0.1 km. */
export type NearbyFoundReport = PublicFoundReport & { distanceKm: number };

/**
 * What `POST /api/found-reports` answers: the report's id (the page is /found-pet/{id}) and the
 * finder's secret management link (renew, close), shown once on the thank-you and e-mailed.
 */
export interface FiledFoundReport {
  id: string;
  managePath: string;
}
