import express from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { idempotentCreate } from '../../lib/idempotent';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { remindersSchemas as schemas } from './reminders.schemas';

export function remindersRoutes({ reminders, idempotency }: Services) {
  const router = express.Router();

  router.get('/reminders', requireUser, async (req, res) => {
    res.json(await reminders.list(userId(req)));
  });

  router.post(
    '/reminders',
    requireUser,
    validate(schemas.create),
    idempotentCreate(idempotency, (req) => reminders.create(userId(req), req.body)),
  );

  router.patch('/reminders/:id', requireUser, validate(schemas.update), async (req, res) => {
    res.json(await reminders.update(userId(req), req.params.id, req.body));
  });

  router.delete('/reminders/:id', requireUser, validate(schemas.byId), async (req, res) => {
    await reminders.remove(userId(req), req.params.id);
    res.status(204).end();
  });

  return router;
}
