import { isUtf8 } from 'node:buffer';
import crypto from 'node:crypto';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { ErrorBody } from '../../shared/errors';
import { escapeAttribute, escapeText, plainPageShell } from '../client-assets';
import { driverError } from '../db/errors';
import { AppError, forbidden, RateLimitedError } from './errors';
import { requestLanguage, translator } from './i18n';
import { logger, requestLogger } from './logger';

declare global {
  namespace Express {
    interface Request {
      id: string;
    }
  }
}

/** A segment of one of our own paths ('found-reports', 'c', 'manage'): anything else may be someone's data. */
const PATH_WORD = /^[a-z][a-z-]{0,23}$/;

/**
 * What a log line says of the request: the route pattern when a route answered (an id or a
 * calendar token in the path stays out of the log), else the path as asked with every segment that
 * is not one of our path words masked: a token or an id (a calendar link without its `.ics` misses
 * every route), and anything else a client put there (an address, a phone, a position), cut short.
 */
function loggedPath(req: Request) {
  if (typeof req.route?.path === 'string') {
    // Under the path its router was mounted at, read off the path asked: by the time an async
    // handler's answer ends, Express has left the routers and req.baseUrl is no longer theirs.
    // Routers are mounted at fixed paths, so that part holds no id.
    const segments = (path: string) => path.replace(/(.)\/$/, '$1').split('/');
    const asked = segments(req.originalUrl.split('?')[0]);
    const routeSegments = segments(req.route.path).length - 1;
    return `${asked.slice(0, asked.length - routeSegments).join('/')}${req.route.path}`;
  }
  const path = req.originalUrl
    .split('?')[0]
    .split('/')
    .map((segment) => (segment === '' || PATH_WORD.test(segment) ? segment : '…'))
    .join('/');
  return path.length > 120 ? `${path.slice(0, 120)}…` : path;
}

/** Tags each request with an id (echoed as X-Request-Id) and logs one line when it ends. */
export const requestLog: RequestHandler = (req, res, next) => {
  req.id = crypto.randomUUID();
  res.setHeader('X-Request-Id', req.id);
  const started = process.hrtime.bigint();
  // Read now: inside a router, req.path is relative to where the router is mounted.
  const api = req.path.startsWith('/api/');
  res.on('finish', () => {
    if (!api && res.statusCode < 400) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    requestLogger.info(
      {
        requestId: req.id,
        method: req.method,
        path: loggedPath(req),
        status: res.statusCode,
        ms: Math.round(ms),
      },
      'request',
    );
  });
  next();
};

/** The API's bodies are a few levels deep; one far deeper is refused before anything walks it. */
const MAX_BODY_DEPTH = 32;

/**
 * What makes a parsed body unfit to go further: a NUL byte anywhere (in a key or a string), or a
 * nesting deeper than MAX_BODY_DEPTH. Walked with a stack of its own: thousands of nested brackets,
 * a few kilobytes, once overflowed the call stack of a recursive walk and answered 500.
 */
