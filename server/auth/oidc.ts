import express from 'express';
import * as client from 'openid-client';
import { type AuthenticateOptions, Strategy } from 'openid-client/passport';
import { Passport } from 'passport';
import {
  SIGN_IN_CANCELLED_URL,
  SIGN_IN_EMAIL_TAKEN_URL,
  SIGN_IN_EXPIRED_URL,
  SIGN_IN_NO_EMAIL_URL,
} from '../../shared/contracts/sign-in';
import type { Config } from '../config';
import type { RateLimitsService } from '../features/rate-limits/rate-limits.service';
import { AppError } from '../lib/errors';
import { describeFailure, logger } from '../lib/logger';
import { rateLimit } from '../lib/rate-limit';
import { DEV_CLIENT_ID } from './dev-identity-provider';
import { requireUser, type SessionUser, userId } from './require-user';
import { endSession, rememberReturnTo, startSignInSession, takeReturnTo } from './sessions';
import { EmailTaken } from './users.repository';
import type { UsersService } from './users.service';

const STRATEGY = 'homeward';
/** The routes below that create or end a session, even for a browser that has none yet. */
export const SESSION_PATHS = ['/login', '/callback', '/logout'];

/** Whether a callback carries what a provider sends back: a code, an error or a signed response. */
const isProviderAnswer = (req: express.Request) => {
  const answer = new URL(req.originalUrl, 'http://callback').searchParams;
  return ['code', 'error', 'response'].some((name) => answer.has(name));
};

/** Adds `state` and `nonce` to every request, on top of PKCE which the strategy always sends. */
class HomewardStrategy extends Strategy {
  override authorizationRequestParams<T extends AuthenticateOptions>(req: express.Request, options: T) {
    const params = new URLSearchParams(super.authorizationRequestParams(req, options));
    params.set('state', client.randomState());
    params.set('nonce', client.randomNonce());
    return params;
  }
}

/** A sign-in the provider completed but that cannot make an account (no e-mail address came with it). */
class SignInRefused extends Error {}

/**
 * Failures of the sign-in itself, which land on the landing page saying why: a callback whose state
 * this browser did not start (two tabs, the back button, a forged link), a code already used, a
 * token that does not check out, a refusal at the provider, an account we cannot give.
 */
const isFailedSignIn = (err: unknown) =>
  err instanceof client.ClientError ||
  err instanceof client.ResponseBodyError ||
  err instanceof client.AuthorizationResponseError ||
  err instanceof SignInRefused ||
  err instanceof EmailTaken;

/**
 * Where a sign-in that did not complete lands: the landing page, saying why. The strategy reports a
 * person's refusal at the provider (`error=access_denied`) as a failure whose details carry it.
 */
const landingAfter = (err: unknown, failure: unknown) =>
  err instanceof SignInRefused
    ? SIGN_IN_NO_EMAIL_URL
    : err instanceof EmailTaken
      ? SIGN_IN_EMAIL_TAKEN_URL
      : (failure as { error?: unknown } | undefined)?.error === 'access_denied'
        ? SIGN_IN_CANCELLED_URL
        : SIGN_IN_EXPIRED_URL;

// The users columns' sizes: a provider's claim is cut to fit (a name) or refused (an address).
const MAX_NAME = 100;
const MAX_EMAIL = 320;
/**
 * The provider's address as one plain address to send e-mail to, or nothing: no list, no words, no
 * control character or space. Its letters may be any language's (an internationalised address),
 * composed one way (NFC), so that one address written two ways is one account's.
 */
