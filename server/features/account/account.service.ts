import { strToU8, type Zippable, zipSync } from 'fflate';
import type { Db } from '../../db/connection';
import { unauthorized } from '../../lib/errors';
import type { PaymentsService } from '../payments/payments.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { presentAccountExport } from './account.presenter';
import { deleteAccount, readAccountData } from './account.repository';

const EXPORT_DOCUMENT = 'homeward-data.json';

interface AccountDeps {
  db: Db;
  payments: PaymentsService;
  rateLimits: RateLimitsService;
}

export function createAccountService({ db, payments, rateLimits }: AccountDeps) {
  return {
    /** The owner's data as a ZIP: the JSON document, and the photos as they are (already compressed, so stored). */
    async exportData(userId: string, now = new Date()) {
      const data = await readAccountData(db, userId);
      if (!data) throw unauthorized();
      const { document, photos } = presentAccountExport(data, now);
      const files: Zippable = { [EXPORT_DOCUMENT]: strToU8(JSON.stringify(document, null, 2)) };
      for (const { file, bytes } of photos) files[file] = [bytes, { level: 0 }];
      return {
        filename: `homeward-data-${now.toISOString().slice(0, 10)}.zip`,
        zip: zipSync(files, { level: 6, mtime: now }),
      };
    },

    /**
     * Deletes the account and everything of the user's; their paid orders stay, without personal
     * details, here and at the payment processor.
     */
    async deleteAccount(userId: string) {
      await payments.erasePaymentDetails(userId);
      if (!(await deleteAccount(db, userId))) throw unauthorized();
      await rateLimits.forgetUser(userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
