import { Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { rateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { contactsSchemas as schemas } from './contacts.schemas';

/** Per address: far more than a person clicking a link needs, far too few to guess one. */
const LINK_LIMIT = { limit: 30, windowMs: 60_000 };

export function contactsRoutes({ contacts, rateLimits }: Services) {
  const router = Router();
  const linkLimit = rateLimit(rateLimits, {
    name: 'contact-confirmation-link',
    ...LINK_LIMIT,
    key: (req) => req.ip ?? 'unknown',
    message: 'Too many attempts. Please wait a minute and try again.',
  });

  router.get('/contact-checks', requireUser, async (req, res) => {
    res.json(await contacts.dueChecks(userId(req)));
  });

  router.post('/pets/:id/contact-confirmation', requireUser, validate(schemas.confirm), async (req, res) => {
    res.json(await contacts.confirm(userId(req), req.params.id));
  });

  // The e-mailed link opens a page; only its Confirm button (this POST) confirms, never the GET.
  router.get('/contact-confirmations/:token', validate(schemas.link), linkLimit, async (req, res) => {
    res.json(await contacts.describeLink(req.params.token));
  });

  router.post('/contact-confirmations/:token', validate(schemas.link), linkLimit, async (req, res) => {
    res.json(await contacts.confirmByLink(req.params.token));
  });

  return router;
}
