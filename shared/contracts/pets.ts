import { z } from 'zod';
import type { Pet } from '../schema';
import { isEmailAddress } from './finder-reports';
import { hasPhoneDigits, PHONE_DIGITS_MESSAGE } from './phone';
import { isCalendarDay } from './text-rules';

/**
 * What the owner lets a stranger see on the scan page, field by field. The defaults are the
 * spec's page: name, phone, e-mail, medical notes and special needs shown; address and vet hidden.
 */
export const PUBLIC_PAGE_DEFAULTS = {
  ownerName: true,
  ownerPhone: true,
  ownerEmail: true,
  ownerAddress: false,
  medicalNotes: true,
  specialNeeds: true,
  vet: false,
  backupContacts: true,
} as const satisfies Record<string, boolean>;

export type PublicPageChoices = { [K in keyof typeof PUBLIC_PAGE_DEFAULTS]: boolean };

/** Every switch is optional in a request: one left out keeps its default. */
export const publicPageSchema = z
  .object(
    Object.fromEntries(
      Object.entries(PUBLIC_PAGE_DEFAULTS).map(([key, shown]) => [key, z.boolean().default(shown)]),
    ) as { [K in keyof PublicPageChoices]: z.ZodDefault<z.ZodBoolean> },
  )
  .strip();

/**
 * A pet's sex when its owner says it (null when not): a found report's is of the same list, so that
 * matching compares the two.
 */
export const PET_SEXES = ['male', 'female'] as const;
export type PetSex = (typeof PET_SEXES)[number];

export const MAX_BACKUP_CONTACTS = 3;

export const backupContactSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(100, 'Must be 100 characters or fewer'),
  phone: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(40, 'Must be 40 characters or fewer')
    .refine(hasPhoneDigits, PHONE_DIGITS_MESSAGE),
  relationship: z.string().trim().max(60, 'Must be 60 characters or fewer').default(''),
});

export type BackupContact = z.infer<typeof backupContactSchema>;

export const backupContactsSchema = z
  .array(backupContactSchema)
  .max(MAX_BACKUP_CONTACTS, `At most ${MAX_BACKUP_CONTACTS} backup contacts`);

const utcDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** How far back a last-seen day may go: a pet's lifetime, not a typo's year 1899. */
export const LAST_SEEN_YEARS_BACK = 30;
export const LAST_SEEN_IN_FUTURE = 'Last seen date cannot be in the future';
export const LAST_SEEN_TOO_LONG_AGO = `Last seen date must be within the last ${LAST_SEEN_YEARS_BACK} years`;
export const LAST_SEEN_NO_DAY = 'Last seen date is not a day of the calendar (yyyy-mm-dd)';

/** The yyyy-mm-dd day a last-seen date (free text, spec section 3) starts with, if it starts with one. */
const lastSeenDay = (value: string) => /^\d{4}-\d{2}-\d{2}/.exec(value.trim())?.[0];

/**
 * Whether a last-seen date names a day after `today`. The server's today is UTC's plus one day: an
 * owner far ahead of UTC (up to UTC+14) may be on tomorrow already. The dialog passes the owner's
 * own day.
 */
export function isFutureLastSeen(value: string, today = utcDay(1)) {
  const day = lastSeenDay(value);
  return day !== undefined && day > today;
}

/** The earliest last-seen day allowed on `today` (yyyy-mm-dd): the same day, LAST_SEEN_YEARS_BACK years before. */
export const earliestLastSeen = (today: string) =>
  `${String(Number(today.slice(0, 4)) - LAST_SEEN_YEARS_BACK).padStart(4, '0')}${today.slice(4)}`;

/** Whether a last-seen date names a day before `earliestLastSeen` (UTC's today less a day on the server). */
export function isTooLongAgoLastSeen(value: string, today = utcDay(-1)) {
  const day = lastSeenDay(value);
  return day !== undefined && day < earliestLastSeen(today);
}

/** A pet as its owner receives it: dates as JSON strings, photo as a link, never inline bytes. */
export type OwnerPet = Omit<
  Pet,
  | 'createdAt'
  | 'reportsSeenAt'
  | 'photoHash'
  | 'contactConfirmedAt'
  | 'contactReminderSentAt'
  | 'reunitedAt'
  | 'missingSince'
  | 'lastScanAlertAt'
  | 'lastSeenCellLat'
  | 'lastSeenCellLng'
> & {
  createdAt: string;
  contactConfirmedAt: string;
  reunitedAt: string | null;
  /** When the current absence began; null while the pet is safe. */
  missingSince: string | null;
  /** As in the public view: the owner opening the scan page sees what a finder sees. */
  homeSafe: boolean;
  contactConfirmedMonth: string;
  /** Finder reports that arrived since the owner last opened this pet's profile. */
  newReports: number;
};

/** A pet in the owner's list: what the dashboard, pickers and counters show, so the list stays small. */
export const PET_SUMMARY_FIELDS = [
  'id',
  'name',
  'species',
  'breed',
  'photoUrl',
  'isMissing',
  'newReports',
  // Proposed as a tag's engraving at checkout.
  'shortCode',
  // Where the owner's Last Seen map opens for a pet without a point of its own: the owner's data.
  'lastSeenLat',
  'lastSeenLng',
] as const satisfies readonly (keyof OwnerPet)[];

