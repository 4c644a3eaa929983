import { Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { matchesEtag } from '../../lib/http';
import { idempotentCreate } from '../../lib/idempotent';
import { rateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { petsSchemas as schemas } from './pets.schemas';

/**
 * New pets an owner may add in an hour: far beyond any household (the number of pets stays
 * unlimited, spec section 1), but a script cannot fill the database with them.
 */
export const NEW_PETS_LIMIT = { limit: 100, windowMs: 60 * 60_000 };

export function petsRoutes({ pets, rateLimits, idempotency }: Services) {
  const router = Router();

  router.get('/pets', requireUser, async (req, res) => {
    res.json(await pets.list(userId(req)));
  });

  router.post(
    '/pets',
    requireUser,
    validate(schemas.create),
    rateLimit(rateLimits, {
      name: 'new-pets',
      ...NEW_PETS_LIMIT,
      key: (req) => userId(req),
      message: (wait) => `You have added a lot of pets in the last hour. Please try again in ${wait}.`,
    }),
    idempotentCreate(idempotency, (req) => pets.create(userId(req), req.body)),
  );

  // Public: the scan page reads the same route. The missing flag must never be served stale, so the
  // public view may be stored but is revalidated every time; the owner's view is never stored.
  // With `?view=public` everyone, the owner too, gets the public view: what a stranger is shown.
  router.get('/pets/:id', validate(schemas.read), async (req, res) => {
    const view = await pets.view(req.params.id, req.query.view === 'public' ? undefined : req.user?.id);
    res.set({ 'Cache-Control': view.owner ? 'no-store' : 'no-cache', Vary: 'Cookie' }).json(view.pet);
  });

  router.patch('/pets/:id', requireUser, validate(schemas.update), async (req, res) => {
    res.json(await pets.update(userId(req), req.params.id, req.body));
  });

  router.delete('/pets/:id', requireUser, validate(schemas.byId), async (req, res) => {
    await pets.remove(userId(req), req.params.id);
    res.status(204).end();
  });

  // Public too (the scan page and the poster show it). The link carries the content hash, so the
  // bytes behind one link never change and may be cached for a year.
  router.get('/pets/:id/photo', validate(schemas.photo), async (req, res) => {
    const photo = await pets.photo(req.params.id, req.query.size);
    const etag = `"${photo.etag}"`;
    res.set({
      'Content-Type': photo.contentType,
      ETag: etag,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
    if (matchesEtag(req.get('if-none-match'), etag)) {
      res.status(304).end();
      return;
    }
    res.send(photo.data);
  });

  return router;
}
