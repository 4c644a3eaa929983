import { type Response, Router } from 'express';
import { z } from 'zod';
import type { PageShell } from '../../client-assets';
import { formBody, sameOriginForm, sendPage } from '../../lib/html-page';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';

// A refusal token is 32 random bytes in base64url (43 characters); anything else names no address.
const refusal = { params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Link not found') }) };

const TITLE = 'E-mail from Homeward';

/**
 * The page the first e-mail to an address without an account links to: its owner, who never asked
 * for our mail, refuses all further e-mail from Homeward with one button. Rendered whole by the
 * server: no account, no script. Showing it changes nothing (a mail scanner may open links); only
 * the button's post does.
 */
export function notificationPages({ notifications }: Services, shell: PageShell) {
  const router = Router();

  const show = (res: Response, status: number, body: string) =>
    sendPage(res, shell, { status, title: TITLE, body: `<main class="mx-auto max-w-xl p-6 space-y-4">${body}</main>` });
  const notFound = (res: Response) =>
    show(res, 404, '<h1 class="text-2xl font-bold">Link not found</h1><p>This link does not name an address.</p>');
  const refused = (res: Response) =>
    show(
      res,
      200,
      '<h1 class="text-2xl font-bold">No more e-mail</h1><p>Homeward will not send e-mail to this address again.</p>',
    );

  router.get('/mail/stop/:token', validate(refusal), async (req, res) => {
    const state = await notifications.refusal(req.params.token, false);
    if (!state) return notFound(res);
    if (state.refused) return refused(res);
    show(
      res,
      200,
      [
        '<h1 class="text-2xl font-bold">Stop e-mail from Homeward</h1>',
        '<p>Someone gave this address on Homeward. If you do not want e-mail from Homeward, press the button: no message will be sent to this address again, whoever gives it.</p>',
        '<form method="post"><button type="submit" class="rounded-md bg-primary px-4 py-2 text-primary-foreground">Stop all e-mail to this address</button></form>',
      ].join(''),
    );
  });

  router.post('/mail/stop/:token', sameOriginForm, ...formBody, validate(refusal), async (req, res) => {
    if (!(await notifications.refusal(req.params.token, true))) return notFound(res);
    refused(res);
  });

  return router;
}
