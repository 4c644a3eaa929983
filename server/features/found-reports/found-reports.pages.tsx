import { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import { renderToString } from 'react-dom/server';
import type { z } from 'zod';
import {
  type ClaimOffer,
  dayInWords,
  FoundPetNotFound,
  FoundPetsBoardView,
  FoundPetView,
  foundHeading,
  foundStatus,
} from '../../../client/src/features/found/components/found-pet-view';
import {
  EMPTY_FOUND_REPORT_FORM,
  FOUND_REPORT_FIELDS,
  type FoundReportField,
  type FoundReportFormRefusal,
  type FoundReportFormValues,
  FoundReportFormView,
} from '../../../client/src/features/found/components/found-report-form-view';
import {
  FoundReportManageView,
  type FoundReportManageViewProps,
  placeEditable,
} from '../../../client/src/features/found/components/found-report-manage-view';
import {
  FOUND_AT_DAYS_BACK,
  FOUND_AT_TOO_LONG_AGO,
  FOUND_REPORT_MAX_LENGTH,
  FOUND_REPORT_MAX_PHOTOS,
  foundReportFormSchema,
  latestDayOnEarth,
  type PublicFoundReport,
} from '../../../shared/contracts/found-report-schema';
import { RETURN_TO_PARAM } from '../../../shared/contracts/sign-in';
import { typedNumber } from '../../../shared/contracts/typed-number';
import { foundPinSettingsScript } from '../../../shared/found-pin-map';
import { formatNumber } from '../../../shared/i18n/format';
import { colourNames, SIZE_KEYS } from '../../../shared/i18n/found-pet-words';
import type { Language } from '../../../shared/i18n/languages';
import { TRANSLATIONS } from '../../../shared/i18n/resources';
import type { StringKey, Translate } from '../../../shared/i18n/strings';
import { hasSessionCookie } from '../../auth/sessions';
import type { PageShell } from '../../client-assets';
import { AppError, RateLimitedError } from '../../lib/errors';
import { formBody, sameOriginForm, sendPage } from '../../lib/html-page';
import { requestLanguage, translator } from '../../lib/i18n';
import { readMultipartForm } from '../../lib/multipart-form';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { foundPetPath, managePath } from './found-report.paths';
import { MAX_UPLOADED_PHOTO_BYTES, untakenPhotos } from './found-report.photos';
import {
  foundBoardQuerySchema,
  foundPointSchema,
  foundReportsSchemas as schemas,
  shelterNameSchema,
} from './found-reports.schemas';

const FORM_PATH = '/found/report';
// The fields posted as one text each: every field of the form but the ticked colours and the files,
// the place's numbers as two.
const TEXT_FIELDS = [
  ...FOUND_REPORT_FIELDS.filter((field) => field !== 'colors' && field !== 'photos' && field !== 'coordinates'),
  'lat',
  'lng',
] as const;

// Why the form was refused, by the field the first broken rule names.
const FIELD_ERRORS: Record<string, StringKey> = {
  species: 'foundPet.errSpecies',
  colors: 'foundPet.errColors',
  size: 'foundPet.errSize',
  location: 'foundPet.errPlace',
  lat: 'foundPet.errPinNumber',
  lng: 'foundPet.errPinNumber',
  foundAt: 'foundPet.errFoundAt',
  whereNow: 'foundPet.errWhereNow',
  shelterName: 'foundPet.errShelter',
  contact: 'pages.contactInvalid',
  sex: 'foundPet.sex',
  photos: 'foundPet.errPhotos',
};

/** The form's free texts, each with a length of its own. */
type TextField = keyof typeof FOUND_REPORT_MAX_LENGTH;

const FIELD_LABELS: Record<TextField, StringKey> = {
  marks: 'foundPet.marks',
  location: 'foundPet.place',
  shelterName: 'foundPet.shelterName',
  contact: 'foundPet.contact',
};

const isTextField = (field: string): field is TextField => Object.hasOwn(FIELD_LABELS, field);

/** 'Collar or markings (optional): Must be 1,000 characters or fewer', the schema's limit in words. */
const tooLong = (field: TextField, lang: Language, t: Translate) =>
  t('pages.fieldError', {
    field: t(FIELD_LABELS[field]),
    error: t('pages.tooLong', { max: formatNumber(FOUND_REPORT_MAX_LENGTH[field], lang) }),
  });

function refusal(issue: z.core.$ZodIssue, lang: Language, t: Translate) {
  const field = String(issue.path[0]);
  if (issue.code === 'too_big' && isTextField(field)) return tooLong(field, lang, t);
  // 1999 for 2025 is no day in the future: the schema's range, said as such.
  if (issue.message === FOUND_AT_TOO_LONG_AGO)
    return t('foundPet.errFoundAtTooLongAgo', { days: formatNumber(FOUND_AT_DAYS_BACK, lang) });
  return FIELD_ERRORS[field] ? t(FIELD_ERRORS[field]) : issue.message;
}

/**
 * Why the form is refused when the parser cut `field` at its cap, far beyond any value the form takes:
 * a text is too long, in the words a long one gets; a choice or a number that long is that field's
 * mistake. A name the form does not read is nothing to refuse.
 */
function cutFieldError(field: string, lang: Language, t: Translate) {
  if (isTextField(field)) return tooLong(field, lang, t);
  return FIELD_ERRORS[field] ? t(FIELD_ERRORS[field]) : undefined;
}

/** The form's field a rule's name stands for: the place's two numbers (typed, or filled by the pin map) are one. */
function formField(name: string): FoundReportField | undefined {
  if (name === 'lat' || name === 'lng') return 'coordinates';
  return FOUND_REPORT_FIELDS.find((field) => field === name);
}

/** A refusal said at the top and beside the field it names, when it names one. */
const refusedAt = (field: FoundReportField | undefined, message: string): FoundReportFormRefusal => ({
  message,
  fields: field ? { [field]: message } : {},
});

/**
 * Every broken rule beside its field (the first of each field's); at the top, the first, as the
 * form has always said it. The place's numbers are said as what is wrong with what was typed.
 */
function schemaRefusal(
  issues: z.core.$ZodIssue[],
  typed: { lat: string; lng: string },
  lang: Language,
  t: Translate,
): FoundReportFormRefusal {
  const say = (issue: z.core.$ZodIssue) =>
    formField(String(issue.path[0])) === 'coordinates' ? t(pointProblem(typed)) : refusal(issue, lang, t);
  const fields: FoundReportFormRefusal['fields'] = {};
  for (const issue of issues) {
    const field = formField(String(issue.path[0]));
    if (field) fields[field] ??= say(issue);
  }
  return { message: say(issues[0]), fields };
}

/**
 * The form's photo inputs (1, 2, 3) a refused photo came from: the service names the photo by its
 * place among those sent (`photoUrls.{i}`), the parser each one's input; all when neither says.
 */
function photoInputsOf(error: AppError, fileParts: number[]): number[] | undefined {
  const inputs = (error.errors ?? [])
    .map((issue) => /^photoUrls\.(\d+)$/.exec(issue.path)?.[1])
    .map((index) => (index === undefined ? undefined : fileParts[Number(index)]))
    .filter((part): part is number => part !== undefined)
    .map((part) => part + 1);
  return inputs.length > 0 ? inputs : undefined;
}

/**
 * How many chosen photos a refusal found no fault in: a browser never refills a file input, so the
 * finder is told to choose them again, rather than surprised by 'Add one to three photos' on the
 * next post. None when the photos were refused as a whole (their count).
 */
function photosNotKept(chosen: number[], refused: FoundReportFormRefusal) {
  if (refused.fields.photos && !refused.photoInputs) return 0;
  return chosen.filter((part) => !refused.photoInputs?.includes(part + 1)).length;
}

/** The form's fields as posted: text only; what is not there is empty. */
function readValues(fields: Map<string, string[]>): FoundReportFormValues {
  const one = (name: string) => fields.get(name)?.[0] ?? '';
  return {
    ...EMPTY_FOUND_REPORT_FORM,
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, one(field)])),
    colors: fields.get('colors') ?? [],
  };
}