export type PetSummary = Pick<OwnerPet, (typeof PET_SUMMARY_FIELDS)[number]>;

/** What anyone who scans the tag may see, whatever the owner chose: the pet itself. */
export const PUBLIC_PET_FIELDS = [
  'id',
  'name',
  'species',
  'breed',
  'age',
  'weight',
  'color',
  'microchipId',
  'photoUrl',
  'isMissing',
] as const satisfies readonly (keyof Pet)[];

/** For how many days after a missing pet is marked safe its scan page thanks the finders. */
export const HOME_SAFE_DAYS = 7;

/** The fields each switch of the Public Page card shows a stranger; a hidden one is left out of the view. */
export const PUBLIC_PAGE_FIELDS = {
  ownerName: ['ownerName'],
  ownerPhone: ['ownerPhone'],
  ownerEmail: ['ownerEmail'],
  ownerAddress: ['ownerAddress'],
  medicalNotes: ['medicalNotes'],
  specialNeeds: ['specialNeeds'],
  vet: ['vetName', 'vetPhone', 'vetAddress'],
  backupContacts: ['backupContacts'],
} as const satisfies { [K in keyof PublicPageChoices]: readonly (keyof Pet)[] };

type ChosenField = (typeof PUBLIC_PAGE_FIELDS)[keyof PublicPageChoices][number];

/**
 * The scan page's view of a pet: the pet, the owner's details they chose to show (absent when
 * hidden), and the month the owner last confirmed them ('2026-11'), which the page shows.
 */
export type PublicPet = Pick<Pet, (typeof PUBLIC_PET_FIELDS)[number]> &
  Partial<Pick<Pet, ChosenField>> & {
    contactConfirmedMonth: string;
    /**
     * Marked safe after being missing, less than HOME_SAFE_DAYS ago: the scan page says 'Home safe.
     * Thank you for helping!' where the missing banner was. A flag, not the date: a stranger learns no
     * more than the page shows.
     */
    homeSafe: boolean;
    /**
     * Where a missing pet was last seen, as the centre of its grid cell (contracts/places.ts), never
     * the exact point; null when the pet is not missing or has no point.
     */
    lastSeenLat: number | null;
    lastSeenLng: number | null;
    /**
     * Where and when a missing pet was last seen, in the owner's words (those of its poster and link
     * preview); null when the pet is not missing or the owner wrote none.
     */
    lastSeenLocation: string | null;
    lastSeenDate: string | null;
    /**
     * Only to a signed-in person who was in the pet's Safety Circle and left or was removed: the
     * profile's old link tells them their access ended instead of that the pet does not exist.
     */
    accessEnded?: true;
  };

/** A length of the pet's free text, kept as a newer rule: a pet saved with a longer value stays editable. */
const atMost = <F extends keyof Pet>(field: F, max: number) => ({
  field,
  max,
  holds: (value: string) => value.trim().length <= max,
  message: `Must be ${max} characters or fewer`,
});

/**
 * Rules a pet stored before them may break. A new pet keeps them all; a change keeps them for the
 * values it changes (`brokenPetRules`), because the profile's toggle sends the whole pet back (spec
 * section 4) and an old phone number must never stop an owner reporting their pet missing.
 */
export const PET_VALUE_RULES = [
  // Lengths that fit the pages that show them: a 300-character name filled a phone's screen above
  // Call Owner, and a poster's tear-off tab holds about 50.
  atMost('name', 50),
  atMost('breed', 100),
  atMost('color', 50),
  atMost('age', 30),
  atMost('weight', 30),
  atMost('microchipId', 30),
  atMost('ownerName', 100),
  atMost('ownerPhone', 50),
  atMost('vetName', 100),
  atMost('vetPhone', 50),
  // Call Owner dials the digits alone: a number without enough of them would call no one.
  { field: 'ownerPhone', holds: hasPhoneDigits, message: PHONE_DIGITS_MESSAGE },
  // The scan page makes it a mailto: link, which would write to no one.
  { field: 'ownerEmail', holds: isEmailAddress, message: 'Must be an email address' },
  { field: 'vetPhone', holds: hasPhoneDigits, message: PHONE_DIGITS_MESSAGE },
  // Free text may start with a day, but not with one no calendar has ('2026-13-45', '2026-02-30').
  {
    field: 'lastSeenDate',
    holds: (v: string) => {
      const day = lastSeenDay(v);
      return day === undefined || isCalendarDay(day);
    },
    message: LAST_SEEN_NO_DAY,
  },
  { field: 'lastSeenDate', holds: (v: string) => !isFutureLastSeen(v), message: LAST_SEEN_IN_FUTURE },
  { field: 'lastSeenDate', holds: (v: string) => !isTooLongAgoLastSeen(v), message: LAST_SEEN_TOO_LONG_AGO },
] as const satisfies readonly { field: keyof Pet; holds: (value: string) => boolean; message: string }[];

/**
 * The rules `values` break. An empty value breaks none (required fields say so themselves), and
 * neither does a value the pet already holds in `stored`.
 */
export function brokenPetRules(values: Record<string, unknown>, stored?: Partial<Record<string, unknown>>) {
  return PET_VALUE_RULES.filter(({ field, holds }) => {
    const value = values[field];
    if (typeof value !== 'string' || value.trim() === '') return false;
    return value.trim() !== (stored?.[field] ?? '') && !holds(value);
  });
}
