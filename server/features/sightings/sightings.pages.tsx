import { type Response, Router } from 'express';
import { renderToString } from 'react-dom/server';
import type { z } from 'zod';
import { ScanFrame } from '../../../client/src/features/scan/components/scan-view';
import {
  EMPTY_SIGHTING_FORM,
  type SightingFormField,
  type SightingFormValues,
  SightingFormView,
} from '../../../client/src/features/sightings/components/sighting-form-view';
import { conversationPath, conversationTokenOf } from '../../../shared/contracts/conversations';
import { sightingSchema } from '../../../shared/contracts/sighting-schema';
import { SIGHTING_MINUTES_AGO, seenMinutesAgo, sightingFormPath } from '../../../shared/contracts/sightings';
import { formatNumber } from '../../../shared/i18n/format';
import type { Language } from '../../../shared/i18n/languages';
import type { StringKey, Translate } from '../../../shared/i18n/strings';
import type { PageShell } from '../../client-assets';
import { AppError, RateLimitedError } from '../../lib/errors';
import { sameOriginForm, sendPage } from '../../lib/html-page';
import { type LanguageRequest, requestLanguage, translator } from '../../lib/i18n';
import { readMultipartForm } from '../../lib/multipart-form';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { MAX_UPLOADED_PHOTO_BYTES } from '../found-reports/found-report.photos';
import { PetNotFound } from '../scan/scan-prerender';
import { sightingPageSchemas as schemas } from './sightings.schemas';

const FIELDS = ['location', 'minutesAgo', 'heading', 'note', 'contact'] as const;

/** The form's text fields as posted (the first of each name), anything else left out. */
function readFields(fields: Map<string, string[]>): SightingFormValues {
  return Object.fromEntries(
    FIELDS.map((field) => [field, fields.get(field)?.[0] ?? EMPTY_SIGHTING_FORM[field]]),
  ) as unknown as SightingFormValues;
}

// The schema names a field by its key ('location: Required'); the sighter reads the form's words.
const FIELD_LABELS: Record<string, StringKey> = {
  location: 'sighting.fieldWhere',
  seenAt: 'sighting.fieldWhen',
  heading: 'sighting.fieldHeading',
  note: 'sighting.fieldNote',
  contact: 'sighting.fieldContact',
};

/** The form's field a rule of the schema names: the time is asked as how long ago. */
const formField = (name: string): SightingFormField | undefined =>
  name === 'seenAt' ? 'minutesAgo' : FIELDS.find((field) => field === name);

/** Every broken rule beside its field, the first of each field's, in the sighter's language. */
function refusals(issues: z.core.$ZodIssue[], lang: Language, t: Translate) {
  const errors: Partial<Record<SightingFormField, string>> = {};
  for (const issue of issues) {
    const field = formField(String(issue.path[0]));
    if (field) errors[field] ??= refusal(issue, lang, t);
  }
  return errors;
}

/** Why the form was refused, in the sighter's language. */
function refusal(issue: z.core.$ZodIssue, lang: Language, t: Translate) {
  const field = String(issue.path[0]);
  const error =
    issue.code === 'too_big'
      ? t('pages.tooLong', { max: formatNumber(Number(issue.maximum), lang) })
      : field === 'contact'
        ? t('pages.contactInvalid')
        : field === 'location'
          ? t('sighting.needPlace')
          : issue.message;
  return t('pages.fieldError', { field: FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field, error });
}

/**
 * 'I Saw This Pet' without scripts: the scan page's and the lost-pets board's link opens this
 * server-rendered form, and posting it files the sighting exactly as the dialog and the API do
 * (one service call: same schema, limits, e-mails and push), then redirects to the thank-you
 * (`?sent={token}`), which says what happens next and links the sighter's conversation page. A
 * refused sighting shows the form again, filled in, with every reason beside its field and the focus
 * on the first; all in the sighter's language.
 */
