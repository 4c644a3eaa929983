import { type Request, type Response, Router } from 'express';
import type { Language } from '../../../shared/i18n/languages';
import { matchesEtag } from '../../lib/http';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { CARD_TYPE } from './preview-card';
import { previewsSchemas as schemas } from './previews.schemas';
import type { CardAsker, DrawnCard } from './previews.service';

export function previewsRoutes({ previews }: Services) {
  const router = Router();

  /**
   * Public: unfurlers fetch it without cookies. The address a page gives carries the card's
   * version, so that card never changes and may be kept for a year; under another (an old link) the
   * card is as it is now, revalidated on every use.
   */
  const sendCard =
    (cardOf: (req: Request, asker: CardAsker) => Promise<DrawnCard>) => async (req: Request, res: Response) => {
      const ifNoneMatch = req.get('if-none-match');
      const card = await cardOf(req, {
        address: req.ip ?? 'unknown',
        holds: (version) => matchesEtag(ifNoneMatch, `"${version}"`),
      });
      res.set({
        'Content-Type': CARD_TYPE,
        ETag: `"${card.version}"`,
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
    };

  router.get(
    '/pets/:id/card.jpg',
    validate(schemas.card),
    // `lang` as the schema left it: one of ours, English when the address named none of them.
    sendCard((req, asker) => previews.card(req.params.id as string, req.query.lang as Language, asker)),
  );
  router.get(
    '/found-reports/:id/card.jpg',
    validate(schemas.foundCard),
    sendCard((req, asker) => previews.foundCard(req.params.id as string, req.query.lang as Language, asker)),
  );

  return router;
}
