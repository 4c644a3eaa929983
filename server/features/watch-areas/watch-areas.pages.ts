import { type Response, Router } from 'express';
import type { PageShell } from '../../client-assets';
import { messageHeading, messagePageBody, sendPage } from '../../lib/html-page';
import type { Services } from '../../services';
import { watchAreasSchemas as schemas } from './watch-areas.schemas';

const TITLE = 'Watch alert e-mails · Homeward';
const SETTINGS = '<p><a class="underline" href="/watch-areas">Watch My Area</a> lists your areas and their alerts.</p>';

/**
 * The one-click unsubscribe of a watch alert e-mail (RFC 8058), without signing in or a script. A
 * GET shows a button and changes nothing (mail scanners open links); a POST, the button's or the
 * mail provider's own (`List-Unsubscribe=One-Click`), stops the e-mails. The link itself is the
 * proof: a mail provider posts from its servers without our pages' origin, so none is asked for,
 * and the body is not read (the RFC allows two encodings; the address alone says what to do).
 */
export function watchAreaPages({ watchAreas }: Services, shell: PageShell) {
  const router = Router();

  const show = (res: Response, status: number, body: string) =>
    sendPage(res, shell, { status, title: TITLE, body: messagePageBody(body) });
  const notFound = (res: Response) =>
    show(
      res,
      404,
      `${messageHeading('Link not found')}<p>This unsubscribe link is not one Homeward sent, or it was copied incompletely. Open the link from the e-mail again, or turn e-mail off on Watch My Area.</p>${SETTINGS}`,
    );
  const stopped = (res: Response, already: boolean) =>
    show(
      res,
      200,
      `${messageHeading(already ? 'Already unsubscribed' : 'Unsubscribed')}<p>${
        already ? 'This link was used before: ' : ''
      }Homeward sends you no more e-mail about missing pets near you. Alerts on your devices, if you turned them on, go on.</p>${SETTINGS}`,
    );

  // A token of the wrong shape names nothing either: the same page, not the API's error.
  const stateOf = (token: string, use: boolean) =>
    schemas.unsubscribe.params.safeParse({ token }).success ? watchAreas.unsubscribe(token, use) : undefined;

  router.get('/watch/unsubscribe/:token', async (req, res) => {
    const state = await stateOf(req.params.token, false);
    if (!state) return notFound(res);
    if (state.alreadyUsed) return stopped(res, true);
    show(
      res,
      200,
      [
        messageHeading('Stop watch alert e-mails'),
        '<p>Press the button to get no more e-mail from Homeward about pets missing in the areas you watch.</p>',
        '<form method="post"><button type="submit" class="rounded-md bg-primary px-4 py-2 text-primary-foreground">Unsubscribe</button></form>',
      ].join(''),
    );
  });

  router.post('/watch/unsubscribe/:token', async (req, res) => {
    const state = await stateOf(req.params.token, true);
    if (!state) return notFound(res);
    stopped(res, state.alreadyUsed);
  });

  return router;
}
