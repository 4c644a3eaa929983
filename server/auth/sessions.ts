import crypto from 'node:crypto';
import connectPgSimple from 'connect-pg-simple';
import { sign } from 'cookie-signature';
import type { Request, Response } from 'express';
import session from 'express-session';
import type pg from 'pg';
import { RETURN_TO_PARAM, safeReturnPath } from '../../shared/contracts/sign-in';
import type { Config } from '../config';
import type { SessionUser } from './require-user';

declare module 'express-session' {
  interface SessionData {
    /** The page to come back to once the sign-in in progress completes. */
    returnTo?: string;
    /**
     * The provider signed someone in whom Homeward refused (an address another account holds, or
     * none): the next sign-in asks the provider to ask who signs in, or its open session would
     * bring the same person straight back to the same refusal.
     */
    signInRefused?: boolean;
  }
}

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const SIGN_IN_SESSION_MS = 10 * 60 * 1000;
export const SESSION_COOKIE = 'homeward.sid';

/**
 * A session opened to sign in carries only the sign-in in progress: its cookie and row end in 10
 * minutes, so abandoned sign-ins cannot pile up. Signing in replaces it with a 30-day session.
 */
export function startSignInSession(req: Request) {
  req.session.cookie.maxAge = SIGN_IN_SESSION_MS;
}

/**
 * Keeps the page /api/login was asked to return to in the sign-in session, through the provider's
 * round trip. Anything but a path on this site is dropped (never an open redirect): the sign-in
 * still works and ends on the dashboard.
 */
export function rememberReturnTo(req: Request) {
  const returnTo = safeReturnPath(req.query[RETURN_TO_PARAM]);
  if (returnTo) req.session.returnTo = returnTo;
  else delete req.session.returnTo;
}

/** Where a completed sign-in goes: the page remembered by /api/login, checked again, or the dashboard. */
export function takeReturnTo(req: Request) {
  const returnTo = safeReturnPath(req.session?.returnTo);
  if (req.session) delete req.session.returnTo;
  return returnTo ?? '/';
}

/** Whether the browser holds a session cookie at all (not whether the session is valid). */
export const hasSessionCookie = (req: Request) => req.get('cookie')?.includes(`${SESSION_COOKIE}=`) ?? false;

/** Ends this browser's session: its row is deleted and its cookie cleared. */
export async function endSession(req: Request, res: Response) {
  if (req.session)
    await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
  res.clearCookie(SESSION_COOKIE);
}

type SessionSettings = Pick<Config, 'sessionSecret' | 'secureCookies'>;

// The table is created by the migrations, so every instance sees the same schema.
// No touch: with `rolling: false` the browser's cookie ends 30 days after sign-in whatever the
// store says, so moving the row's expiry on every request would only cost a write per request.
const sessionStore = (pool: pg.Pool, options: { prune: boolean }) =>
  new (connectPgSimple(session))({
    pool,
    tableName: 'sessions',
    createTableIfMissing: false,
    disableTouch: true,
    ...(!options.prune && { pruneSessionInterval: false }),
  });

const cookieOptions = (config: SessionSettings) =>
  ({ httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: SESSION_MAX_AGE_MS }) as const;

export function createSessionMiddleware(config: SessionSettings, pool: pg.Pool) {
  const store = sessionStore(pool, { prune: true });
  const middleware = session({
    name: SESSION_COOKIE,
    store,
    secret: config.sessionSecret,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: config.secureCookies,
    cookie: cookieOptions(config),
  });
  return { middleware, close: () => store.close() };
}

/**
 * A session signed in as `user`, stored by the app's session store and signed as express-session
 * signs its cookie: what a sign-in through the provider leaves behind, for a test or a tool that
 * acts as a person without the provider's pages. Answers the cookie to send.
 */
export async function openSignedInSession(config: SessionSettings, pool: pg.Pool, user: SessionUser) {
  const store = sessionStore(pool, { prune: false });
  const sid = crypto.randomBytes(24).toString('base64url');
  const data = { cookie: Object.assign(new session.Cookie(), cookieOptions(config)), passport: { user } };
  await new Promise<void>((resolve, reject) => store.set(sid, data, (err) => (err ? reject(err) : resolve())));
  return { name: SESSION_COOKIE, value: encodeURIComponent(`s:${sign(sid, config.sessionSecret)}`) };
}
