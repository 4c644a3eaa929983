import { Router } from 'express';
import { requireUser, userId } from '../../auth/require-user';
import { matchesEtag } from '../../lib/http';
import { requestLanguage } from '../../lib/i18n';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { dataUrlBytes } from './found-report.photos';
import { foundReportsSchemas as schemas } from './found-reports.schemas';

export function foundReportsRoutes({ foundReports }: Services) {
  const router = Router();

  // Public, signed in or out: a finder needs no account.
  router.post('/found-reports', validate(schemas.create), async (req, res) => {
    const photos = req.body.photoUrls.map((url, index) => dataUrlBytes(url, index));
    res.status(201).json(
      await foundReports.create(req.body, photos, {
        language: requestLanguage(req),
        address: req.ip,
        userId: req.user?.id,
      }),
    );
  });

  // Public. A closed report must leave the board at once: never served stale.
  router.get('/found-reports', validate(schemas.board), async (req, res) => {
    res.set('Cache-Control', 'no-cache').json(await foundReports.near(req.query));
  });

  router.get('/found-reports/:id', validate(schemas.byId), async (req, res) => {
    res.json(await foundReports.view(req.params.id));
  });

  // The link carries the content hash: the bytes behind one link never change.
  router.get('/found-reports/:id/photos/:position', validate(schemas.photo), async (req, res) => {
    const photo = await foundReports.photo(req.params.id, req.params.position);
    const size = req.query.size;
    const data = size === 160 ? photo.thumbnail : size === 320 ? photo.medium : photo.data;
    const etag = `"${photo.hash}-${size}"`;
    res.set({
      'Content-Type': 'image/jpeg',
      ETag: etag,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
    if (matchesEtag(req.get('if-none-match'), etag)) {
      res.status(304).end();
      return;
    }
    res.send(data);
  });

  // 'This Is My Pet', for the app: the owner picks one of their missing pets.
  router.post('/found-reports/:id/claim', requireUser, validate(schemas.claim), async (req, res) => {
    res.status(201).json(
      await foundReports.claimForPet({
        foundReportId: req.params.id,
        petId: req.body.petId,
        userId: userId(req),
        message: req.body.message,
      }),
    );
  });

  return router;
}