function unfit(body: unknown): 'nul' | 'deep' | undefined {
  const pending: [value: unknown, depth: number][] = [[body, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (typeof value === 'string') {
      if (value.includes('\0')) return 'nul';
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_BODY_DEPTH) return 'deep';
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\0')) return 'nul';
        pending.push([item, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * No input reaches the database with a NUL byte: PostgreSQL's text cannot hold one, and a query it
 * refuses is a failed query on a connection others share. Checked at the edge: in the address
 * before any route, and in a body right after it is parsed, with its depth.
 */
export const refuseUnstorableInput: RequestHandler = (req, _res, next) => {
  const problem = /%00|\0/.test(req.url) ? 'nul' : unfit(req.body);
  if (problem === 'nul')
    throw new AppError(400, 'invalid_value', 'Request contains a NUL byte, which cannot be stored');
  if (problem === 'deep') throw new AppError(400, 'invalid_body', 'Request body is nested too deeply');
  next();
};

const notText = () => new AppError(400, 'invalid_body', 'Request body is not valid UTF-8 text');

/**
 * The body parsers' check of the bytes before they are decoded: bytes that are not UTF-8 would be
 * read as U+FFFD and stored so, where the sender meant something else. A form's non-ASCII text
 * comes percent-encoded, so its escapes are decoded to be checked too (a browser always escapes a
 * '%', so only a client of its own sends one alone, and is refused the same).
 */
export const bodyIsText = {
  json: (_req: unknown, _res: unknown, body: Buffer) => {
    if (!isUtf8(body)) throw notText();
  },
  form: (_req: unknown, _res: unknown, body: Buffer) => {
    if (!isUtf8(body)) throw notText();
    try {
      decodeURIComponent(body.toString('latin1'));
    } catch {
      throw notText();
    }
  },
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses (403) a request that does not come from the app's own pages, by its Origin or Fetch metadata. */
function assertSameOrigin(req: Request) {
  const origin = req.get('origin');
  if (origin) {
    // An Origin is exactly scheme://host[:port]; anything else is not a browser's, so not ours.
    if (origin !== `${req.protocol}://${req.get('host')}`) throw forbidden('Cross-site request refused');
  } else if (req.get('sec-fetch-site') === 'cross-site') {
    throw forbidden('Cross-site request refused');
  }
}

/** For a form the app's own page posts (the finder's conversation page without JavaScript). */
export const sameOrigin: RequestHandler = (req, _res, next) => {
  // Our pages send no Referer (helmet's no-referrer), so the browser posts their forms with
  // `Origin: null`: then only Fetch metadata can say the post came from this site.
  if (req.get('origin') === 'null') {
    if (req.get('sec-fetch-site') !== 'same-origin') throw forbidden('Cross-site request refused');
  } else assertSameOrigin(req);
  next();
};

/**
 * State-changing API calls must come from the app's own pages and carry JSON: this stops a
 * cross-site form post (which cannot send JSON, and whose Origin is another site).
 */
export const sameOriginJson: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  assertSameOrigin(req);
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (hasBody && !req.is('application/json'))
    throw new AppError(415, 'unsupported_media_type', 'Content-Type must be application/json');
  next();
};

/**
 * Whether a request's If-None-Match names `etag` (quoted), by RFC 9110's weak comparison. Not
 * req.fresh: that ignores If-None-Match when the request also says "Cache-Control: no-cache",
 * which fetch() adds whenever a script sets a validator itself.
 */
export const matchesEtag = (header: string | undefined, etag: string) =>
  header !== undefined &&
  (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

/** Owner data must never sit in a shared or browser cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

// PostgreSQL errors that mean "the database is not there right now", not "your request is wrong".
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** Whether a failure is the database being away (down, restarting, unreachable, not answering), not a fault. */
// A database closed to new connections for a while (ALTER DATABASE … ALLOW_CONNECTIONS false) says
// so with a code (55000) that other, genuine faults share: its words tell it apart.
export const isUnavailable = (err: { code?: string; message?: string }) =>
  (err.code !== undefined && (UNAVAILABLE_CODES.has(err.code) || err.code.startsWith('08'))) ||
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|is not currently accepting connections|Query read timeout/.test(
    err.message ?? '',
  );

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found', code: 'not_found' } satisfies ErrorBody);
};

const isJson = (text: unknown) => {
  try {
    JSON.parse(String(text));
    return true;
  } catch {
    return false;
  }
};

export const errorHandler: ErrorRequestHandler = (thrown, req, res, _next) => {
  const err = driverError(thrown) as any;
  let status = 500;
  let body: ErrorBody = { message: 'Something went wrong. Please try again.', code: 'internal' };
  if (err instanceof AppError) {
    status = err.status;
    if (err instanceof RateLimitedError) res.setHeader('Retry-After', String(err.retryAfter));
    body = { message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) };
  } else if (err?.type === 'entity.too.large') {
    status = 413;
    body = { message: 'Request body is too large', code: 'payload_too_large' };
  } else if (err?.type === 'entity.parse.failed' && isJson(err.body)) {
    // JSON all the same (null, "text", 42): the JSON parser's strict mode takes objects and arrays only.
    status = 400;
    body = { message: 'Request body must be a JSON object', code: 'invalid_body' };
  } else if (err?.type === 'entity.parse.failed') {
    status = 400;
    body = { message: 'Request body is not valid JSON', code: 'invalid_json' };
  } else if (err?.type === 'charset.unsupported' || err?.type === 'encoding.unsupported') {
    // The body is not read at all: saying it is not valid JSON named the wrong problem.
    status = 415;
    body = {
      message:
        err.type === 'charset.unsupported'
          ? 'Request body must be UTF-8 (charset=utf-8)'
          : 'Request body must not be compressed (Content-Encoding)',
      code: 'unsupported_encoding',
    };
  } else if (typeof err?.code === 'string' && err.code.startsWith('Z_')) {
    // A body said to be compressed that is not: zlib's own words ('incorrect header check') say nothing.
    status = 400;
    body = { message: 'Request body could not be decompressed', code: 'invalid_body' };
  } else if (typeof err?.code === 'string' && err.code.startsWith('22')) {
    // PostgreSQL "data exception" (a NUL byte, an out-of-range number…): the input is wrong, not the server.
    status = 400;
    body = { message: 'Request contains a value that cannot be stored', code: 'invalid_value' };
  } else if (typeof err?.code === 'string' && err.code.startsWith('23')) {
    status = 409;
    body = { message: 'Request conflicts with stored data', code: 'conflict' };
  } else if (isUnavailable(err ?? {})) {
    status = 503;
    body = { message: 'Service temporarily unavailable. Please try again in a moment.', code: 'unavailable' };
    res.setHeader('Retry-After', '5');
  } else if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
    status = err.status;
    body = { message: err.expose ? err.message : 'Bad request', code: 'bad_request' };
  }
  if (status >= 500) {
    logger.error(
      {
        requestId: req.id,
        method: req.method,
        path: loggedPath(req),
        status,
        error: err?.message,
        code: err?.code,
        stack: status === 500 ? err?.stack : undefined,
      },
      'request failed',
    );
  }
  if (res.headersSent) return;
  if (opensAPage(req)) {
    res
      .status(status)
      .type('html')
      .send(status === 503 ? unavailablePage(req) : errorPage(body.message));
    return;
  }
  res.status(status).json(body);
};

/**
 * A person reads the answer: the browser opened the address itself (the sign-in routes, a scan
 * page), said by fetch metadata or, from browsers without it (Safari before 16.4), by preferring
 * HTML to JSON on a page's address.
 */
const opensAPage = (req: Request) =>
  req.get('sec-fetch-mode') === 'navigate' ||
  (req.method === 'GET' && !req.path.startsWith('/api/') && req.accepts(['json', 'html']) === 'html');

const errorPage = (message: string) =>
  plainPageShell({
    title: 'Homeward',
    body: `<main><h1>${escapeText(message)}</h1><p><a href="/">Back to Homeward</a></p></main>`,
  });

/**
 * While the database is away: the finder who scanned a tag is told, in their language, to keep the
 * pet and try again, with a link back to the same address.
 */
function unavailablePage(req: Request) {
  const lang = requestLanguage(req);
  const t = translator(lang);
  const again = req.method === 'GET' ? req.originalUrl : '/';
  return plainPageShell({
    title: t('pages.unavailable'),
    lang,
    body: `<main><h1>${escapeText(t('pages.unavailable'))}</h1><p>${escapeText(t('pages.unavailableText'))}</p><p><a href="${escapeAttribute(again)}">${escapeText(t('common.tryAgain'))}</a></p></main>`,
  });
}