export function sightingPages({ sightings, pets, conversations }: Services, shell: PageShell) {
  const router = Router();
  const path = sightingFormPath(':id');

  const show = async (
    req: LanguageRequest,
    res: Response,
    petId: string,
    options: {
      status?: number;
      values?: SightingFormValues;
      error?: string;
      errors?: Partial<Record<SightingFormField, string>>;
      photoNotKept?: boolean;
      sent?: string;
    } = {},
  ) => {
    const pet = await pets.publicView(petId);
    if (!pet) return showNotFound(req, res);
    const lang = requestLanguage(req);
    const { sent, ...form } = options;
    const i18n = { lang, t: translator(lang), switchable: true, switchKeeps: sent ? { sent } : undefined };
    sendPage(res, shell, {
      status: options.status,
      lang,
      title: i18n.t('sighting.pageTitle', { name: pet.name }),
      body: `<main>${renderToString(
        <ScanFrame i18n={i18n}>
          <SightingFormView
            pet={{ id: pet.id, name: pet.name }}
            notMissing={!sent && !pet.isMissing}
            sent={sent ? { conversationPath: conversationPath(sent) } : undefined}
            {...form}
          />
        </ScanFrame>,
      )}</main>`,
    });
  };

  const showNotFound = (req: LanguageRequest, res: Response) => {
    const lang = requestLanguage(req);
    sendPage(res, shell, {
      status: 404,
      lang,
      title: translator(lang)('pages.petNotFoundTitle'),
      body: `<main>${renderToString(<PetNotFound lang={lang} />)}</main>`,
    });
  };

  router.get(path, validate(schemas.page), async (req, res) => {
    const petId = req.params.id;
    const token = req.query.sent;
    const sent = token && (await conversations.isAboutPet(token, petId)) ? token : undefined;
    await show(req, res, petId, { sent });
  });

  router.post(path, validate(schemas.post), sameOriginForm, async (req, res) => {
    const petId = req.params.id;
    if (!(await pets.publicView(petId))) return showNotFound(req, res);
    const lang = requestLanguage(req);
    const t = translator(lang);
    // Multipart, for the photo, read as the found-pet form's: a text cut at its bound is longer
    // than the schema takes anyway, so the schema refuses it as too long.
    const form = await readMultipartForm(req, {
      files: 1,
      fileBytes: MAX_UPLOADED_PHOTO_BYTES,
      fields: FIELDS.length + 5,
      fieldBytes: 8 * 1024,
    });
    // A form that cannot be read at all has nothing typed to give back (as the found-pet form's).
    if (!form.ok) return show(req, res, petId, { status: 400, errors: { photo: t('sighting.photoInvalid') } });
    const values = readFields(form.fields);
    if (form.fileProblem)
      return show(req, res, petId, {
        status: form.fileProblem === 'file-too-large' ? 413 : 400,
        values,
        errors: { photo: t('sighting.photoInvalid') },
      });
    // Now unless the form said how long ago; a value the form never offers is refused by the
    // schema's own rule for `seenAt`, never stored as now.
    const minutes = values.minutesAgo ? SIGHTING_MINUTES_AGO.find((m) => String(m) === values.minutesAgo) : 0;
    const parsed = sightingSchema.safeParse({
      petId,
      location: values.location,
      seenAt: minutes === undefined ? values.minutesAgo : seenMinutesAgo(minutes),
      heading: values.heading,
      note: values.note,
      contact: values.contact,
    });
    // A refusal of the texts gives them back; the photo, if one was chosen, is said to be gone.
    const photoNotKept = form.chosen.length > 0;
    if (!parsed.success)
      return show(req, res, petId, {
        status: 400,
        values,
        errors: refusals(parsed.error.issues, lang, t),
        photoNotKept,
      });
    try {
      const filed = await sightings.report(parsed.data, { language: lang, address: req.ip }, form.files[0]);
      // Post, redirect, get: reloading the thank-you must not send the sighting again.
      const thankYou = new URLSearchParams({
        lang,
        ...(filed.conversationPath && { sent: conversationTokenOf(filed.conversationPath) }),
      });
      res.redirect(303, `${sightingFormPath(petId)}?${thankYou}`);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        res.setHeader('Retry-After', String(error.retryAfter));
        return show(req, res, petId, { status: 429, values, error: error.message, photoNotKept });
      }
      // The pet was found meanwhile: the page says so.
      if (error instanceof AppError && error.status === 409) return show(req, res, petId, { status: 409 });
      // The texts passed the schema: only the photo is left to refuse.
      if (error instanceof AppError && error.status === 400)
        return show(req, res, petId, { status: 400, values, errors: { photo: t('sighting.photoInvalid') } });
      throw error;
    }
  });

  return router;
}
