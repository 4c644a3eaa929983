import express from 'express';
import { insertReminderSchema } from '../../../shared/schema';
import { requireUser, userId } from '../../auth/require-user';
import type { AppContext } from '../../context';
import { parse, uuidParam, validateBody } from '../../lib/validate';
import { calendarRoutes } from '../calendar/calendar.routes';
import * as reminders from './reminders.service';

export function remindersRoutes(ctx: AppContext) {
  const { db } = ctx;
  const router = express.Router();

  // First, so /reminders/calendar-token is not taken for a reminder id below.
  router.use(calendarRoutes(ctx));

  router.get('/reminders', requireUser, async (req, res) => {
    res.json(await reminders.listReminders(db, userId(req)));
  });

  router.post('/reminders', requireUser, validateBody(insertReminderSchema), async (req, res) => {
    res.status(201).json(await reminders.createReminder(db, userId(req), req.body));
  });

  router.patch('/reminders/:id', requireUser, async (req, res) => {
    const id = uuidParam(req.params.id, 'Reminder');
    const changes = parse(reminders.reminderChangesSchema, req.body ?? {});
    res.json(await reminders.updateReminder(db, userId(req), id, changes));
  });

  router.delete('/reminders/:id', requireUser, async (req, res) => {
    await reminders.deleteReminder(db, userId(req), uuidParam(req.params.id, 'Reminder'));
    res.status(204).end();
  });

  return router;
}
