import { type Response, Router } from 'express';
import { z } from 'zod';
import type { PageShell } from '../../client-assets';
import { formBody, messageHeading, messagePage, sameOriginForm } from '../../lib/html-page';
import type { LanguageRequest } from '../../lib/i18n';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';

// A refusal token is 32 random bytes in base64url (43 characters); anything else names no address.
const refusal = { params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Link not found') }) };

/**
 * The page the first e-mail to an address without an account links to: its owner, who never asked
 * for our mail, refuses all further e-mail from Homeward with one button. Rendered whole by the
 * server: no account, no script. Showing it changes nothing (a mail scanner may open links); only
 * the button's post does.
 */
export function notificationPages({ notifications }: Services, shell: PageShell) {
  const router = Router();

  // In the language of whoever opens it: the first e-mail went to a finder in theirs.
  const show = messagePage(shell, 'mailStop.title');
  const notFound = (req: LanguageRequest, res: Response) =>
    show(req, res, 404, (t) => `${messageHeading(t('mailStop.notFoundTitle'))}<p>${t('mailStop.notFound')}</p>`);
  const refused = (req: LanguageRequest, res: Response) =>
    show(req, res, 200, (t) => `${messageHeading(t('mailStop.doneTitle'))}<p>${t('mailStop.done')}</p>`);

  router.get('/mail/stop/:token', validate(refusal), async (req, res) => {
    const state = await notifications.refusal(req.params.token, false);
    if (!state) return notFound(req, res);
    if (state.refused) return refused(req, res);
    show(req, res, 200, (t) =>
      [
        messageHeading(t('mailStop.askTitle')),
        `<p>${t('mailStop.ask')}</p>`,
        `<form method="post"><button type="submit" class="rounded-md bg-primary px-4 py-2 text-primary-foreground">${t('mailStop.button')}</button></form>`,
      ].join(''),
    );
  });

  router.post('/mail/stop/:token', sameOriginForm, ...formBody, validate(refusal), async (req, res) => {
    if (!(await notifications.refusal(req.params.token, true))) return notFound(req, res);
    refused(req, res);
  });

  return router;
}