/**
 * Why a typed position is refused, said as what is wrong: something that is not a number (words,
 * '45,5,2') as such; nothing typed, the place asked for; one number alone, that both are needed (as
 * /lost says it); both numbers typed but beyond the earth, its ranges.
 */
function pointProblem(body: Record<string, unknown>): StringKey {
  const typed = [body.lat, body.lng].map((value) =>
    value === undefined ? undefined : typeof value === 'string' ? typedNumber(value) : Number.NaN,
  );
  if (typed.some((value) => value !== undefined && Number.isNaN(value))) return 'foundPet.errPinNumber';
  if (typed.every((value) => value === undefined)) return 'foundPet.errPin';
  if (typed.some((value) => value === undefined)) return 'foundPet.errPinBoth';
  return 'foundPet.errPinRange';
}

/** A point in a query (the board's link to a found pet): both numbers, or none. */
function queryPoint(query: Record<string, unknown>) {
  const parsed = foundBoardQuerySchema.safeParse(query);
  return parsed.success ? { lat: parsed.data.lat, lng: parsed.data.lng } : undefined;
}

/** Kilometres along the earth's surface, on earthdistance's sphere, as the board measures them. */
function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(b.lat - a.lat) / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.sqrt(h));
}

/**
 * The found-pet pages, rendered whole by the server in the visitor's language, each working
 * without scripts: 'Report a Found Pet' (/found/report, a multipart form), the finder's
 * management page at its secret link (the thank-you, renew, close), the public page of a found
 * pet (/found-pet/{id}) with 'This Is My Pet' for a signed-in owner, and the board of found pets
 * near a place (/found-pets). `session` loads a browser's session, for the claim alone.
 */
