import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/connection';
import { leaseKeeper } from '../../lib/lease-keeper';
import { describeFailure, logger } from '../../lib/logger';
import { mapBounded } from '../../lib/map-bounded';
import { retryThroughRestart } from '../../lib/retry-through-restart';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import {
  addressHash,
  claimDueNotifications,
  confirmMailRecipient,
  confirmNotificationClaim,
  hasVouchedAddress,
  insertNotification,
  insertNotifications,
  lockMailRecipient,
  markNotificationRefused,
  markNotificationSent,
  type NewNotification,
  type Notification,
  planNotificationRetry,
  recordMailToRecipient,
  refuseMailByToken,
  renewNotificationLeases,
  vouchedAccounts,
} from './notifications.repository';

export type { NewNotification, Notification };
export { addressHash };

/**
 * What the first e-mail Homeward ever sends to an address must offer besides its link: a way to
 * refuse any more (`refusalUrl`, a page that works without an account or a script).
 */
export interface FirstContact {
  refusalUrl: string;
}

/**
 * E-mails an address that belongs to no account may receive in a day once its owner opened one of
 * our links, whoever sends them: a conversation in earnest, never a flood.
 */
export const ADDRESS_MAIL_PER_DAY = 10;
const DAY_MS = 86_400_000;

/** The path of the page where an address's owner refuses all further e-mail. */
export const refusalPath = (token: string) => `/mail/stop/${token}`;

export interface NotificationsService {
  /**
   * Writes the e-mail to the outbox, inside the caller's transaction when one is given. An e-mail
   * to an account whose address its identity provider did not vouch for is not written (undefined):
   * the address may be someone else's, typed into a provider that does not check.
   */
  queue(email: NewNotification, db?: Executor): Promise<Notification | undefined>;
  /** `queue` for many e-mails (a batch of alerts) in one statement; answers those written. */
  queueMany(emails: NewNotification[], db?: Executor): Promise<Notification[]>;
  /**
   * Writes an e-mail to an address that belongs to no account (a finder's, an invited person's),
   * in the caller's transaction. Anyone can type any address, so until its owner opens a link we
   * sent (`confirmAddress`) an address gets one e-mail from Homeward in all: `write` composes it,
   * and is given the refusal link that first e-mail must carry. After, at most
   * ADDRESS_MAIL_PER_DAY a day, whoever sends; after a refusal, none. Undefined when it is held
   * back, nothing written (`write` is not even called).
   */
  queueToAddress(
    address: string,
    write: (firstContact: FirstContact | null) => Promise<NewNotification> | NewNotification,
    tx: Executor,
  ): Promise<Notification | undefined>;
  /** The owner of the address hashed as `hash` opened a link we e-mailed there. */
  confirmAddress(hash: string, db?: Executor): Promise<void>;
  /**
   * Whether the refusal link's token names an address; with `refuse`, that address gets no more
   * e-mail from Homeward. Undefined for a token that names none; else whether it is refused.
   */
  refusal(token: string, refuse: boolean): Promise<{ refused: boolean } | undefined>;
  /**
   * Makes the first attempt at a queued e-mail, right after its event. Never throws: the event has
   * already happened, and a failed send is left to `retryDue`.
   */
  deliver(notification: Notification | undefined): Promise<void>;
  /** `deliver` for many: one claim for all, then a few sent at a time. Never throws either. */
  deliverMany(notifications: Notification[]): Promise<void>;
  /** Makes the attempts due by `now` (the database's clock if not given) on e-mails not yet sent. Never throws either. */
  retryDue(now?: Date): Promise<void>;
  /** Retries failed e-mails every `intervalMs` in the background; answers the function that stops it. */
  startRetries(intervalMs?: number): () => Promise<void>;
}

/**
 * How long to wait after the 1st, 2nd, … failed attempt before the next: about 15 hours in all, as
 * a mail server may be down for a while. After the last attempt the e-mail stays unsent in the
 * outbox (the owner still sees the report in the app).
 */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 12 * 3600];
/** Attempts at one e-mail: the first and one after each delay. */
export const EMAIL_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/**
 * How long a claim holds an e-mail: renewed every third of it while it waits in its batch or is
 * sent (a slow mail server may take minutes), so that an e-mail whose instance died is sent by
 * another at its next retry round after about this long.
 */
const EMAIL_LEASE_SECONDS = 15;
/** How often each instance looks for e-mails due: retries, and those another instance left. */
const RETRY_ROUND_MS = 5_000;

/** E-mails claimed at a time by a round of retries. */
const BATCH = 20;
/** E-mails of a batch or a round sent at once: each is its own SMTP conversation. */
const SENDS_AT_ONCE = 5;

