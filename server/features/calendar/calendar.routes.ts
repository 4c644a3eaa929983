import express from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { calendarSchemas as schemas } from './calendar.schemas';

/** The owner's private calendar feed: its secret address (signed in) and the feed itself (public). */
export function calendarRoutes({ calendar }: Services) {
  const router = express.Router();

  router.get('/reminders/calendar-token', requireUser, async (req, res) => {
    res.json(await calendar.currentFeed(userId(req)));
  });

  router.post('/reminders/calendar-token', requireUser, async (req, res) => {
    res.json(await calendar.rotateFeedToken(userId(req)));
  });

  router.delete('/reminders/calendar-token', requireUser, async (req, res) => {
    await calendar.revokeFeedToken(userId(req));
    res.status(204).end();
  });

  // Calendar apps fetch this without a session: the unguessable token is the credential.
  router.get('/calendar/:token.ics', validate(schemas.feed), async (req, res) => {
    const body = await calendar.renderFeed(req.params.token);
    res
      .type('text/calendar; charset=utf-8')
      .set('Content-Disposition', 'inline; filename="homeward-reminders.ics"')
      .send(body);
  });

  return router;
}
