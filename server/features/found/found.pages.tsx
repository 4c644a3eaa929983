import { type Response, Router } from 'express';
import { renderToString } from 'react-dom/server';
import { FOUND_PATH, FoundView } from '../../../client/src/features/found/components/found-view';
import type { StringKey } from '../../../shared/i18n/strings';
import type { PageShell } from '../../client-assets';
import { AppError, RateLimitedError } from '../../lib/errors';
import { sendPage } from '../../lib/html-page';
import { type LanguageRequest, requestLanguage, translator } from '../../lib/i18n';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { foundSchemas as schemas } from './found.schemas';

/**
 * `/found`, where a finder types the code from a tag or a microchip number, and `/t/{code}`, the
 * short address a tag can carry: both open the pet's scan page, or show the form again saying why
 * not. Rendered whole by the server, in the finder's language: the page needs no script.
 */
export function foundPages({ found, previews }: Services, shell: PageShell) {
  const router = Router();

  const showForm = (req: LanguageRequest, res: Response, status: number, code?: string, error?: StringKey) => {
    const lang = requestLanguage(req);
    const t = translator(lang);
    sendPage(res, shell, {
      status,
      lang,
      title: t('pages.foundTitle'),
      description: t('found.description'),
      head: previews.siteTags({ title: t('found.title'), description: t('found.description'), lang }, FOUND_PATH),
      body: `<main>${renderToString(
        <FoundView i18n={{ lang, t, switchable: true }} code={code} error={error && t(error)} />,
      )}</main>`,
    });
  };

  async function lookUp(req: LanguageRequest & { ip?: string }, res: Response, code: string) {
    if (!code.trim()) return showForm(req, res, 400, code, 'found.empty');
    try {
      const pet = await found.find(code, req.ip ?? 'unknown');
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, pet.scanPath);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        res.setHeader('Retry-After', String(error.retryAfter));
        return showForm(req, res, 429, code, 'found.tooMany');
      }
      if (!(error instanceof AppError) || error.status !== 404) throw error;
      showForm(req, res, 404, code, 'found.noPet');
    }
  }

  router.get(FOUND_PATH, validate(schemas.page), async (req, res) => {
    const { code } = req.query;
    if (code === undefined) return showForm(req, res, 200);
    await lookUp(req, res, code);
  });

  router.get('/t/:code', validate(schemas.tag), async (req, res) => {
    await lookUp(req, res, req.params.code);
  });

  return router;
}
