import { type Response, Router } from 'express';
import type { Translate } from '../../../shared/i18n/strings';
import { possessive } from '../../../shared/possessive';
import { escapeText, type PageShell } from '../../client-assets';
import { messageHeading, messagePage } from '../../lib/html-page';
import type { LanguageRequest } from '../../lib/i18n';
import { oneLine } from '../../lib/one-line';
import type { Services } from '../../services';
import { matchesSchemas as schemas } from './matches.schemas';

/**
 * The one-click unsubscribe of a possible-match e-mail (RFC 8058), without signing in or a script,
 * in the language of whoever opens it. A GET shows a button and changes nothing (mail scanners open
 * links); a POST, the button's or the mail provider's own (`List-Unsubscribe=One-Click`), stops
 * that pet's match e-mails to that owner. The link itself is the proof: a mail provider posts from
 * its servers without our pages' origin, so none is asked for, and the body is not read.
 */
export function matchesPages({ matches }: Services, shell: PageShell) {
  const router = Router();

  const show = messagePage(shell, 'matches.stopPageTitle');
  // The pet's name as the owner typed it: text, never markup.
  const names = (name: string) => {
    const safe = escapeText(oneLine(name));
    return { name: safe, petPossessive: possessive(safe) };
  };
  const profileLink = (t: Translate, petId: string, name: string) =>
    `<p><a class="underline" href="/pet/${petId}">${t('matches.openProfile', names(name))}</a></p>`;

  const notFound = (req: LanguageRequest, res: Response) =>
    show(req, res, 404, (t) => `${messageHeading(t('matches.stopNotFoundTitle'))}<p>${t('matches.stopNotFound')}</p>`);
  const stopped = (req: LanguageRequest, res: Response, state: { petId: string; name: string }, already: boolean) =>
    show(
      req,
      res,
      200,
      (t) =>
        `${messageHeading(t(already ? 'matches.alreadyStoppedTitle' : 'matches.stoppedTitle'))}<p>${t('matches.stopped', names(state.name))}</p>${profileLink(t, state.petId, state.name)}`,
    );

  // A token of the wrong shape names nothing either: the same page, not the API's error.
  const stateOf = (token: string, use: boolean) =>
    schemas.unsubscribe.params.safeParse({ token }).success ? matches.unsubscribe(token, use) : undefined;

  router.get('/matches/unsubscribe/:token', async (req, res) => {
    const state = await stateOf(req.params.token, false);
    if (!state) return notFound(req, res);
    if (state.alreadyStopped) return stopped(req, res, state, true);
    show(req, res, 200, (t) =>
      [
        messageHeading(t('matches.stopAskTitle', names(state.name))),
        `<p>${t('matches.stopAsk', names(state.name))}</p>`,
        `<form method="post"><button type="submit" class="rounded-md bg-primary px-4 py-2 text-primary-foreground">${t('matches.stopButton')}</button></form>`,
      ].join(''),
    );
  });

  router.post('/matches/unsubscribe/:token', async (req, res) => {
    const state = await stateOf(req.params.token, true);
    if (!state) return notFound(req, res);
    stopped(req, res, state, state.alreadyStopped);
  });

  return router;
}
