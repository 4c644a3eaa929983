import { Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { pushSchemas as schemas } from './push.schemas';

/** This browser's alerts: on (the body of `PushSubscription.toJSON()`) and off. */
export function pushRoutes({ push }: Services) {
  const router = Router();

  router.post('/push/subscriptions', requireUser, validate(schemas.subscribe), async (req, res) => {
    await push.subscribe(userId(req), req.body);
    res.status(204).end();
  });

  router.delete('/push/subscriptions', requireUser, validate(schemas.unsubscribe), async (req, res) => {
    await push.unsubscribe(userId(req), req.body.endpoint);
    res.status(204).end();
  });

  return router;
}