// A server that cannot be reached or does not greet is given up on soon. Once it has the message,
// its answer to the final '.' is waited for as RFC 5321 (4.5.3.2.6) asks, up to 10 minutes: given
// up on sooner, a message the server had taken was sent again (an operator saw three copies from a
// server taking 20 s). The claim's lease is renewed meanwhile, so no other instance sends it.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10 * 60_000 };

/** E-mail to owners: SMTP through nodemailer when SMTP_URL is set, otherwise the outbox only. */
export function createNotificationsService({
  db,
  mail,
  publicUrl,
  leaseSeconds = EMAIL_LEASE_SECONDS,
}: {
  db: Db;
  mail: Config['mail'];
  publicUrl: string;
  leaseSeconds?: number;
}): NotificationsService {
  const leases = leaseKeeper(
    'e-mails',
    (ids) => renewNotificationLeases(db, ids, leaseSeconds),
    (leaseSeconds * 1000) / 3,
  );
  const transport = mail.mode === 'smtp' ? nodemailer.createTransport({ url: mail.url, ...SMTP_TIMEOUTS }) : null;
  const messageIdHost = new URL(publicUrl).hostname;

  /** Sends one claimed e-mail, if it is still this instance's; `now` is the claim's clock, for its retry. */
  async function send(notification: Notification, now?: Date) {
    try {
      if (!(await confirmNotificationClaim(db, notification.id, notification.attempts, leaseSeconds))) {
        logger.info({ notificationId: notification.id }, 'e-mail taken over by another instance; not sent here');
        return;
      }
    } catch (err) {
      // The database is away: whoever holds the claim when it is back sends it.
      logger.warn({ notificationId: notification.id, ...describeFailure(err) }, 'e-mail claim not confirmed');
      return;
    }
    try {
      if (transport) {
        await transport.sendMail({
          from: mail.from,
          to: notification.recipient,
          subject: notification.subject,
          text: notification.body,
          // The outbox's own id: an e-mail sent again (sent, but not recorded as sent) is the same
          // message, which mail providers show once.
          messageId: `<${notification.id}@${messageIdHost}>`,
          // Header lines of the e-mail's own (a one-click unsubscribe), as they were queued.
          ...(notification.headers && { headers: notification.headers }),
        });
        logger.info(
          { notificationId: notification.id, userId: notification.userId, attempt: notification.attempts },
          'e-mail sent',
        );
      } else {
        // The log never holds an address or a message: `npm run outbox` shows the e-mail itself.
        logger.info(
          { notificationId: notification.id, userId: notification.userId },
          'e-mail queued in the outbox (SMTP_URL is not set)',
        );
      }
    } catch (err) {
      // Codes only: a mail server's sentence may quote the recipient's address.
      const { code, responseCode } = (err ?? {}) as { code?: string; responseCode?: number };
      if (responseCode !== undefined && responseCode >= 500 && responseCode < 600) {
        logger.error(
          { notificationId: notification.id, attempt: notification.attempts, code, responseCode },
          'e-mail refused by the mail server; not retried',
        );
        return markNotificationRefused(db, notification.id).catch((error) =>
          logger.warn({ notificationId: notification.id, ...describeFailure(error) }, 'e-mail refusal not recorded'),
        );
      }
      const delaySeconds = RETRY_DELAYS_SECONDS[notification.attempts - 1];
      logger[delaySeconds === undefined ? 'error' : 'warn'](
        { notificationId: notification.id, attempt: notification.attempts, code, responseCode },
        delaySeconds === undefined ? 'e-mail not sent; no attempts left' : 'e-mail not sent; will retry',
      );
      if (delaySeconds === undefined) return;
      return planNotificationRetry(db, notification.id, { now, delaySeconds }).catch((error) =>
        // Its lease ends soon all the same: it is tried again then, only sooner than planned.
        logger.warn({ notificationId: notification.id, ...describeFailure(error) }, 'e-mail retry not planned'),
      );
    }
    await recordSent(notification);
  }

  // An e-mail the mail server took is recorded as sent; should the database be away at that moment,
  // recording it waits out a restart before the outbox's own retry, which would send it again.
  async function recordSent(notification: Notification) {
    try {
      await retryThroughRestart(
        () => markNotificationSent(db, notification.id),
        (err) =>
          logger.warn({ notificationId: notification.id, ...describeFailure(err) }, 'e-mail sent; not recorded yet'),
      );
    } catch {
      logger.error({ notificationId: notification.id }, 'e-mail sent but not recorded: the outbox will send it again');
    }
  }

  // Once its rounds are stopped (the process is shutting down) nothing more is claimed: an e-mail
  // queued meanwhile is another instance's at its next round, not this one's until it is killed.
  let stopped = false;

  async function claimAndSend(claim: { now?: Date; ids?: string[] }) {
    if (stopped) return;
    try {
      // A round sends everything due, a batch at a time: after a long outage the outbox empties in
      // one round. A batch's failures are due again only later, so the loop ends.
      let claimed: Notification[];
      do {
        claimed = await claimDueNotifications(db, {
          ...claim,
          attempts: EMAIL_ATTEMPTS,
          leaseSeconds,
          limit: claim.ids?.length ?? BATCH,
        });
        const batch = claimed;
        // A few at a time, in a round as in a batch: the instance that takes over what a killed one
        // held sent one at a time, a mail server's latency each.
        await leases.holding(
          batch.map((notification) => notification.id),
          () => mapBounded(batch, SENDS_AT_ONCE, (notification) => send(notification, claim.now)),
        );
      } while (claim.ids === undefined && claimed.length === BATCH && !stopped);
    } catch (err) {
      // The database is unreachable: the e-mails stay due and the next round picks them up.
      logger.warn(describeFailure(err), 'outbox not processed');
    }
  }

  const retryDue = (now?: Date) => claimAndSend({ now });

  return {
    async queue(email, executor = db) {
      if (email.userId && !(await hasVouchedAddress(executor, email.userId))) {
        logger.info({ userId: email.userId, petId: email.petId }, 'e-mail not queued: the address is not verified');
        return undefined;
      }
      return insertNotification(executor, email);
    },
    async queueMany(emails, executor = db) {
      const userIds = [...new Set(emails.flatMap((email) => (email.userId ? [email.userId] : [])))];
      const vouched = await vouchedAccounts(executor, userIds);
      const held = emails.filter((email) => email.userId && !vouched.has(email.userId));
      if (held.length > 0) logger.info({ count: held.length }, 'e-mails not queued: the addresses are not verified');
      return insertNotifications(
        executor,
        emails.filter((email) => !email.userId || vouched.has(email.userId)),
      );
    },
    async queueToAddress(address, write, tx) {
      const hash = addressHash(address);
      const recipient = await lockMailRecipient(tx, hash);
      const now = new Date();
      const newDay = now.getTime() - recipient.dayStartedAt.getTime() >= DAY_MS;
      const sentToday = newDay ? 0 : recipient.dayCount;
      const heldBecause = recipient.refusedAt
        ? 'refused'
        : !recipient.confirmedAt && recipient.firstMailAt
          ? 'never confirmed'
          : sentToday >= ADDRESS_MAIL_PER_DAY
            ? 'daily cap'
            : undefined;
      if (heldBecause) {
        // Neither the address nor its hash: the log says only that one was held back, and why.
        logger.info({ reason: heldBecause }, 'e-mail to an address without an account held back');
        return undefined;
      }
      const refusal = recipient.firstMailAt ? undefined : newSecretToken();
      await recordMailToRecipient(tx, hash, {
        dayStartedAt: newDay ? now : recipient.dayStartedAt,
        dayCount: sentToday + 1,
        ...(refusal ? { refusalTokenHash: refusal.hash } : {}),
      });
      if (!refusal) return insertNotification(tx, await write(null));
      const refusalUrl = `${publicUrl}${refusalPath(refusal.token)}`;
      const email = await write({ refusalUrl });
      // The refusal as the mail program's own Unsubscribe (RFC 8058): a provider's one-click POST
      // carries no origin, which the page's form takes.
      return insertNotification(tx, {
        ...email,
        headers: {
          ...email.headers,
          'List-Unsubscribe': `<${refusalUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    },
    confirmAddress: (hash, executor = db) => confirmMailRecipient(executor, hash),
    async refusal(token, refuse) {
      const row = await refuseMailByToken(db, hashSecretToken(token), refuse);
      if (!row) return undefined;
      if (refuse) logger.info('an address refused all further e-mail');
      return { refused: row.refusedAt !== null };
    },
    deliver: async (notification) => notification && claimAndSend({ ids: [notification.id] }),
    deliverMany: async (notifications) => {
      if (notifications.length > 0) await claimAndSend({ ids: notifications.map((n) => n.id) });
    },
    retryDue,
    startRetries(intervalMs = RETRY_ROUND_MS) {
      let running: Promise<void> | undefined;
      const timer = setInterval(() => {
        running ??= retryDue().finally(() => {
          running = undefined;
        });
      }, intervalMs);
      timer.unref();
      return async () => {
        stopped = true;
        clearInterval(timer);
        await running;
      };
    },
  };
}
