import type { Request, RequestHandler } from 'express';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../shared/contracts/idempotency';
import { userId } from '../auth/require-user';
import type { IdempotencyService } from '../features/idempotency/idempotency.service';
import { badRequest } from './errors';

/**
 * Route handler for a create that a person's retry must not repeat: with an Idempotency-Key header
 * (the app's forms send one per form), a repeat of the same request answers the first one's result
 * (marked `Idempotent-Replayed: true`). Without the header the create simply runs. Mount it behind
 * requireUser and the body's validation: the key is kept per user, with the validated body.
 */
export function idempotentCreate(
  idempotency: IdempotencyService,
  create: (req: Request) => Promise<unknown>,
): RequestHandler {
  return async (req, res) => {
    const header = req.get(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined) {
      res.status(201).json(await create(req));
      return;
    }
    if (!IDEMPOTENCY_KEY_PATTERN.test(header)) {
      const message = 'Must be 16 to 255 visible ASCII characters';
      throw badRequest(`${IDEMPOTENCY_KEY_HEADER}: ${message}`, [{ path: IDEMPOTENCY_KEY_HEADER, message }]);
    }
    const action = `${req.method} ${req.baseUrl}${req.route.path}`;
    const answer = await idempotency.once({ userId: userId(req), action, key: header }, req.body, async () => ({
      status: 201,
      body: await create(req),
    }));
    if (answer.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(answer.status).json(answer.body);
  };
}
