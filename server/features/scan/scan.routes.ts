import { Router } from 'express';
import { APP_SCAN_PAGE_NAMESPACES } from '../../../shared/i18n/strings';
import { pageStrings, requestLanguage } from '../../lib/i18n';

export function scanRoutes() {
  const router = Router();

  // The app's scan page, for a signed-in visitor, in the language the server's page would use.
  router.get('/finder-strings', (req, res) => {
    res.json(pageStrings(requestLanguage(req), APP_SCAN_PAGE_NAMESPACES));
  });

  return router;
}
