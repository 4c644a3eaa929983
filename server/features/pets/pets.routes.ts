import { Router } from 'express';
import { z } from 'zod';
import { PHOTO_WIDTHS, type PhotoWidth } from '../../../shared/contracts/photos';
import { insertPetSchema } from '../../../shared/schema';
import { requireUser, userId } from '../../auth/require-user';
import type { AppContext } from '../../context';
import { parse, uuidParam, validateBody } from '../../lib/validate';
import { petService } from './pets.service';

// PATCH takes any subset of the fields, and also the whole pet as the profile's toggle sends it:
// id, userId, createdAt and unknown keys are dropped by the schema, never applied.
const updatePetSchema = insertPetSchema.partial();

// `size` picks the thumbnail (lists) or the photo itself (the default).
const photoQuerySchema = z.object({
  size: z
    .enum(
      [String(PHOTO_WIDTHS.thumbnail), String(PHOTO_WIDTHS.full)],
      `size must be ${PHOTO_WIDTHS.thumbnail} or ${PHOTO_WIDTHS.full}`,
    )
    .default(String(PHOTO_WIDTHS.full))
    .transform((size) => Number(size) as PhotoWidth),
});

// RFC 9110 weak comparison. Not req.fresh: that ignores If-None-Match when the request also says
// "Cache-Control: no-cache", which fetch() adds whenever a script sets a validator itself.
const matchesEtag = (header: string | undefined, etag: string) =>
  header !== undefined &&
  (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

export function petRoutes({ db }: AppContext) {
  const pets = petService(db);
  const router = Router();

  router.get('/pets', requireUser, async (req, res) => {
    res.json(await pets.list(userId(req)));
  });

  router.post('/pets', requireUser, validateBody(insertPetSchema), async (req, res) => {
    res.status(201).json(await pets.create(userId(req), req.body));
  });

  // Public: the scan page reads the same route. The missing flag must never be served stale, so the
  // public view may be stored but is revalidated every time; the owner's view is never stored.
  router.get('/pets/:id', async (req, res) => {
    const view = await pets.view(uuidParam(req.params.id, 'Pet'), req.user?.id);
    res.set({ 'Cache-Control': view.owner ? 'no-store' : 'no-cache', Vary: 'Cookie' }).json(view.pet);
  });

  router.patch('/pets/:id', requireUser, async (req, res) => {
    const id = uuidParam(req.params.id, 'Pet');
    res.json(await pets.update(userId(req), id, parse(updatePetSchema, req.body ?? {})));
  });

  router.delete('/pets/:id', requireUser, async (req, res) => {
    await pets.remove(userId(req), uuidParam(req.params.id, 'Pet'));
    res.status(204).end();
  });

  // Public too (the scan page and the poster show it). The link carries the content hash, so the
  // bytes behind one link never change and may be cached for a year.
  router.get('/pets/:id/photo', async (req, res) => {
    const { size } = parse(photoQuerySchema, req.query);
    const photo = await pets.photo(uuidParam(req.params.id, 'Photo'), size);
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
