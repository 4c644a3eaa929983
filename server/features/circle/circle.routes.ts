import { Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { rateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { circleSchemas as schemas } from './circle.schemas';

/** Per owner: enough to invite a family, too few to send mail to strangers in bulk. */
export const INVITATION_LIMIT = { limit: 20, windowMs: 3_600_000 };

export function circleRoutes({ circle, rateLimits }: Services) {
  const router = Router();

  router.get('/pets/:id/circle', requireUser, validate(schemas.circle), async (req, res) => {
    res.json(await circle.circleOf(userId(req), req.params.id));
  });

  router.post(
    '/pets/:id/invitations',
    requireUser,
    validate(schemas.invite),
    rateLimit(rateLimits, {
      name: 'co-owner-invitations',
      ...INVITATION_LIMIT,
      key: (req) => userId(req),
      message: 'Too many invitations. Please try again later.',
    }),
    async (req, res) => {
      await circle.invite(userId(req), req.params.id, req.body);
      res.status(201).json({ email: req.body.email });
    },
  );

  // The address goes in the body: in the path it would reach the request log.
  router.post('/pets/:id/invitations/cancel', requireUser, validate(schemas.invite), async (req, res) => {
    await circle.cancelInvitation(userId(req), req.params.id, req.body);
    res.status(204).end();
  });

  router.delete('/pets/:id/members/:userId', requireUser, validate(schemas.member), async (req, res) => {
    await circle.removeMember(userId(req), req.params.id, req.params.userId);
    res.status(204).end();
  });

  // Read before signing in: the accept page shows whose pet it is and asks the person to sign in.
  router.get('/invitations/:token', validate(schemas.invitation), async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await circle.invitation(req.params.token, req.user?.id));
  });

  router.post('/invitations/:token/accept', requireUser, validate(schemas.invitation), async (req, res) => {
    res.json(await circle.accept(userId(req), req.params.token));
  });

  return router;
}
