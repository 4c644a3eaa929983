import crypto from 'node:crypto';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { createDevIdentityProvider } from './auth/dev-identity-provider';
import { createAuth, oidcClientSettings, SESSION_PATHS } from './auth/oidc';
import { createSessionMiddleware, hasSessionCookie } from './auth/sessions';
import { inlineScriptHashes, serveBuiltClient, serveClientWithVite } from './client-assets';
import type { Config } from './config';
import type { Database } from './db/connection';
import { commerceWebhookRoutes } from './features/commerce/webhooks.routes';
import { configRoutes } from './features/config/config.routes';
import { conversationPrerender } from './features/conversations/conversation-prerender';
import { conversationFormRoutes } from './features/conversations/conversations.routes';
import { healthRoutes } from './features/health/health.routes';
import { featureRoutes } from './features/routes';
import { scanPrerender } from './features/scan/scan-prerender';
import { apiNotFound, errorHandler, noStore, requestLog, sameOriginJson } from './lib/http';
import { createServices } from './services';

export interface AppOptions {
  config: Config;
  database: Database;
  /** How the SPA is served: the production build, Vite with hot reload, or not at all (API tests). */
  client: 'static' | 'vite' | 'none';
}

// Large enough for one pet photo (an 800px JPEG as a data URL), small enough to refuse abuse.
const JSON_LIMIT = '2mb';

export async function createApp({ config, database, client }: AppOptions) {
  const services = createServices(config, database);
  const closers: (() => unknown)[] = [];

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.secureCookies ? 1 : false);
  app.use(requestLog);
  app.use(compression());
  app.use(healthRoutes(services));

  const devClientSecret = crypto.randomBytes(24).toString('hex');
  if (config.oidc.mode === 'development') {
    // Mounted before helmet: the provider's own pages are not part of the app and set their own headers.
    app.use('/oidc', createDevIdentityProvider(config.publicUrl, devClientSecret));
  }

  app.use(helmet({ contentSecurityPolicy: client === 'vite' ? false : { directives: csp(config) } }));

  // Webhooks verify a signature over the raw bytes, so they must see the body before the JSON parser.
  app.use('/api', commerceWebhookRoutes(services));
  app.use(express.json({ limit: JSON_LIMIT }));
  const sessions = createSessionMiddleware(config, database.pool);
  closers.push(sessions.close);
  const auth = createAuth(config, services, oidcClientSettings(config, devClientSecret));

  app.use('/api', sameOriginJson, configRoutes(services));
  const sessionLayer = express.Router().use(sessions.middleware, ...auth.middleware);
  // A read without a session cookie (a finder's scan page, a visitor in the store) has no session
  // to load: it skips the session table altogether. Signing in and out always need one.
  app.use('/api', (req, res, next) =>
    (req.method === 'GET' || req.method === 'HEAD') && !hasSessionCookie(req) && !SESSION_PATHS.includes(req.path)
      ? next()
      : sessionLayer(req, res, next),
  );
  app.use('/api', noStore, auth.router);
  app.use('/api', ...featureRoutes(services, auth.signOut));
  app.use('/api', apiNotFound);
  // The finder's conversation page posts its Send form here when it runs without JavaScript.
  app.use(conversationFormRoutes(services));

  closers.push(services.notifications.startRetries());

  if (client === 'static') serveBuiltClient(app, [scanPrerender(services), conversationPrerender(services)]);
  if (client === 'vite') closers.push(await serveClientWithVite(app));
  app.use(errorHandler);

  return {
    app,
    services,
    async close() {
      for (const close of closers) await close();
    },
  };
}

function csp(config: Config) {
  const stripe = config.payments.mode === 'stripe';
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScriptHashes(), ...(stripe ? ['https://js.stripe.com'] : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    upgradeInsecureRequests: config.secureCookies ? [] : null,
  };
}
