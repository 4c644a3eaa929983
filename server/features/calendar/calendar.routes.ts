import express from 'express';
import { requireUser, userId } from '../../auth/require-user';
import type { AppContext } from '../../context';
import * as calendar from './calendar.service';

/** The owner's private calendar feed: its secret address (signed in) and the feed itself (public). */
export function calendarRoutes({ db, config }: AppContext) {
  const router = express.Router();
  const { publicUrl } = config;

  router.get('/reminders/calendar-token', requireUser, async (req, res) => {
    res.json({ url: await calendar.currentFeedUrl(db, publicUrl, userId(req)) });
  });

  router.post('/reminders/calendar-token', requireUser, async (req, res) => {
    res.json({ url: await calendar.rotateFeedToken(db, publicUrl, userId(req)) });
  });

  router.delete('/reminders/calendar-token', requireUser, async (req, res) => {
    await calendar.revokeFeedToken(db, userId(req));
    res.status(204).end();
  });

  // Calendar apps fetch this without a session: the unguessable token is the credential.
  router.get('/calendar/:token.ics', async (req, res) => {
    const body = await calendar.renderFeed(db, publicUrl, req.params.token);
    res
      .type('text/calendar; charset=utf-8')
      .set('Content-Disposition', 'inline; filename="homeward-reminders.ics"')
      .send(body);
  });

  return router;
}
