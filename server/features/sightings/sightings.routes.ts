import { Router } from 'express';
import { supportedLanguage } from '../../../shared/i18n/languages';
import { SIGHTING_DIALOG_NAMESPACES } from '../../../shared/i18n/strings';
import { requireUser, userId } from '../../auth/require-user';
import { pageStrings, requestLanguage } from '../../lib/i18n';
import { rateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { OWNER_REPLY_LIMIT, TOO_MANY_REPLIES } from '../conversations/conversations.routes';
import { sightingsSchemas as schemas } from './sightings.schemas';

export function sightingsRoutes({ sightings, rateLimits }: Services) {
  const router = Router();

  // The dialog's words, fetched with its code (never part of the scan page), in the page's language.
  router.get('/sighting-strings', validate(schemas.strings), (req, res) => {
    const lang = supportedLanguage(req.query.lang) ?? requestLanguage(req);
    res.json(pageStrings(lang, SIGHTING_DIALOG_NAMESPACES));
  });

  // Public, as a finder's report is: anyone who saw the pet may say so, without an account.
  router.post('/sightings', validate(schemas.report), async (req, res) => {
    res.status(201).json(await sightings.report(req.body, { language: requestLanguage(req), address: req.ip }));
  });

  router.get('/pets/:id/sightings', requireUser, validate(schemas.sightingsOfPet), async (req, res) => {
    res.json(await sightings.sightingsOfPet(userId(req), req.params.id));
  });

  router.post('/pets/:id/sightings/:sightingId/hide', requireUser, validate(schemas.hide), async (req, res) => {
    await sightings.hide(userId(req), req.params.id, req.params.sightingId);
    res.status(204).end();
  });

  // Replies count with the owners' replies to finders: one limit for everything owners write to strangers.
  router.post(
    '/pets/:id/sightings/:sightingId/replies',
    requireUser,
    validate(schemas.reply),
    rateLimit(rateLimits, { name: 'owner-reply', ...OWNER_REPLY_LIMIT, key: userId, message: TOO_MANY_REPLIES }),
    async (req, res) => {
      res.status(201).json(await sightings.reply(userId(req), req.params.id, req.params.sightingId, req.body.body));
    },
  );

  // The owners' only: a sighter's photo may show their street. Its link carries the content's hash.
  router.get('/pets/:id/sightings/:sightingId/photo', requireUser, validate(schemas.photo), async (req, res) => {
    const photo = await sightings.photo(userId(req), req.params.id, req.params.sightingId);
    res.set({
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
    res.send(photo.data);
  });

  return router;
}
