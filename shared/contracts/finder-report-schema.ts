import { z } from 'zod';
import { finderContactKind, FINDER_REPORT_MAX_LENGTH as REPORT_MAX } from './finder-reports';
import { strangersWords, text, upTo, VISIBLE } from './text-rules';

// Coordinates are optional (the finder may not share them) but, when sent, are real decimal degrees.
const DECIMAL_DEGREES = /^[-+]?\d{1,3}(\.\d{1,12})?$/;
const degrees = (limit: number, what: string) => (s: z.ZodString) =>
  s.trim().refine((v) => v === '' || (DECIMAL_DEGREES.test(v) && Math.abs(Number(v)) <= limit), {
    message: `${what} must be a number between -${limit} and ${limit}`,
  });

/** A finder's report, as `POST /api/gps-pings` and the scan page's form without script take it. */
export const finderReportSchema = z
  .object({
    // One spelling per pet (a uuid may come in either case): reports are counted per pet.
    petId: z.uuid().transform((id) => id.toLowerCase()),
    finderName: upTo(REPORT_MAX.finderName)(strangersWords(z.string())).nullable().optional(),
    // A plain schema rather than a refinement: the column is nullable, but a report needs a place.
    finderLocation: upTo(REPORT_MAX.finderLocation)(strangersWords(text('Required')).trim().min(1, 'Required')).refine(
      (v) => v === '' || VISIBLE.test(v),
      'Required',
    ),
    finderLatitude: degrees(90, 'Latitude')(z.string()).nullable().optional(),
    finderLongitude: degrees(180, 'Longitude')(z.string()).nullable().optional(),
    message: upTo(REPORT_MAX.message)(strangersWords(z.string())).nullable().optional(),
    // Optional; when given, the owners' replies reach the finder through it (an e-mail address) or
    // the owners can call (a phone number): anything else could reach no one.
    finderContact: upTo(REPORT_MAX.finderContact)(z.string().trim())
      .refine((v) => v === '' || finderContactKind(v) !== null, 'Please enter a phone number or an email address')
      .nullable()
      .optional(),
  })
  .refine((p) => !p.finderLatitude === !p.finderLongitude, {
    message: 'Latitude and longitude must be given together',
    path: ['finderLongitude'],
  });

export type FinderReportInput = z.input<typeof finderReportSchema>;

/** What the scan page sends; latitude and longitude stay empty unless the finder shared them. */
export type NewFinderReport = Required<
  Omit<FinderReportInput, 'finderLatitude' | 'finderLongitude' | 'finderContact'>
> &
  Pick<FinderReportInput, 'finderLatitude' | 'finderLongitude' | 'finderContact'>;
