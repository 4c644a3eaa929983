import express from 'express';
import * as client from 'openid-client';
import { type AuthenticateOptions, Strategy } from 'openid-client/passport';
import { Passport } from 'passport';
import type { Config } from '../config';
import { logger } from '../lib/logger';
import { DEV_CLIENT_ID } from './dev-identity-provider';
import { requireUser, type SessionUser, userId } from './require-user';
import { SESSION_COOKIE } from './sessions';
import type { UsersService } from './users.service';

const STRATEGY = 'homeward';
/** The routes below that create or end a session, even for a browser that has none yet. */
export const SESSION_PATHS = ['/login', '/callback', '/logout'];

/** Adds `state` and `nonce` to every request, on top of PKCE which the strategy always sends. */
class HomewardStrategy extends Strategy {
  override authorizationRequestParams<T extends AuthenticateOptions>(req: express.Request, options: T) {
    const params = new URLSearchParams(super.authorizationRequestParams(req, options));
    params.set('state', client.randomState());
    params.set('nonce', client.randomNonce());
    return params;
  }
}

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
export function createAuth(config: Config, users: UsersService, settings: OidcClientSettings) {
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
        throw err;
      });
    return discovered;
  };

  async function signIn(
    oidc: client.Configuration,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  ): Promise<SessionUser> {
    let claims: Record<string, unknown> = tokens.claims() ?? {};
    if (!claims.email) claims = await client.fetchUserInfo(oidc, tokens.access_token, String(claims.sub));
    if (typeof claims.email !== 'string') throw new Error('The identity provider did not return an e-mail address');
    const user = await users.signIn({
      issuer: oidc.serverMetadata().issuer,
      subject: String(claims.sub),
      email: claims.email,
      emailVerified: claims.email_verified === true,
      firstName: claims.given_name as string | undefined,
      lastName: claims.family_name as string | undefined,
      profileImageUrl: claims.picture as string | undefined,
    });
    logger.info({ userId: user.id }, 'signed in');
    return { id: user.id, idToken: tokens.id_token };
  }

  passport.serializeUser((user, done) => done(null, user));
  passport.deserializeUser((user: SessionUser, done) => done(null, user));

  const router = express.Router();
  router.get('/login', async (req, res, next) => {
    await configuration();
    passport.authenticate(STRATEGY)(req, res, next);
  });
  router.get('/callback', async (req, res, next) => {
    await configuration();
    passport.authenticate(STRATEGY, { successRedirect: '/', failureRedirect: '/' })(req, res, next);
  });
  router.get('/logout', async (req, res, next) => {
    // A page navigation (spec), so another site could link here to sign people out: a browser
    // that says the navigation came from another site just lands on the app, still signed in.
    if (req.get('sec-fetch-site') === 'cross-site') return res.redirect('/');
    const idToken = req.user?.idToken;
    let redirectTo = '/';
    const oidc = await configuration().catch(() => undefined);
    if (oidc?.serverMetadata().end_session_endpoint) {
      redirectTo = client.buildEndSessionUrl(oidc, {
        post_logout_redirect_uri: `${config.publicUrl}/`,
        ...(idToken ? { id_token_hint: idToken } : { client_id: settings.clientId }),
      }).href;
    }
    req.logout((err) => {
      if (err) return next(err);
      if (!req.session) return res.redirect(redirectTo);
      req.session.destroy((destroyErr) => {
        if (destroyErr) return next(destroyErr);
        res.clearCookie(SESSION_COOKIE);
        res.redirect(redirectTo);
      });
    });
  });
  router.get('/auth/user', requireUser, async (req, res) => {
    res.json(await users.current(userId(req)));
  });
  return { router, middleware: [passport.initialize(), passport.session()] as express.RequestHandler[] };
}
