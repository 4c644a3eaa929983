import { type RequestHandler, Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { hasSessionCookie } from '../../auth/sessions';
import { setApiHeaders } from '../../lib/api-headers';
import { notFound } from '../../lib/errors';
import { matchesEtag } from '../../lib/http';
import { idempotentCreate } from '../../lib/idempotent';
import { rateLimit } from '../../lib/rate-limit';
import { isUuid, validate } from '../../lib/validate';
import type { Services } from '../../services';
import { petsSchemas as schemas } from './pets.schemas';

/**
 * New pets an owner may add in an hour: far beyond any household (the number of pets stays
 * unlimited, spec section 1), but a script cannot fill the database with them.
 */
export const NEW_PETS_LIMIT = { limit: 100, windowMs: 60 * 60_000 };

/**
 * Uploaded photos an owner may send in an hour (a new pet's or an edit's): each is decoded and
 * encoded again, which costs a core for a while; the re-encoding itself is one at a time
 * (photo-encoder.ts), so that finders' reads keep their share.
 */
export const PHOTO_UPLOADS_LIMIT = { limit: 60, windowMs: 60 * 60_000 };

/** A stranger's view may be stored, but is revalidated every time: the missing flag is never stale. */
const PUBLIC_VIEW_HEADERS = [
  ['Cache-Control', 'no-cache'],
  ['Vary', 'Cookie'],
] as const;
const NOT_STORED = [['Cache-Control', 'no-store']] as const;

/**
 * A finder's read of a pet, GET /api/pets/{id}: every scan of a tag. The app mounts it ahead of its
 * other layers, as they do nothing for it: it carries no body, no session cookie (so there is no
 * session to load, and the answer can only be the public view) and no query; it is one record, below
 * compression's threshold. It answers with the API's security headers and the public view's
 * caching, exactly as the API's route below does; any other request (an owner's, `?view=public`)
 * goes on to that route. Measured: about a third of the app's CPU over the bare handler's.
 */
export function publicPetRead({ pets }: Services): RequestHandler {
  return async (req, res, next) => {
    if (req.url.includes('?') || hasSessionCookie(req)) return next();
    // An answer that is not the pet (404) is not stored, as the API's others are not.
    setApiHeaders(res, NOT_STORED);
    const id = req.params.id as string;
    // A path part that cannot be an id names nothing, as in `validate`: 404.
    const pet = isUuid(id) ? await pets.publicView(id.toLowerCase()) : undefined;
    if (!pet) throw notFound('Pet');
    for (const [name, value] of PUBLIC_VIEW_HEADERS) res.setHeader(name, value);
    res.json(pet);
  };
}

export function petsRoutes({ pets, rateLimits, idempotency }: Services) {
  const router = Router();
  // Only a request that carries an image counts: a link, or the pet's own photo sent back, costs nothing.
  const countPhotoUpload = rateLimit(rateLimits, {
    name: 'photo-uploads',
    ...PHOTO_UPLOADS_LIMIT,
    key: (req) => userId(req),
    message: (wait) => `You have uploaded a lot of photos in the last hour. Please try again in ${wait}.`,
  });
  const photoUploads: RequestHandler = (req, res, next) =>
    typeof req.body?.photoUrl === 'string' && req.body.photoUrl.startsWith('data:')
      ? countPhotoUpload(req, res, next)
      : next();

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
    photoUploads,
    idempotentCreate(idempotency, (req) => pets.create(userId(req), req.body)),
  );

  // Public: the scan page reads the same route. The missing flag must never be served stale, so the
  // public view may be stored but is revalidated every time; the owner's view is never stored.
  // With `?view=public` everyone, the owner too, gets the public view: what a stranger is shown.
  router.get('/pets/:id', validate(schemas.read), async (req, res) => {
    const view = await pets.view(req.params.id, req.query.view === 'public' ? undefined : req.user?.id);
    res.set({ 'Cache-Control': view.owner ? 'no-store' : 'no-cache', Vary: 'Cookie' }).json(view.pet);
  });

  router.patch('/pets/:id', requireUser, validate(schemas.update), photoUploads, async (req, res) => {
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
