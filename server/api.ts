import express from 'express';
import type { createAuth } from './auth/oidc';
import { SESSION_PATHS } from './auth/oidc';
import { hasSessionCookie } from './auth/sessions';
import { configRoutes } from './features/config/config.routes';
import { fulfilmentWebhookRoutes } from './features/fulfilment/fulfilment.routes';
import { paymentWebhookRoutes } from './features/payments/payments.routes';
import { featureRoutes } from './features/routes';
import { apiHeaders } from './lib/api-headers';
import { apiNotFound, bodyIsText, noStore, refuseUnstorableInput, sameOriginJson } from './lib/http';
import type { Services } from './services';

// Large enough for one pet photo (an 800px JPEG as a data URL), small enough to refuse abuse.
const JSON_LIMIT = '2mb';
// A found-pet report carries up to three photos of at most 1 MB each, as data URLs (4/3 the bytes).
const FOUND_REPORT_JSON_LIMIT = '4500kb';

const isRead = (req: express.Request) => req.method === 'GET' || req.method === 'HEAD';

/** Runs `handler` for requests that may carry a body; a read (every scan of a tag) goes straight on. */
const forWrites =
  (handler: express.RequestHandler): express.RequestHandler =>
  (req, res, next) =>
    isRead(req) ? next() : handler(req, res, next);

/**
 * Everything under /api, in one router a request enters once. `session` loads the browser's
 * session; `auth` is the sign-in's router and its per-request middleware.
 */
export function apiRouter(
  services: Services,
  session: express.RequestHandler,
  auth: ReturnType<typeof createAuth>,
): express.Router {
  const sessionLayer = express.Router().use(session, ...auth.middleware);
  return (
    express
      .Router()
      .use(apiHeaders)
      // Webhooks verify a signature over the raw bytes, so they must see the body before the JSON parser.
      .use(forWrites(paymentWebhookRoutes(services)), forWrites(fulfilmentWebhookRoutes(services)))
      // A body parsed once is not parsed again: the found-pet report's larger limit goes first.
      .use('/found-reports', forWrites(express.json({ limit: FOUND_REPORT_JSON_LIMIT, verify: bodyIsText.json })))
      .use(forWrites(express.json({ limit: JSON_LIMIT, verify: bodyIsText.json })), forWrites(refuseUnstorableInput))
      .use(sameOriginJson, configRoutes(services))
      // A read without a session cookie (a finder's scan page, a visitor in the store) has no session
      // to load: it skips the session table altogether. Signing in and out always need one.
      .use((req, res, next) =>
        isRead(req) && !hasSessionCookie(req) && !SESSION_PATHS.includes(req.path)
          ? next()
          : sessionLayer(req, res, next),
      )
      .use(noStore, ...featureRoutes(services, auth.signOut), auth.router, apiNotFound)
  );
}
