import { z } from 'zod';
import { finderContactKind } from './finder-reports';
import { isWholePoint, latitudeSchema, longitudeSchema, POINT_BOTH_OR_NEITHER } from './places';
import { SIGHTING_MAX_LENGTH as MAX, SIGHTING_HEADINGS } from './sightings';
import { plainText, VISIBLE } from './text-rules';

// A sighting, as `POST /api/sightings`, the dialog and the form without script take it. Read by the
// server and by the dialog (loaded only when a sighter opens it): never by a page's first script.

/** A clock ahead of the server's by this much is still 'now', not the future. */
const CLOCK_SKEW_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

/** The offset from UTC an ISO date-time is written in, in minutes ('Z' is 0). */
function offsetMinutes(text: string) {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * The earliest moment a sighting may be from: the start of yesterday on the sighter's own clock, as
 * the offset of their date-time tells it (a sighting written in UTC counts UTC's yesterday).
 */
export function earliestSeenAt(seenAt: string, now = Date.now()) {
  const offsetMs = offsetMinutes(seenAt) * 60_000;
  const startOfToday = Math.floor((now + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
  return startOfToday - DAY_MS;
}

export const SEEN_IN_FUTURE = 'The time seen cannot be in the future';
export const SEEN_TOO_LONG_AGO = 'The time seen must be today or yesterday';

const seenAtSchema = z.iso
  .datetime({ offset: true, message: 'Please give the time seen as an ISO date-time' })
  .superRefine((text, ctx) => {
    const time = Date.parse(text);
    if (Number.isNaN(time)) ctx.addIssue({ code: 'custom', message: 'Please give the time seen as an ISO date-time' });
    else if (time > Date.now() + CLOCK_SKEW_MS) ctx.addIssue({ code: 'custom', message: SEEN_IN_FUTURE });
    else if (time < earliestSeenAt(text)) ctx.addIssue({ code: 'custom', message: SEEN_TOO_LONG_AGO });
  });

export const sightingSchema = z
  .object({
    // One spelling per pet (a uuid may come in either case): sightings are counted per pet.
    petId: z.uuid('Pet not found').transform((id) => id.toLowerCase()),
    lat: latitudeSchema.nullable().optional(),
    lng: longitudeSchema.nullable().optional(),
    location: plainText(MAX.location).nullable().optional(),
    // Absent: now.
    seenAt: seenAtSchema.optional(),
    heading: z
      .enum(SIGHTING_HEADINGS, `Heading must be one of ${SIGHTING_HEADINGS.join(', ')}`)
      .or(z.literal('').transform(() => null))
      .nullable()
      .optional(),
    note: plainText(MAX.note).nullable().optional(),
    // A JPEG as a data URL (the dialog resizes the photo first); the server decodes and re-encodes it.
    photoUrl: z
      .string()
      .max(1_400_000, 'Photo is too large: 1 MB at most')
      .refine((v) => v === '' || v.startsWith('data:image/jpeg;base64,'), 'Photo must be a JPEG image')
      .nullable()
      .optional(),
    contact: plainText(MAX.contact)
      .refine((v) => v === '' || finderContactKind(v) !== null, 'Please enter a phone number or an email address')
      .nullable()
      .optional(),
  })
  .superRefine((sighting, ctx) => {
    if (!isWholePoint(sighting, 'lat', 'lng'))
      ctx.addIssue({ code: 'custom', path: ['lng'], message: POINT_BOTH_OR_NEITHER });
    const words = sighting.location ?? '';
    if (sighting.lat == null && !VISIBLE.test(words))
      ctx.addIssue({
        code: 'custom',
        path: ['location'],
        message: 'Please say where: pick a point or describe the place',
      });
  });

export type SightingInput = z.input<typeof sightingSchema>;
export type NewSighting = z.output<typeof sightingSchema>;
