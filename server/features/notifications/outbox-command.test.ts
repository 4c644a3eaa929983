import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../shared/schema';
import { eventually } from '../../../tests/support/eventually';
import { buildFinderReport, insertPet, userIdOf } from '../../../tests/support/factories';
import { Session, signedIn } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { EMAIL_ATTEMPTS } from './notifications.service';
import { runOutboxCommand } from './outbox-command';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOutboxCommand(app.database.db, 'outbox', args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A finder's report, whose e-mail to the owner goes to the outbox. */
async function reportFound() {
  const owner = await signedIn(app.url);
  const ownerId = await userIdOf(owner);
  const pet = await insertPet(app.database.db, ownerId);
  const finderLocation = `Bench ${Math.random().toString(36).slice(2)} in Riverside park`;
  const res = await new Session(app.url).post(
    '/api/gps-pings',
    buildFinderReport(pet.id, { finderLocation, message: 'Safe with me' }),
  );
  expect(res.status).toBe(201);
  return { owner, ownerId, pet, finderLocation };
}

/** The owner's e-mail once the server has dealt with it, which it does just after answering the finder. */
async function handedToOutbox(userId: string) {
  const [mail] = await eventually(
    () => app.database.db.select().from(notifications).where(eq(notifications.userId, userId)),
    (mails) => mails[0]?.sentAt != null,
  );
  return mail;
}

describe('the outbox command (npm run outbox)', () => {
  it('when e-mails were queued without SMTP, then it prints each with its address, subject and text', async () => {
    const { owner, ownerId, pet, finderLocation } = await reportFound();
    const mail = await handedToOutbox(ownerId);
    const { code, out } = await run('--last', '500');
    expect(code).toBe(0);
    expect(out).toMatch(
      new RegExp(`── ${mail.id.slice(0, 8)} · .+ · done .+ UTC: kept in the outbox \\(SMTP_URL is not set here\\)`),
    );
    expect(out).toContain(`To: ${owner.person.email}`);
    expect(out).toContain(`Subject: ${pet.name}: a finder shared a location`);
    expect(out).toContain(`Where: ${finderLocation}`);
    expect(out).toContain('Safe with me');
  });

  it('when asked for the unsent ones, then only e-mails not sent show, with how far their attempts got', async () => {
    const { owner, ownerId } = await reportFound();
    const [gaveUp] = await app.database.db
      .insert(notifications)
      .values({
        userId: ownerId,
        recipient: owner.person.email,
        subject: 'Given up on',
        body: 'Never delivered',
        attempts: EMAIL_ATTEMPTS,
      })
      .returning();
    const { out } = await run('--unsent', '--last', '500');
    expect(out).toContain(`── ${gaveUp.id.slice(0, 8)}`);
    expect(out).toContain(`not sent: gave up after ${EMAIL_ATTEMPTS} attempts`);
    expect(out).not.toContain('kept in the outbox');
    await app.database.db.delete(notifications).where(eq(notifications.id, gaveUp.id));
  });

  it.each([['--last', '0'], ['--last', 'many'], ['--all'], ['--last']])(
    'when given %s, then it prints how to use it and exits with 2',
    async (...args) => {
      const { code, err } = await run(...args);
      expect(code).toBe(2);
      expect(err).toContain('Usage: npm run outbox -- [--unsent] [--last N]');
    },
  );

  it('when run as the real script beside the running server, then it reads the same database', async () => {
    const { owner } = await reportFound();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/outbox.ts', '--last', '500'],
      {
        env: {
          ...process.env,
          DATA_DIR: process.env.TEST_DATA_DIR as string,
          LOG_LEVEL: 'silent',
        },
      },
    );
    expect(stdout).toContain(`To: ${owner.person.email}`);
  });
});
