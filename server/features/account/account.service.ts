import { strToU8, type Zippable, zipSync } from 'fflate';
import type { Db } from '../../db/connection';
import { unauthorized } from '../../lib/errors';
import { displayName } from '../circle/circle.presenter';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PaymentsService } from '../payments/payments.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { creatorDeletedAccountEmail } from './account.emails';
import { presentAccountExport } from './account.presenter';
import {
  deleteAccount,
  findAccountName,
  listCoOwnersOfCreatedPets,
  readAccountData,
  setTimeZone,
} from './account.repository';

const EXPORT_DOCUMENT = 'homeward-data.json';

interface AccountDeps {
  db: Db;
  publicUrl: string;
  payments: PaymentsService;
  rateLimits: RateLimitsService;
  notifications: NotificationsService;
}

export function createAccountService({ db, publicUrl, payments, rateLimits, notifications }: AccountDeps) {
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

    /** The time zone the owner's e-mails tell times in. */
    async setTimeZone(userId: string, timeZone: string) {
      await setTimeZone(db, userId, timeZone);
    },

    /**
     * Deletes the account and everything of the user's; their paid orders stay, without personal
     * details, here and at the payment processor.
     */
    async deleteAccount(userId: string) {
      // Read first: the pets and their circles go with the account.
      const account = await findAccountName(db, userId);
      const coOwners = await listCoOwnersOfCreatedPets(db, userId);
      await payments.erasePaymentDetails(userId);
      if (!account || !(await deleteAccount(db, userId))) throw unauthorized();
      await rateLimits.forgetUser(userId);
      // Each co-owner learns why the pet left their dashboard and its alerts stopped.
      for (const { petName, ...to } of coOwners) {
        const email = creatorDeletedAccountEmail({ petName, creator: displayName(account), to }, publicUrl);
        void notifications.deliver(await notifications.queue(email));
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