function plainAddress(claim: unknown) {
  const address = typeof claim === 'string' ? claim.trim().normalize('NFC') : '';
  return address.length <= MAX_EMAIL &&
    /^[^\s\p{C}@<>,;:"()[\]\\]+@[^\s\p{C}@<>,;:"()[\]\\]+\.[^\s\p{C}@<>,;:"()[\]\\.]+$/u.test(address)
    ? address
    : undefined;
}

// A claim as text we can store and show: a NUL or another control character is nobody's name.
const textClaim = (value: unknown) => {
  const text = typeof value === 'string' ? value.replace(/\p{Cc}/gu, '').trim() : '';
  return text || undefined;
};

/** fetch() failing to reach the provider at all: a TypeError whose cause is the network's. */
const isUnreachable = (err: unknown) => err instanceof TypeError && err.cause !== undefined;

const signInUnavailable = () =>
  new AppError(503, 'unavailable', 'Sign-in is unavailable right now. Please try again in a moment.');

interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export function oidcClientSettings(config: Config, devClientSecret: string): OidcClientSettings {
  return config.oidc.mode === 'external'
    ? config.oidc
    : { issuer: `${config.publicUrl}/oidc`, clientId: DEV_CLIENT_ID, clientSecret: devClientSecret };
}

/**
 * Sign-in routes. The issuer is discovered on the first sign-in rather than at start-up: the
 * development provider lives in this very server, which is not listening yet at start-up.
 */
export function createAuth(
  config: Config,
  { users, rateLimits }: { users: UsersService; rateLimits: RateLimitsService },
  settings: OidcClientSettings,
) {
  // One authenticator per app, so several apps in one process (tests) never share strategies.
  const passport = new Passport();
  let discovered: Promise<client.Configuration> | undefined;

  const configuration = () => {
    discovered ??= client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        execute: settings.issuer.startsWith('http://') ? [client.allowInsecureRequests] : [],
      })
      .then((oidc) => {
        passport.use(
          STRATEGY,
          new HomewardStrategy(
            {
              config: oidc,
              name: STRATEGY,
              callbackURL: `${config.publicUrl}/api/callback`,
              scope: 'openid email profile',
            },
            (tokens, done) => {
              signIn(oidc, tokens).then((user) => done(null, user), done);
            },
          ),
        );
        return oidc;
      })
      .catch((err) => {
        discovered = undefined;
        logger.warn(describeFailure(err), 'identity provider not reachable');
        throw signInUnavailable();
      });
    return discovered;
  };

  async function signIn(
    oidc: client.Configuration,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  ): Promise<SessionUser> {
    let claims: Record<string, unknown> = tokens.claims() ?? {};
    if (!claims.email) claims = await client.fetchUserInfo(oidc, tokens.access_token, String(claims.sub));
    const email = plainAddress(claims.email);
    if (!email) throw new SignInRefused('The identity provider did not return a usable e-mail address');
    // OpenID Connect's subject is at most 255 characters; one with a control character names no one we can keep.
    if (typeof claims.sub !== 'string' || !/^[^\p{C}]{1,255}$/u.test(claims.sub))
      throw new SignInRefused('The identity provider did not return a usable subject');
    const picture = textClaim(claims.picture);
    const user = await users.signIn({
      issuer: oidc.serverMetadata().issuer,
      subject: claims.sub,
      email,
      emailVerified: claims.email_verified === true,
      firstName: textClaim(claims.given_name)?.slice(0, MAX_NAME),
      lastName: textClaim(claims.family_name)?.slice(0, MAX_NAME),
      profileImageUrl: picture?.startsWith('https://') ? picture : undefined,
    });
    logger.info({ userId: user.id }, 'signed in');
    return { id: user.id, idToken: tokens.id_token };
  }

  passport.serializeUser((user, done) => done(null, user));
  passport.deserializeUser((user: SessionUser, done) => done(null, user));

  // Each call makes or reads a session row: per address, a flood is refused before it reaches the table.
  const signInLimit = (name: string) =>
    rateLimit(rateLimits, {
      name,
      limit: config.signInRateLimit,
      windowMs: 60_000,
      key: (req) => req.ip ?? 'unknown',
      message: 'Too many sign-in attempts from your network. Please wait a minute and try again.',
    });

  const router = express.Router();
  router.get('/login', signInLimit('sign-in'), async (req, res, next) => {
    // The provider returns to PUBLIC_URL, where the browser must hold the sign-in's cookie: the
    // development sign-in opened at another name of this machine (127.0.0.1 for localhost) starts
    // there instead. Only there: behind a real proxy the Host a server sees may be its own.
    const publicUrl = new URL(config.publicUrl);
    if (config.oidc.mode === 'development' && req.get('host') !== publicUrl.host)
      return res.redirect(`${publicUrl.origin}${req.originalUrl}`);
    await configuration();
    if (!req.user) startSignInSession(req);
    rememberReturnTo(req);
    const askWho = req.session.signInRefused;
    delete req.session.signInRefused;
    passport.authenticate(STRATEGY, askWho ? { prompt: 'login' } : {})(req, res, next);
  });
  router.get('/callback', signInLimit('sign-in-callback'), async (req, res, next) => {
    // Without the provider's answer the strategy would start a new sign-in, and save a session for
    // it: a callback nobody's provider sent ends here, before any session is made.
    if (!isProviderAnswer(req)) return res.redirect(SIGN_IN_EXPIRED_URL);
    await configuration();
    if (!req.user) startSignInSession(req);
    passport.authenticate(STRATEGY, (err: unknown, user: SessionUser | false, failure: unknown) => {
      if (isUnreachable(err)) return next(signInUnavailable());
      if (err && !isFailedSignIn(err)) return next(err);
      if (err || !user) {
        logger.info(describeFailure(err), 'sign-in not completed');
        if (!(err instanceof SignInRefused || err instanceof EmailTaken))
          return res.redirect(landingAfter(err, failure));
        req.session.signInRefused = true;
        // Saved before the browser is sent on: the session would otherwise be written while the
        // redirect's headers are already out, and a quick Log In could read it without the flag.
        return req.session.save((saveErr) => (saveErr ? next(saveErr) : res.redirect(landingAfter(err, failure))));
      }
      // Read before logging in: the session is regenerated then, and what it held is gone.
      const returnTo = takeReturnTo(req);
      req.logIn(user, (loginErr) => (loginErr ? next(loginErr) : res.redirect(returnTo)));
    })(req, res, next);
  });

  /**
   * Ends this browser's session and answers where the browser goes next to end the provider's
   * session as well, which then returns it to the app.
   */
  async function signOut(req: express.Request, res: express.Response) {
    const idToken = req.user?.idToken;
    const oidc = await configuration().catch(() => undefined);
    await endSession(req, res);
    if (!oidc?.serverMetadata().end_session_endpoint) return '/';
    return client.buildEndSessionUrl(oidc, {
      post_logout_redirect_uri: `${config.publicUrl}/`,
      ...(idToken ? { id_token_hint: idToken } : { client_id: settings.clientId }),
    }).href;
  }

  router.get('/logout', async (req, res) => {
    // A page navigation (spec), so another site could link here to sign people out: a browser
    // that says the navigation came from another site just lands on the app, still signed in.
    if (req.get('sec-fetch-site') === 'cross-site') return res.redirect('/');
    res.redirect(await signOut(req, res));
  });
  router.get('/auth/user', requireUser, async (req, res) => {
    res.json(await users.current(userId(req)));
  });
  return {
    router,
    middleware: [passport.initialize(), passport.session()] as express.RequestHandler[],
    signOut,
  };
}
