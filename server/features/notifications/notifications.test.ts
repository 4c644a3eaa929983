import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../shared/schema';
import { eventually } from '../../../tests/support/eventually';
import { type SmtpDouble, startSmtpDouble } from '../../../tests/support/smtp-double';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { claimDueNotifications, confirmNotificationClaim } from './notifications.repository';
import { createNotificationsService, EMAIL_ATTEMPTS } from './notifications.service';

// Two instances share one outbox. The claim's lease is a second here, where it is 15 s in service.
// The app's own outbox runs its rounds too, to the same mail server: whichever instance sends an
// e-mail, it is received once.
let app: TestApp;
let smtp: SmtpDouble;
beforeAll(async () => {
  smtp = await startSmtpDouble();
  app = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const instance = () =>
  createNotificationsService({
    db: app.database.db,
    mail: { mode: 'smtp', url: smtp.url, from: 'Homeward <alerts@homeward.test>' },
    publicUrl: app.url,
    leaseSeconds: 1,
  });
const queued = (subject: string) =>
  instance().queue({ userId: null, recipient: 'neighbour@example.org', subject, body: '…' });
const receivedAs = (subject: string) => smtp.received.filter((mail) => mail.data.includes(`Subject: ${subject}`));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the outbox across instances', () => {
  it('when the instance that claimed an e-mail dies before sending it, then another sends it once its short lease ends', async () => {
    const subject = `Left behind ${Date.now()}`;
    const email = await queued(subject);
    // Claimed as an instance about to die does it: nothing renews the claim after this.
    await claimDueNotifications(app.database.db, {
      ids: [email!.id],
      attempts: EMAIL_ATTEMPTS,
      leaseSeconds: 1,
      limit: 1,
    });
    const survivor = instance();
    await survivor.retryDue();
    expect(receivedAs(subject)).toHaveLength(0);

    await pause(1100);
    await survivor.retryDue();
    expect(receivedAs(subject)).toHaveLength(1);
  });

  it('when an instance frozen past its lease comes back, then its claim is no longer good, and it does not send the e-mail another took over', async () => {
    const subject = `Frozen ${Date.now()}`;
    const email = await queued(subject);
    const claim = (leaseSeconds: number) =>
      claimDueNotifications(app.database.db, { ids: [email!.id], attempts: EMAIL_ATTEMPTS, leaseSeconds, limit: 1 });
    const [frozen] = await claim(60);
    // Its lease over while it was frozen.
    await app.database.db
      .update(notifications)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(notifications.id, email!.id));
    const [takenOver] = await claim(60);
    expect(takenOver.attempts).toBe(frozen.attempts + 1);
    expect(await confirmNotificationClaim(app.database.db, email!.id, frozen.attempts, 15)).toBe(false);
    expect(await confirmNotificationClaim(app.database.db, email!.id, takenOver.attempts, 15)).toBe(true);
  });

  it('when an instance is stopping, then it sends nothing more, and another sends what was queued meanwhile', async () => {
    const subject = `Queued while stopping ${Date.now()}`;
    const stopping = instance();
    await stopping.startRetries(60_000)();
    const email = await stopping.queue({ userId: null, recipient: 'neighbour@example.org', subject, body: '…' });
    await stopping.deliver(email);
    expect(receivedAs(subject)).toHaveLength(0);

    await instance().retryDue();
    expect(receivedAs(subject)).toHaveLength(1);
  });

  it('when a mail server takes longer than the lease, then the claim is kept while it sends, and no other instance sends the e-mail again', async () => {
    const subject = `Slow server ${Date.now()}`;
    const email = await queued(subject);
    smtp.slowMs = 2500;
    try {
      const sending = instance().deliver(email);
      const other = instance();
      for (let i = 0; i < 8; i++) {
        await pause(300);
        await other.retryDue();
      }
      await sending;
    } finally {
      smtp.slowMs = 0;
    }
    await eventually(
      () => app.database.db.select().from(notifications).where(eq(notifications.id, email!.id)),
      ([row]) => row?.sentAt != null,
    );
    expect(receivedAs(subject)).toHaveLength(1);
  });
});
