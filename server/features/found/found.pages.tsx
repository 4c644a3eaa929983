import { type Response, Router } from 'express';
import { renderToString } from 'react-dom/server';
import { FoundView } from '../../../client/src/features/found/components/found-view';
import { EMPTY_CODE_MESSAGE, TOO_MANY_LOOKUPS_MESSAGE } from '../../../shared/contracts/found';
import type { PageShell } from '../../client-assets';
import { AppError } from '../../lib/errors';
import { sendPage } from '../../lib/html-page';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { FOUND_LOOKUP_LIMIT } from './found.routes';
import { foundSchemas as schemas } from './found.schemas';

const TITLE = 'Found a Pet? · Homeward';

/**
 * `/found`, where a finder types the code from a tag or a microchip number, and `/t/{code}`, the
 * short address a tag can carry: both open the pet's scan page, or show the form again saying why
 * not. Rendered whole by the server: the page needs no script.
 */
export function foundPages({ found, rateLimits }: Services, shell: PageShell) {
  const router = Router();

  const showForm = (res: Response, status: number, code?: string, error?: string) =>
    sendPage(res, shell, {
      status,
      title: TITLE,
      body: `<main>${renderToString(<FoundView code={code} error={error} />)}</main>`,
    });

  async function lookUp(address: string | undefined, res: Response, code: string) {
    if (!code.trim()) return showForm(res, 400, code, EMPTY_CODE_MESSAGE);
    const limit = await rateLimits.hit(FOUND_LOOKUP_LIMIT, address ?? 'unknown');
    if (!limit.allowed) {
      res.setHeader('Retry-After', String(limit.retryAfter));
      return showForm(res, 429, code, TOO_MANY_LOOKUPS_MESSAGE);
    }
    try {
      const pet = await found.find(code);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, pet.scanPath);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 404) throw error;
      showForm(res, 404, code, error.message);
    }
  }

  router.get('/found', validate(schemas.page), async (req, res) => {
    const { code } = req.query;
    if (code === undefined) return showForm(res, 200);
    await lookUp(req.ip, res, code);
  });

  router.get('/t/:code', validate(schemas.tag), async (req, res) => {
    await lookUp(req.ip, res, req.params.code);
  });

  return router;
}
