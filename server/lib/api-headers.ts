import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The API answers JSON (and photos, and a calendar feed), never a document: of helmet's headers it
 * keeps those that protect a response that is not a page (no sniffing it into HTML, no reading it
 * from another origin, no rendering it as a page with anything in it, HTTPS only) and drops the
 * nine that only a document uses, which every scan of a tag would otherwise pay for.
 */
const helmetForTheApi = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/**
 * The headers helmet sets on an API response, worked out once at start-up: they depend on nothing
 * in the request, and setting them from a list costs a fraction of helmet's five middlewares, which
 * every scan of a tag paid for (about 10 µs of CPU a request).
 */
function headersOf(middleware: RequestHandler): (readonly [string, string])[] {
  const headers = new Map<string, string>();
  let called = false;
  const res = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  middleware({} as never, res as never, () => {
    called = true;
  });
  if (!called) throw new Error('The API headers could not be worked out');
  return [...headers];
}

export const API_HEADERS = headersOf(helmetForTheApi);

/** Sets the API's security headers (and `extra`) on `res`. */
export function setApiHeaders(res: Response, extra: readonly (readonly [string, string])[] = []) {
  for (const [name, value] of API_HEADERS) res.setHeader(name, value);
  for (const [name, value] of extra) res.setHeader(name, value);
  // No app.disable('x-powered-by') can be forgotten: helmet removed it too.
  res.removeHeader('X-Powered-By');
}

export const apiHeaders: RequestHandler = (_req, res, next) => {
  setApiHeaders(res);
  next();
};
