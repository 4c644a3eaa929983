import crypto from 'node:crypto';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { apiRouter } from './api';
import { createDevIdentityProvider } from './auth/dev-identity-provider';
import { createAuth, oidcClientSettings } from './auth/oidc';
import { createSessionMiddleware } from './auth/sessions';
import {
  builtPageShell,
  inlineScriptHashes,
  plainPageShell,
  serveBuiltClient,
  serveClientWithVite,
} from './client-assets';
import { type Config, tileOrigin } from './config';
import type { Database } from './db/connection';
import { conversationPrerender } from './features/conversations/conversation-prerender';
import { conversationFormRoutes } from './features/conversations/conversations.routes';
import { foundPages } from './features/found/found.pages';
import { foundReportsPages } from './features/found-reports/found-reports.pages';
import { healthRoutes } from './features/health/health.routes';
import { landingPrerender } from './features/landing/landing-prerender';
import { lostBoardSamples, lostPetsPages } from './features/lost-pets/lost-pets.pages';
import { matchesPages } from './features/matches/matches.pages';
import { notificationPages } from './features/notifications/notifications.pages';
import { publicPetRead } from './features/pets/pets.routes';
import { scanPrerender } from './features/scan/scan-prerender';
import { shareLocationPages } from './features/scan/share-location.pages';
import { sightingPages } from './features/sightings/sightings.pages';
import { watchAreaPages } from './features/watch-areas/watch-areas.pages';
import { errorHandler, refuseUnstorableInput, requestLog } from './lib/http';
import { finderLanguage } from './lib/i18n';
import { createServices } from './services';

export interface AppOptions {
  config: Config;
  database: Database;
  /** How the SPA is served: the production build, Vite with hot reload, or not at all (API tests). */
  client: 'static' | 'vite' | 'none';
}

const SMALL_RESPONSE_BYTES = 1024;
/** An API path that ends in an id: one record, such as the pet a finder's scan reads. */
const ONE_RECORD = /^\/api\/.+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const compress = compression({
  threshold: 0,
  filter: (req, res) =>
    compression.filter(req, res) &&
    (req.originalUrl.startsWith('/assets/') || !(Number(res.getHeader('Content-Length')) < SMALL_RESPONSE_BYTES)),
});
/**
 * Pages, assets and lists are compressed. A response under 1 KB goes as it is (compression's own
 * threshold), except the built scripts: the scan page loads a dozen small ones, a third smaller
 * compressed and kept for a year. One record is never even wrapped: it is about half a kilobyte,
 * and finding that out cost a fifth of the hottest request, a finder's read of a pet.
 */
const compressLarge: express.RequestHandler = (req, res, next) =>
  ONE_RECORD.test(req.path) ? next() : compress(req, res, next);

const SECRET_LINK_PAGES = ['/c', '/found-pet/manage', '/matches/unsubscribe', '/watch/unsubscribe', '/mail/stop'];

export async function createApp({ config, database, client }: AppOptions) {
  const services = await createServices(config, database);
  const closers: (() => unknown)[] = [services.push.close];

  const app = express();
  app.disable('x-powered-by');
  // Only the proxies TRUST_PROXY names say who the client is: anyone else could rotate
  // X-Forwarded-For and escape every per-address limit.
  app.set('trust proxy', config.trustProxy);
  app.use(requestLog, refuseUnstorableInput);
  // A finder's read of a pet, the most frequent request, before the layers it has no use for.
  app.get('/api/pets/:id', publicPetRead(services));
  app.use(compressLarge);

  const devClientSecret = crypto.randomBytes(24).toString('hex');
  const sessions = createSessionMiddleware(config, database.pool);
  closers.push(sessions.close);
  const auth = createAuth(config, services, oidcClientSettings(config, devClientSecret));
  // The API is one router, entered once: every scan of a tag goes through it, and each router a
  // request passes on the way costs it a little.
  app.use('/api', apiRouter(services, sessions.middleware, auth));
  app.use(healthRoutes(services));

  if (config.oidc.mode === 'development') {
    // Mounted before helmet: the provider's own pages are not part of the app and set their own headers.
    app.use('/oidc', createDevIdentityProvider(config.publicUrl, devClientSecret));
  }
  app.use(helmet({ contentSecurityPolicy: client === 'vite' ? false : { directives: csp(config) } }));

  // The finder's pages in the finder's language: their switch's choice is kept, caches told.
  app.use(['/scan', '/found', '/found-pet', '/found-pets', '/t', '/c', '/lost'], finderLanguage);
  // A page whose address is its secret (a conversation, a found report's management, an e-mail's
  // own link) is never listed by a search engine, should its link leak to one.
  app.use(SECRET_LINK_PAGES, (_req, res, next) => {
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next();
  });
  // Pages a finder can use without any script, rendered whole by the server.
  const shell = client === 'static' ? builtPageShell(lostBoardSamples()) : plainPageShell;
  // The finder's conversation page posts its Send form here when it runs without JavaScript.
  app.use(conversationFormRoutes(services, shell));

  // Work in the background, which a shutdown stops first (`stopBackground`): claimed after the
  // signal, it would be another instance's to redo once this one is killed mid-run.
  const background = [services.notifications.startRetries(), services.jobs.start(), services.contacts.startReminders()];
  const stopBackground = async () => {
    for (const stop of background.splice(0)) await stop();
  };
  closers.push(stopBackground);

  app.use(
    foundPages(services, shell),
    // The found-pet page's claim is a signed-in owner's: it loads the session as the API does.
    foundReportsPages(services, shell, express.Router().use(sessions.middleware, ...auth.middleware)),
    shareLocationPages(services, shell),
    sightingPages(services, shell),
    lostPetsPages(services, shell),
    notificationPages(services, shell),
    watchAreaPages(services, shell),
    matchesPages(services, shell),
  );

  if (client === 'static')
    serveBuiltClient(app, [landingPrerender(), scanPrerender(services), conversationPrerender(services)]);
  if (client === 'vite') closers.push(await serveClientWithVite(app));
  app.use(errorHandler);

  return {
    app,
    services,
    stopBackground,
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
    // Map tiles may come from a plain-http server of the operator's (or the tests' own).
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', tileOrigin(config.mapTiles.url) as string],
    connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    upgradeInsecureRequests: config.secureCookies ? [] : null,
  };
}
