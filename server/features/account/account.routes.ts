import { Router } from 'express';
import { type DeleteAccountResponse, deleteAccountSchema } from '../../../shared/contracts/account';
import { requireUser, userId } from '../../auth/require-user';
import { endSession } from '../../auth/sessions';
import { validateBody } from '../../lib/validate';
import type { AccountService } from './account.service';

interface AccountRouteDeps {
  account: AccountService;
  /** Where the browser ends the identity provider's session too, given the ID token of this one. */
  signOutUrl(idToken: string | undefined): Promise<string>;
}

/** The owner's own data: take it away, or delete it all. */
export function accountRoutes({ account, signOutUrl }: AccountRouteDeps) {
  const router = Router();

  router.get('/account/export', requireUser, async (req, res) => {
    const { filename, zip } = await account.exportData(userId(req));
    res.type('application/zip').attachment(filename).send(Buffer.from(zip));
  });

  router.delete('/account', requireUser, validateBody(deleteAccountSchema), async (req, res) => {
    const idToken = req.user?.idToken;
    await account.deleteAccount(userId(req));
    const next = await signOutUrl(idToken);
    await endSession(req, res);
    res.json({ signOutUrl: next } satisfies DeleteAccountResponse);
  });

  return router;
}
