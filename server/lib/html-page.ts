import express, { type RequestHandler, type Response } from 'express';
import type { StringKey, Translate } from '../../shared/i18n/strings';
import type { PageShell, PrerenderedPage } from '../client-assets';
import { forbidden } from './errors';
import { bodyIsText, refuseUnstorableInput } from './http';
import { type LanguageRequest, requestLanguage, translator } from './i18n';

/**
 * Pages the server renders whole (no script needed): /found and the scan page's Share Location
 * form. They answer HTML, errors included, because a finder without scripts reads them directly.
 */
export function sendPage(res: Response, shell: PageShell, page: PrerenderedPage & { status?: number }) {
  res.setHeader('Cache-Control', 'no-store');
  res
    .status(page.status ?? 200)
    .type('html')
    .send(shell(page));
}

/** A short page a link opens (unsubscribed, link not found): a few lines in a narrow column. */
export const messagePageBody = (html: string) => `<main class="mx-auto max-w-xl p-6 space-y-4">${html}</main>`;
export const messageHeading = (text: string) => `<h1 class="text-2xl font-bold">${text}</h1>`;

/**
 * Shows such a page in the language of whoever opens it (an e-mail's link may reach a finder in
 * theirs), titled `title`; `page` writes its lines with that language's words.
 */
export const messagePage =
  (shell: PageShell, title: StringKey) =>
  (req: LanguageRequest, res: Response, status: number, page: (t: Translate) => string) => {
    const lang = requestLanguage(req);
    const t = translator(lang);
    sendPage(res, shell, { status, lang, title: t(title), body: messagePageBody(page(t)) });
  };

/**
 * A form post's fields: small, flat, text only. The longest form (a finder's report: about 2,900
 * characters at most) in a script of three or four bytes a character, each byte sent as `%XX`,
 * comes to some 35 KB: the limit is above that, so every report the fields accept arrives.
 */
export const formBody = [
  express.urlencoded({ extended: false, limit: '48kb', parameterLimit: 20, verify: bodyIsText.form }),
  refuseUnstorableInput,
];

/**
 * A page's form may only be posted from our own pages. The API's JSON rule cannot apply (a form
 * without script posts url-encoded), so the browser's Origin and Sec-Fetch-Site are checked alone.
 */
export const sameOriginForm: RequestHandler = (req, _res, next) => {
  const origin = req.get('origin');
  if (origin && origin !== 'null' && origin !== `${req.protocol}://${req.get('host')}`)
    throw forbidden('Cross-site request refused');
  if (req.get('sec-fetch-site') === 'cross-site') throw forbidden('Cross-site request refused');
  next();
};