export function foundReportsPages(
  { foundReports, previews, config }: Services,
  shell: PageShell,
  session: RequestHandler,
) {
  const router = Router();
  // A read without a session cookie has no session to load.
  const withSession: RequestHandler = (req, res, next) => (hasSessionCookie(req) ? session(req, res, next) : next());

  // The pin map's settings and words (client/src/found-report-main.ts), for the form and the
  // management page of a report posted without a point.
  const pinSettings = (lang: Language, t: Translate) =>
    foundPinSettingsScript({
      tiles: config.forBrowser().mapTiles,
      words: {
        pin: t('foundPet.pin'),
        pinHint: t('foundPet.pinHint'),
        pinKeyboard: t('foundPet.pinKeyboard'),
        pinSet: TRANSLATIONS[lang].foundPet.pinSet,
        // The finder's other pin map's words (Share Location's).
        removePin: t('sighting.clearPin'),
        pinRemoved: t('foundPet.pinRemoved'),
        pinZoomIn: t('common.mapZoomIn'),
        useMyPosition: t('foundPet.useMyPosition'),
        locating: t('lostMap.locating'),
        positionFailed: t('foundPet.positionFailed'),
        map: { zoomIn: t('lostMap.zoomIn'), zoomOut: t('lostMap.zoomOut'), tilesFailed: t('lostMap.tilesFailed') },
      },
    });

  const showForm = (
    req: Request,
    res: Response,
    status = 200,
    values?: FoundReportFormValues,
    refused?: FoundReportFormRefusal,
  ) => {
    const lang = requestLanguage(req);
    const t = translator(lang);
    sendPage(res, shell, {
      status,
      lang,
      title: `${t('foundPet.formTitle')} · Homeward`,
      // With scripts, a map to pin the place on (client/src/found-report-main.ts), in the page's language.
      script: 'src/found-report-main.ts',
      body: `${pinSettings(lang, t)}<main>${renderToString(
        <FoundReportFormView
          i18n={{ lang, t, switchable: true }}
          values={values}
          refusal={refused}
          today={new Date().toISOString().slice(0, 10)}
          latestDay={latestDayOnEarth()}
        />,
      )}</main>`,
    });
  };

  router.get(FORM_PATH, (req, res) => showForm(req, res));

  router.post(FORM_PATH, sameOriginForm, withSession, async (req, res) => {
    const lang = requestLanguage(req);
    const t = translator(lang);
    const form = await readMultipartForm(req, {
      files: FOUND_REPORT_MAX_PHOTOS,
      fileBytes: MAX_UPLOADED_PHOTO_BYTES,
      fields: 30,
      // Beyond any value the form takes (its longest text, 1,000 characters, is at most 4 KB).
      fieldBytes: 8 * 1024,
    });
    // A form that cannot be read at all has nothing typed to give back.
    if (!form.ok) return showForm(req, res, 400, undefined, refusedAt('photos', t('foundPet.errPhotoInvalid')));
    const values = readValues(form.fields);
    // Whatever is refused, what was typed comes back, and the photos chosen are said to be gone.
    const refuse = (status: number, refused: FoundReportFormRefusal) =>
      showForm(req, res, status, values, { ...refused, photosNotKept: photosNotKept(form.chosen, refused) });
    const number = (name: string) => typedNumber(form.fields.get(name)?.[0] ?? '');
    // Every rule at once, the photos' count among them (more than three come back as none, refused
    // by the same rule): one refusal marks every broken field, with what was typed.
    const parsed = foundReportFormSchema.safeParse({
      ...values,
      lat: number('lat'),
      lng: number('lng'),
      photos: form.files,
    });
    // A field cut short is refused as that field's (it once read as a photo's fault); a photo over
    // its size, as a photo that cannot be taken.
    const cut = [...form.cut]
      .map((field) => ({ field: formField(field), message: cutFieldError(field, lang, t) }))
      .filter((found): found is { field: FoundReportField | undefined; message: string } => Boolean(found.message));
    if (form.fileProblem === 'file-too-large') cut.push({ field: 'photos', message: t('foundPet.errPhotoInvalid') });
    if (!parsed.success || cut.length > 0) {
      const refused = parsed.success
        ? { message: '', fields: {} }
        : schemaRefusal(parsed.error.issues, values, lang, t);
      for (const { field, message } of cut.toReversed()) if (field) refused.fields[field] = message;
      // The photos' faults are said with the fields', not on the next post after those are put right.
      const untaken = (await untakenPhotos(form.files)).map((index) => form.fileParts[index]);
      if (untaken.length > 0) refused.fields.photos ??= t('foundPet.errPhotoInvalid');
      const status = form.fileProblem === 'file-too-large' ? 413 : 400;
      // A photo over its size is that input's; more than three, all of them.
      const refusedParts = [...form.oversized, ...untaken];
      const photoInputs = refusedParts.length > 0 ? refusedParts.map((part) => part + 1) : undefined;
      return refuse(status, { ...refused, message: cut[0]?.message ?? refused.message, photoInputs });
    }
    try {
      const filed = await foundReports.create(parsed.data, form.files, {
        language: lang,
        address: req.ip,
        userId: req.user?.id,
      });
      // Post, redirect, get: reloading the thank-you must not post the pet again.
      res.redirect(303, `${filed.managePath}?posted=1`);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        res.setHeader('Retry-After', String(error.retryAfter));
        return refuse(429, refusedAt(undefined, error.message));
      }
      if (error instanceof AppError && error.status === 400)
        return refuse(400, {
          ...refusedAt('photos', t('foundPet.errPhotoInvalid')),
          photoInputs: photoInputsOf(error, form.fileParts),
        });
      throw error;
    }
  });

  const showNotFound = (req: Request, res: Response) => {
    const lang = requestLanguage(req);
    const t = translator(lang);
    sendPage(res, shell, {
      status: 404,
      lang,
      title: `${t('foundPet.notFoundHeading')} · Homeward`,
      body: `<main>${renderToString(<FoundPetNotFound i18n={{ lang, t, switchable: true }} />)}</main>`,
    });
  };

  // ---------------------------------------------------------------- the finder's management page

  type ManagedOptions = Pick<
    FoundReportManageViewProps,
    'posted' | 'done' | 'pointError' | 'point' | 'shelterError' | 'refusal' | 'confirm' | 'back'
  > & { status?: number };

  const showManaged = async (
    req: Request,
    res: Response,
    token: string,
    { status, ...options }: ManagedOptions = {},
  ) => {
    const lang = requestLanguage(req);
    const t = translator(lang);
    const { report, point, claims, manageUrl, contactKind } = await foundReports.managed(token);
    const path = managePath(token);
    // While the place can be saved or moved, the form's pin map comes with the page.
    const pinMap = placeEditable(report);
    sendPage(res, shell, {
      status,
      lang,
      title: t('foundPet.manageTitle'),
      script: pinMap ? 'src/found-report-main.ts' : undefined,
      body: `${pinMap ? pinSettings(lang, t) : ''}<main>${renderToString(
        <FoundReportManageView
          i18n={{ lang, t, switchable: true, switchKeeps: options.posted ? { posted: '1' } : undefined }}
          report={report}
          manageUrl={manageUrl}
          contactKind={contactKind}
          managePath={path}
          claims={claims}
          savedPoint={point}
          {...options}
        />,
      )}</main>`,
    });
  };

  /** A closed (or expired) report refuses what would change it: the page says so, without the buttons. */
  const refusedAsClosed = (req: Request, res: Response, token: string, error: unknown) => {
    if (!(error instanceof AppError) || error.status !== 409) throw error;
    return showManaged(req, res, token, {
      status: 409,
      refusal: translator(requestLanguage(req))('foundPet.manageRefusedClosed'),
    });
  };

  // A step that cannot be undone is done only when the page's question was answered yes (the same
  // form again, with `confirm=yes`): the first tap answers with the question.
  const confirmed = (body: unknown) => (body as Record<string, unknown> | undefined)?.confirm === 'yes';

  const managed = '/found-pet/manage/:token';
  const DONE = ['renewed', 'closed', 'placed', 'moved'] as const;

  router.get(managed, validate(schemas.manage), async (req, res) => {
    res.setHeader('Referrer-Policy', 'no-referrer');
    const { posted, done, back } = req.query;
    await showManaged(req, res, req.params.token, {
      posted: posted === '1',
      done: DONE.find((one) => one === done),
      back,
    });
  });

  router.post(managed, validate(schemas.manage), sameOriginForm, ...formBody, async (req, res) => {
    const action = (req.body as Record<string, unknown> | undefined)?.action;
    const token = req.params.token;
    if (action !== 'renew' && action !== 'reunited' && action !== 'shelter')
      return showManaged(req, res, token, { status: 400 });
    const body = req.body as Record<string, unknown>;
    try {
      if (action === 'renew') await foundReports.renew(token);
      else {
        const name = shelterNameSchema.safeParse({ shelterName: body.shelterName ?? null });
        if (!name.success)
          return showManaged(req, res, token, {
            status: 400,
            shelterError: refusal(name.error.issues[0], requestLanguage(req), translator(requestLanguage(req))),
          });
        const shelterName = action === 'shelter' ? (name.data.shelterName ?? null) : null;
        // Closing cannot be undone (the report leaves the board and matching).
        if (!confirmed(body)) return showManaged(req, res, token, { confirm: { action, shelterName } });
        await foundReports.close(token, action, shelterName);
      }
    } catch (error) {
      return refusedAsClosed(req, res, token, error);
    }
    res.redirect(303, `${managePath(token)}?done=${action === 'renew' ? 'renewed' : 'closed'}`);
  });

  router.post(`${managed}/conversation`, validate(schemas.manage), sameOriginForm, async (req, res) => {
    res.redirect(303, await foundReports.conversationFor(req.params.token));
  });

  // The place found, pinned later (a report posted without scripts has none): then it is on the
  // board and matched. Once saved, it can be moved (a few times a day), and is matched again there.
  router.post(`${managed}/point`, validate(schemas.manage), sameOriginForm, ...formBody, async (req, res) => {
    const token = req.params.token;
    const lang = requestLanguage(req);
    const t = translator(lang);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const typed = { lat: String(body.lat ?? '').slice(0, 40), lng: String(body.lng ?? '').slice(0, 40) };
    const parsed = foundPointSchema.safeParse({ lat: body.lat, lng: body.lng });
    if (!parsed.success) {
      const problem = pointProblem(body);
      // Nothing typed: pin it or type it with scripts; without them, type it (there is no map).
      const pointError =
        problem === 'foundPet.errPin'
          ? { withScripts: t(problem), withoutScripts: t('foundPet.errPinTyped') }
          : t(problem);
      return showManaged(req, res, token, { status: 400, pointError, point: typed });
    }
    let saved: 'placed' | 'moved';
    try {
      saved = await foundReports.setPoint(token, parsed.data, lang);
    } catch (error) {
      // Moved too often today: said beside the numbers, which keep what was typed.
      if (error instanceof RateLimitedError) {
        res.setHeader('Retry-After', String(error.retryAfter));
        return showManaged(req, res, token, { status: 429, pointError: error.message, point: typed });
      }
      return refusedAsClosed(req, res, token, error);
    }
    res.redirect(303, `${managePath(token)}?done=${saved}`);
  });

  router.post(
    `${managed}/claims/:claimId/conversation`,
    validate(schemas.manageClaim),
    sameOriginForm,
    async (req, res) => {
      res.redirect(303, await foundReports.conversationFor(req.params.token, req.params.claimId));
    },
  );

  // 'Not the Pet I Found': that owner's conversation ends for good, so the page asks once more, as
  // for a close; the other claims stand.
  router.post(
    `${managed}/claims/:claimId/reject`,
    validate(schemas.manageClaim),
    sameOriginForm,
    ...formBody,
    async (req, res) => {
      const { token, claimId } = req.params;
      try {
        if (!confirmed(req.body)) {
          const claim = await foundReports.claimToTurnDown(token, claimId);
          return showManaged(req, res, token, { confirm: { action: 'reject', claimId, petName: claim.petName } });
        }
        await foundReports.rejectClaim(token, claimId);
      } catch (error) {
        return refusedAsClosed(req, res, token, error);
      }
      res.redirect(303, managePath(token));
    },
  );

  // ---------------------------------------------------------------- the public page and its claim

  const showFoundPet = async (
    req: Request,
    res: Response,
    id: string,
    options: { status?: number; claimError?: string } = {},
  ) => {
    let report: PublicFoundReport;
    try {
      report = await foundReports.view(id);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return showNotFound(req, res);
      throw error;
    }
    const lang = requestLanguage(req);
    const t = translator(lang);
    const point = queryPoint(req.query as Record<string, unknown>);
    const cell =
      report.cellLat !== null && report.cellLng !== null ? { lat: report.cellLat, lng: report.cellLng } : null;
    const claim = await claimOffer(req, report, options);
    // 'Reunited: Dog' once it is home, in the title and the preview as on the page.
    const title = foundHeading(report, t);
    // A shared link says what an owner looks for first: the colours and size, then where and when.
    const description = [
      // Closed: what became of it comes first ('Taken to a shelter: ask there about this pet.'), and
      // which shelter 'there' is, as the page and the card say.
      foundStatus(report, t),
      report.status === 'shelter' && report.shelterName && t('foundPet.shelterNamed', { name: report.shelterName }),
      colourNames(report.colors, lang, t),
      t(SIZE_KEYS[report.size]),
      report.location,
      `${t('foundPet.detailsFound')} ${dayInWords(report.foundAt, lang)}`,
    ]
      .filter(Boolean)
      .join(' · ');
    sendPage(res, shell, {
      status: options.status,
      lang,
      title: `${title} · Homeward`,
      description,
      head: previews.foundPageTags(report, { title, description, lang }),
      body: `<main>${renderToString(
        <FoundPetView
          i18n={{ lang, t, switchable: true }}
          report={report}
          distanceKm={point && cell ? Math.round(kmBetween(point, cell) * 10) / 10 : undefined}
          claim={claim}
        />,
      )}</main>`,
    });
  };

  /**
   * What 'This Is My Pet' shows this visitor on this report: their standing claims, and while it is
   * open, what more they may claim (another of their missing pets beside a claim of theirs: two
   * look-alikes lost near it may both be it, and the API takes both); nothing once it is home (the
   * page says it is reunited).
   */
  async function claimOffer(
    req: Request,
    report: PublicFoundReport,
    { claimError }: { claimError?: string },
  ): Promise<ClaimOffer | undefined> {
    if (report.status === 'reunited') return undefined;
    const userId = req.user?.id;
    const { yours, refused, byOthers } = await foundReports.claimState(report.id, userId);
    const shown = { yours, refused, claimedByOthers: byOthers, error: claimError };
    if (report.status !== 'open') return yours.length > 0 ? shown : undefined;
    if (!userId)
      return {
        ...shown,
        next: {
          kind: 'sign-in',
          href: `/api/login?${new URLSearchParams({ [RETURN_TO_PARAM]: foundPetPath(report.id) })}`,
        },
      };
    const pets = await foundReports.missingPetsOf(userId, report);
    if (pets.length > 0) return { ...shown, next: { kind: 'pick', pets } };
    // 'None of your pets … is missing' would be untrue beside a claim of theirs, or a refused one.
    return yours.length + refused.length > 0 ? shown : { ...shown, next: { kind: 'none' } };
  }

  router.get('/found-pet/:id', validate(schemas.byId), withSession, async (req, res) => {
    await showFoundPet(req, res, req.params.id);
  });

  router.post(
    '/found-pet/:id/claim',
    validate(schemas.byId),
    sameOriginForm,
    session,
    ...formBody,
    async (req: Request<{ id: string }>, res: Response) => {
      const id = req.params.id;
      const userId = req.user?.id;
      if (!userId) return res.redirect(303, foundPetPath(id));
      const parsed = schemas.claim.body.safeParse(req.body);
      const t = translator(requestLanguage(req));
      if (!parsed.success) return showFoundPet(req, res, id, { status: 400, claimError: t('foundPet.claimPet') });
      try {
        await foundReports.claimForPet({ foundReportId: id, userId, ...parsed.data });
        res.redirect(303, foundPetPath(id));
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        await showFoundPet(req, res, id, { status: error.status, claimError: error.message });
      }
    },
  );

  // ---------------------------------------------------------------- the board

  router.get('/found-pets', validate(schemas.boardPage), async (req, res) => {
    const lang = requestLanguage(req);
    const t = translator(lang);
    const given = (value: unknown) => value !== undefined && value !== '';
    const parsed = foundBoardQuerySchema.safeParse(req.query);
    const asked = given(req.query.lat) || given(req.query.lng);
    const search = parsed.success ? parsed.data : undefined;
    const problem = !search && asked ? t('foundPet.boardBadPoint') : undefined;
    const reports = search ? await foundReports.near(search) : [];
    sendPage(res, shell, {
      status: problem ? 400 : 200,
      lang,
      title: t('foundPet.boardPageTitle'),
      description: t('foundPet.boardIntro'),
      head: previews.siteTags(
        { title: t('foundPet.boardTitle'), description: t('foundPet.boardIntro'), lang },
        req.originalUrl,
      ),
      body: `<main>${renderToString(
        <FoundPetsBoardView
          i18n={{ lang, t, switchable: true }}
          km={search?.km ?? 5}
          point={search && { lat: search.lat, lng: search.lng }}
          reports={reports}
          problem={problem}
        />,
      )}</main>`,
    });
  });

  // A found-pet page that names nothing (an unknown id or link, or one that could not be one)
  // answers the page 'not found', never the API's JSON: a person followed the address.
  router.use('/found-pet', (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (error instanceof AppError && error.status === 404 && !res.headersSent) return showNotFound(req, res);
    next(error);
  });

  return router;
}
