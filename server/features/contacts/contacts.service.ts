import {
  CONFIRMATION_LINK_VALID_DAYS,
  CONTACT_STALE_AFTER_DAYS,
  type ContactCheck,
  type ContactConfirmation,
  type ContactConfirmationLink,
} from '../../../shared/contracts/contacts';
import type { Db } from '../../db/connection';
import { AppError, notFound } from '../../lib/errors';
import { describeFailure, logger } from '../../lib/logger';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import type { Notification, NotificationsService } from '../notifications/notifications.service';
import { contactReminderEmail } from './contact-reminder.email';
import { presentConfirmation, presentContactCheck } from './contacts.presenter';
import {
  claimStalePets,
  confirmContactDetails,
  findPetOfLink,
  insertConfirmationLink,
  listStalePets,
  redeemConfirmationLink,
} from './contacts.repository';

interface ContactsDeps {
  db: Db;
  publicUrl: string;
  notifications: NotificationsService;
}

const DAY_MS = 24 * 3600 * 1000;
/** How often an instance looks for pets due a reminder; the claim in the database makes it once per period anyway. */
export const CONTACT_REMINDER_INTERVAL_MS = 3600 * 1000;
// The first round comes soon after start, so instances that restart more often than hourly still run it.
const FIRST_ROUND_DELAY_MS = 60 * 1000;
const BATCH = 50;

/** One answer for a link that is unknown, forged, used or expired: none of them says more. */
export const LINK_REFUSED = 'This link has expired or has already been used.';
const linkRefused = () => new AppError(404, 'not_found', LINK_REFUSED);

export function createContactsService({ db, publicUrl, notifications }: ContactsDeps) {
  /**
   * Claims the pets due a reminder in batches and, in the same transaction as each claim, makes
   * their confirmation links and queues their e-mails; then sends them. Answers how many it queued.
   */
  async function sendDueReminders(now = new Date()): Promise<number> {
    let queuedInAll = 0;
    for (;;) {
      const { claimed, queued } = await db.transaction(async (tx) => {
        const claimed = await claimStalePets(tx, { now, days: CONTACT_STALE_AFTER_DAYS, limit: BATCH });
        const emails: (Notification | undefined)[] = [];
        for (const pet of claimed) {
          const { token, hash } = newSecretToken();
          const expiresAt = new Date(now.getTime() + CONFIRMATION_LINK_VALID_DAYS * DAY_MS);
          await insertConfirmationLink(tx, { tokenHash: hash, petId: pet.id, createdBy: pet.userId, expiresAt });
          const email = contactReminderEmail(
            pet,
            `${publicUrl}/confirm-contact/${token}`,
            `${publicUrl}/edit-pet/${pet.id}`,
          );
          emails.push(await notifications.queue(email, tx));
        }
        return { claimed: claimed.length, queued: emails.filter((email) => email !== undefined) };
      });
      for (const notification of queued) await notifications.deliver(notification);
      queuedInAll += queued.length;
      if (claimed < BATCH) break;
    }
    if (queuedInAll > 0) logger.info({ count: queuedInAll }, 'contact detail reminders queued');
    return queuedInAll;
  }

  return {
    /** The owner (or a co-owner) says the pet's contact details are right. */
    async confirm(userId: string, petId: string): Promise<ContactConfirmation> {
      const row = await confirmContactDetails(db, petId, userId);
      if (!row) throw notFound('Pet');
      return presentConfirmation(row);
    },

    /** The pets whose details were not confirmed for CONTACT_STALE_AFTER_DAYS: the dashboard's banner. */
    async dueChecks(userId: string): Promise<ContactCheck[]> {
      return (await listStalePets(db, userId, CONTACT_STALE_AFTER_DAYS)).map(presentContactCheck);
    },

    /** What a confirmation link's page shows; reading it confirms nothing (mail scanners follow links). */
    async describeLink(token: string): Promise<ContactConfirmationLink> {
      const link = await findPetOfLink(db, hashSecretToken(token));
      if (!link) throw linkRefused();
      return link;
    },

    /** Confirms the pet's details through the e-mailed link, without sign-in; the link then works no more. */
    async confirmByLink(token: string): Promise<ContactConfirmation> {
      const row = await redeemConfirmationLink(db, hashSecretToken(token));
      if (!row) throw linkRefused();
      return presentConfirmation(row);
    },

    sendDueReminders,

    /** Runs `sendDueReminders` every `intervalMs` in the background; answers the function that stops it. */
    startReminders(intervalMs = CONTACT_REMINDER_INTERVAL_MS) {
      let running: Promise<unknown> | undefined;
      const round = () => {
        running ??= sendDueReminders()
          .catch((err) => logger.warn(describeFailure(err), 'contact detail reminders not processed'))
          .finally(() => {
            running = undefined;
          });
      };
      const first = setTimeout(round, Math.min(FIRST_ROUND_DELAY_MS, intervalMs));
      const timer = setInterval(round, intervalMs);
      first.unref();
      timer.unref();
      return async () => {
        clearTimeout(first);
        clearInterval(timer);
        await running;
      };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
