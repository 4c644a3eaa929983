import { Router } from 'express';
import { matchesEtag } from '../../lib/http';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { CARD_TYPE } from './preview-card';
import { previewsSchemas as schemas } from './previews.schemas';

export function previewsRoutes({ previews }: Services) {
  const router = Router();

  // Public: unfurlers fetch it without cookies. The address the scan page gives carries the card's
  // version, so that card never changes and may be kept for a year; under another (an old link) the
  // card is the pet as it is now, revalidated on every use.
  router.get('/pets/:id/card.jpg', validate(schemas.card), async (req, res) => {
    const ifNoneMatch = req.get('if-none-match');
    const card = await previews.card(req.params.id, req.ip ?? 'unknown', (version) =>
      matchesEtag(ifNoneMatch, `"${version}"`),
    );
    const etag = `"${card.version}"`;
    res.set({
      'Content-Type': CARD_TYPE,
      ETag: etag,
      'Cache-Control':
        req.query.v === card.version ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      'X-Content-Type-Options': 'nosniff',
      // Made to be shown on other sites: a chat's web client may put the address itself in an <img>.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    if (!card.data) {
      res.status(304).end();
      return;
    }
    res.send(card.data);
  });

  return router;
}
