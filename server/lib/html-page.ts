import express, { type RequestHandler, type Response } from 'express';
import type { PageShell, PrerenderedPage } from '../client-assets';
import { forbidden } from './errors';
import { refuseNulBytes } from './http';

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

/**
 * A form post's fields: small, flat, text only. The longest form (a finder's report: about 2,900
 * characters at most) in a script of three or four bytes a character, each byte sent as `%XX`,
 * comes to some 35 KB: the limit is above that, so every report the fields accept arrives.
 */
export const formBody = [express.urlencoded({ extended: false, limit: '48kb', parameterLimit: 20 }), refuseNulBytes];

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
