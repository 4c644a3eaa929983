import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { logger } from '../../lib/logger';
import {
  type Executor,
  insertNotification,
  markNotificationSent,
  type NewNotification,
  type Notification,
} from './notifications.repository';

export type { NewNotification, Notification };

export interface Notifier {
  /** Writes the e-mail to the outbox, inside the caller's transaction when one is given. */
  queue(email: NewNotification, db?: Executor): Promise<Notification>;
  /**
   * Sends a queued e-mail (SMTP) or prints it to the log (outbox mode), then marks it sent.
   * Never throws: the event behind it has already happened. A failed send leaves the row with no
   * sentAt, so what did not go out stays visible in the outbox.
   */
  deliver(notification: Notification): Promise<void>;
}

// A slow mail server must not hold a connection open for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** E-mail to owners: SMTP through nodemailer when SMTP_URL is set, otherwise the outbox only. */
export function createNotifier(mail: Config['mail'], db: Db): Notifier {
  const transport = mail.mode === 'smtp' ? nodemailer.createTransport({ url: mail.url, ...SMTP_TIMEOUTS }) : null;

  return {
    queue: (email, executor = db) => insertNotification(executor, email),

    async deliver(notification) {
      try {
        if (transport) {
          await transport.sendMail({
            from: mail.from,
            to: notification.recipient,
            subject: notification.subject,
            text: notification.body,
          });
          logger.info('e-mail sent', { notificationId: notification.id });
        } else {
          // Development only (no SMTP_URL): reading the message in the log is the point of the outbox.
          logger.info('e-mail kept in the outbox (SMTP_URL is not set)', {
            notificationId: notification.id,
            to: notification.recipient,
            subject: notification.subject,
            body: notification.body,
          });
        }
        await markNotificationSent(db, notification.id);
      } catch (err) {
        // Codes only: a mail server's sentence may quote the recipient's address.
        const { code, responseCode } = (err ?? {}) as { code?: string; responseCode?: number };
        logger.warn('e-mail not sent', { notificationId: notification.id, code, responseCode });
      }
    },
  };
}
