import { type Request, type Response, Router } from 'express';
import type { DeleteAccountResponse } from '../../../shared/contracts/account';
import { requireUser, userId } from '../../auth/require-user';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { accountSchemas as schemas } from './account.schemas';

/** Ends this browser's session and answers where it goes to end the identity provider's session too. */
export type SignOut = (req: Request, res: Response) => Promise<string>;

/** The owner's own data: take it away, or delete it all. */
export function accountRoutes({ account }: Services, signOut: SignOut) {
  const router = Router();

  router.get('/account/export', requireUser, async (req, res) => {
    const { filename, zip } = await account.exportData(userId(req));
    res.type('application/zip').attachment(filename).send(Buffer.from(zip));
  });

  // The app says its browser's time zone once it changes; the owner's e-mails tell times in it.
  router.put('/account/time-zone', requireUser, validate(schemas.timeZone), async (req, res) => {
    await account.setTimeZone(userId(req), req.body.timeZone);
    res.status(204).end();
  });

  router.delete('/account', requireUser, validate(schemas.delete), async (req, res) => {
    await account.deleteAccount(userId(req));
    res.json({ signOutUrl: await signOut(req, res) } satisfies DeleteAccountResponse);
  });

  return router;
}
