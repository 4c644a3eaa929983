import { z } from 'zod';
import { foundReportSchema, shelterNameRule } from '../../../shared/contracts/found-report-schema';
import { PHOTO_WIDTHS, type PhotoWidth } from '../../../shared/contracts/photos';
import { latitudeSchema, longitudeSchema } from '../../../shared/contracts/places';
import { withoutNul } from '../../../shared/contracts/text-rules';
import { typedNumber } from '../../../shared/contracts/typed-number';
import { idParam } from '../../lib/validate';
import { manageTokenParam } from './found-report.paths';

/** The board searches within 1 to 25 km of its point; 5 when not said. */
export const FOUND_BOARD_MIN_KM = 1;
export const FOUND_BOARD_MAX_KM = 25;
export const FOUND_BOARD_DEFAULT_KM = 5;

/** A number in a query string: the whole text must be one (no '', no '12abc', no 'NaN'). */
const queryNumber = (what: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} must be a number`) })
    .trim()
    .regex(/^[+-]?(\d+\.?\d*|\.\d+)$/, `${what} must be a number`)
    .transform(Number);

/** `?lat=&lng=&km=` of the found-pets board and its API. */
export const foundBoardQuerySchema = z.object({
  lat: queryNumber('Latitude').pipe(latitudeSchema),
  lng: queryNumber('Longitude').pipe(longitudeSchema),
  km: queryNumber('km')
    .pipe(
      z
        .number()
        .min(FOUND_BOARD_MIN_KM, `km must be between ${FOUND_BOARD_MIN_KM} and ${FOUND_BOARD_MAX_KM}`)
        .max(FOUND_BOARD_MAX_KM, `km must be between ${FOUND_BOARD_MIN_KM} and ${FOUND_BOARD_MAX_KM}`),
    )
    .optional()
    .transform((km) => km ?? FOUND_BOARD_DEFAULT_KM),
});

export type FoundBoardQuery = z.output<typeof foundBoardQuerySchema>;

const byId = z.object({ id: idParam('Found pet') });
const { thumbnail, medium, full } = PHOTO_WIDTHS;

/** What each found-reports route accepts. */
// A form's text as a number, as typed (a decimal comma too); left empty, nothing (never 0, a real place).
const coordinate = (v: unknown) => (typeof v === 'string' ? typedNumber(v) : v);

/** A place found pinned later, from the management page: both coordinates, as the form's hidden inputs send them. */
export const foundPointSchema = z.object({
  lat: z.preprocess(coordinate, latitudeSchema),
  lng: z.preprocess(coordinate, longitudeSchema),
});

/** The shelter's name, optional, as the management page's 'Taken to a shelter' asks it: the report's own rule. */
export const shelterNameSchema = z.object({ shelterName: shelterNameRule });

export const foundReportsSchemas = {
  create: { body: foundReportSchema },
  board: { query: foundBoardQuerySchema },
  byId: { params: byId },
  photo: {
    params: z.object({ id: idParam('Photo'), position: z.enum(['0', '1', '2'], 'Photo not found').transform(Number) }),
    query: z.object({
      size: z
        .enum([String(thumbnail), String(medium), String(full)], `size must be ${thumbnail}, ${medium} or ${full}`)
        .default(String(full))
        .transform((size) => Number(size) as PhotoWidth),
    }),
  },
  claim: {
    params: byId,
    body: z.object({
      petId: z.uuid('Pick one of your missing pets').transform((id) => id.toLowerCase()),
      message: withoutNul(z.string().trim().max(2000, 'Must be 2000 characters or fewer')).optional(),
    }),
  },
  manage: {
    params: z.object({ token: manageTokenParam }),
    query: z.object({
      posted: z.string().optional(),
      done: z.string().optional(),
      // The button a question's way back returns the focus to (an id on the page, or nothing).
      back: z
        .string()
        .regex(/^[a-z0-9-]{1,60}$/)
        .optional()
        .catch(undefined),
    }),
  },
  /** One claim of a report, from its finder's management page. */
  manageClaim: {
    params: z.object({ token: manageTokenParam, claimId: z.string().uuid() }),
  },
  /** The pages take any query: a bad one is answered on the page itself, in words. */
  boardPage: {
    query: z.object({ lat: z.unknown().optional(), lng: z.unknown().optional(), km: z.unknown().optional() }),
  },
};
