import { type Response, Router } from 'express';
import { renderToString } from 'react-dom/server';
import type { z } from 'zod';
import {
  type ShareLocationFormValues,
  ShareLocationFormView,
} from '../../../client/src/features/scan/components/share-location-form-view';
import { conversationPath, conversationTokenOf } from '../../../shared/contracts/conversations';
import { formatNumber } from '../../../shared/i18n/format';
import type { Language } from '../../../shared/i18n/languages';
import type { StringKey, Translate } from '../../../shared/i18n/strings';
import type { PageShell } from '../../client-assets';
import { RateLimitedError } from '../../lib/errors';
import { formBody, sameOriginForm, sendPage } from '../../lib/html-page';
import { type LanguageRequest, requestLanguage, translator } from '../../lib/i18n';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { finderReportsSchemas } from '../finder-reports/finder-reports.schemas';
import { scanSchemas as schemas } from './scan.schemas';
import { PetNotFound } from './scan-prerender';

const FIELDS = ['finderName', 'finderLocation', 'finderContact', 'message'] as const;

/** The form's fields as posted: text only, anything else left out. */
function readFields(body: unknown): ShareLocationFormValues {
  const posted = (body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    FIELDS.map((field) => [field, typeof posted[field] === 'string' ? posted[field] : '']),
  ) as unknown as ShareLocationFormValues;
}

// The schema's messages name a field by its key ('finderLocation: Required'); the finder reads the form's words.
const FIELD_LABELS: Record<string, StringKey> = {
  finderName: 'pages.fieldName',
  finderLocation: 'pages.fieldPlace',
  finderContact: 'pages.fieldContact',
  message: 'pages.fieldMessage',
};

/** Why the form was refused, in the finder's language: the schema's rules, each with its own words. */
function refusal(issue: z.core.$ZodIssue, lang: Language, t: Translate) {
  const field = String(issue.path[0]);
  const error =
    issue.code === 'too_big'
      ? t('pages.tooLong', { max: formatNumber(Number(issue.maximum), lang) })
      : issue.code === 'custom' && field === 'finderContact'
        ? t('pages.contactInvalid')
        : issue.code === 'too_small' || issue.code === 'invalid_type'
          ? t('pages.required')
          : issue.message;
  return t('pages.fieldError', { field: FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field, error });
}

/**
 * Share Location without scripts: the scan page's Share Location link opens this server-rendered
 * form, and posting it files the report exactly as the dialog does (same schema, rate limit, owner
 * e-mail, conversation), then redirects to the spec's thank-you words (`?sent={token}`) with the
 * link to the finder's conversation page, so a finder without scripts reads the owner's replies
 * too. The thank-you shows only for a conversation about that pet. A refused report
 * shows the form again, filled in, with the reason. All of it in the finder's language, which the
 * report keeps for the e-mails the finder receives.
 */
export function shareLocationPages({ finderReports, pets, conversations }: Services, shell: PageShell) {
  const router = Router();

  const show = async (
    req: LanguageRequest,
    res: Response,
    petId: string,
    options: {
      status?: number;
      values?: ShareLocationFormValues;
      error?: string;
      /** The thank-you, for the conversation this token opens. */
      sent?: string;
    } = {},
  ) => {
    const pet = await pets.publicView(petId);
    if (!pet) return showNotFound(req, res);
    const lang = requestLanguage(req);
    const { sent, ...form } = options;
    // The thank-you in another language is still the thank-you, with its conversation link.
    const i18n = { lang, t: translator(lang), switchable: true, switchKeeps: sent ? { sent } : undefined };
    sendPage(res, shell, {
      status: options.status,
      lang,
      title: i18n.t('pages.shareLocationTitle', { name: pet.name }),
      body: `<main>${renderToString(
        <ShareLocationFormView
          pet={{ id: pet.id, name: pet.name }}
          i18n={i18n}
          sent={sent ? { conversationPath: conversationPath(sent) } : undefined}
          {...form}
        />,
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

  const path = '/scan/:id/share-location';

  router.get(path, validate(schemas.shareLocationPage), async (req, res) => {
    const petId = req.params.id;
    const token = req.query.sent;
    const sent = token && (await conversations.isAboutPet(token, petId)) ? token : undefined;
    await show(req, res, petId, { sent });
  });

  router.post(path, validate(finderReportsSchemas.reportsOfPet), sameOriginForm, ...formBody, async (req, res) => {
    const petId = req.params.id;
    if (!(await pets.publicView(petId))) return showNotFound(req, res);
    const lang = requestLanguage(req);
    const t = translator(lang);
    const values = readFields(req.body);
    const parsed = finderReportsSchemas.report.body.safeParse({
      ...values,
      petId,
      finderLatitude: '',
      finderLongitude: '',
    });
    if (!parsed.success)
      return show(req, res, petId, { status: 400, values, error: refusal(parsed.error.issues[0], lang, t) });
    try {
      const filed = await finderReports.report(parsed.data, { language: lang, address: req.ip });
      // Post, redirect, get: reloading the thank-you must not file the report again.
      const thankYou = new URLSearchParams({ sent: conversationTokenOf(filed.conversationPath), lang });
      res.redirect(303, `${path.replace(':id', petId)}?${thankYou}`);
    } catch (error) {
      // A limit refused it: said on the form, in the words the dialog shows.
      if (!(error instanceof RateLimitedError)) throw error;
      res.setHeader('Retry-After', String(error.retryAfter));
      await show(req, res, petId, { status: 429, values, error: error.message });
    }
  });

  return router;
}
