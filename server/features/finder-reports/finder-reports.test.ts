import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { finderReports, notifications, pets, rateLimits } from '../../../shared/schema';
import { eventually } from '../../../tests/support/eventually';
import { buildFinderReport, insertPet, signedInOwner } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import { startSmtpDouble } from '../../../tests/support/smtp-double';
import { startTestApp, startTestAppWithMail, type TestApp } from '../../../tests/support/test-app';
import { EMAIL_ATTEMPTS, RETRY_DELAYS_SECONDS } from '../notifications/notifications.service';
import { FINDER_REPORT_LIMIT, FINDER_REPORT_QUOTAS } from './finder-reports.service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function ownerWithPet(testApp: TestApp, overrides = {}) {
  const owner = await signedInOwner(testApp);
  const ownerId = owner.user.id;
  const pet = await insertPet(testApp.database.db, ownerId, overrides);
  return { owner, ownerId, pet };
}

const reportsOf = (testApp: TestApp, petId: string) =>
  testApp.database.db.select().from(finderReports).where(eq(finderReports.petId, petId));
const notificationsOf = (testApp: TestApp, userId: string) =>
  testApp.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('POST /api/gps-pings', () => {
  it('when a signed-out finder reports, then it is stored under the owner and the owner is e-mailed', async () => {
    const { owner, ownerId, pet } = await ownerWithPet(app, { isMissing: true });
    const intruder = await signedInOwner(app);
    const body = buildFinderReport(pet.id, {
      finderName: 'Robin Finder',
      finderLocation: 'Corner of Oak St and 5th Ave, by the bakery',
      message: 'He is safe with me, sitting in the shade.',
      finderLatitude: '45.523064',
      finderLongitude: '-122.676483',
      userId: intruder.user.id,
    });

    const res = await new Session(app.url).post('/api/gps-pings', body);

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      petId: pet.id,
      finderName: 'Robin Finder',
      finderLocation: body.finderLocation,
      finderLatitude: '45.523064',
      finderLongitude: '-122.676483',
      message: body.message,
    });
    expect(res.body).not.toHaveProperty('userId');
    expect(Date.parse(res.body.createdAt)).not.toBeNaN();
    const [stored] = await reportsOf(app, pet.id);
    expect(stored.userId).toBe(ownerId);

    const [mail] = await eventually(
      () => notificationsOf(app, ownerId),
      (rows) => rows[0]?.sentAt != null,
    );
    expect(mail.recipient).toBe(owner.person.email);
    expect(mail.subject).toContain(pet.name);
    expect(mail.body).toContain(body.finderLocation);
    expect(mail.body).toContain('Robin Finder');
    expect(mail.body).toContain(body.message);
    expect(mail.body).toContain(
      'https://www.openstreetmap.org/?mlat=45.523064&mlon=-122.676483#map=17/45.523064/-122.676483',
    );
    expect(mail.body).toContain(`${app.url}/pet/${pet.id}`);
    expect(mail.sentAt).not.toBeNull();
  });

  it('when the finder shares the phone position without typing a place, then the report keeps the coordinates and reads as a GPS position', async () => {
    const { ownerId, pet } = await ownerWithPet(app);
    const res = await new Session(app.url).post(
      '/api/gps-pings',
      buildFinderReport(pet.id, {
        finderLocation: '45.523064, -122.676483',
        finderLatitude: '45.523064',
        finderLongitude: '-122.676483',
      }),
    );
    expect(res.status).toBe(201);
    const [stored] = await reportsOf(app, pet.id);
    expect(stored).toMatchObject({ finderLatitude: '45.523064', finderLongitude: '-122.676483' });
    const [mail] = await notificationsOf(app, ownerId);
    expect(mail.body).toContain('Where: Shared GPS position');
    expect(mail.body).toContain('Shared GPS position: 45.5231° N, 122.6765° W');
    expect(mail.body).toContain(
      'Map: https://www.openstreetmap.org/?mlat=45.523064&mlon=-122.676483#map=17/45.523064/-122.676483',
    );
    expect(mail.body).not.toContain('My current location');
  });

  it('when the finder leaves name, message and coordinates empty, then the report is still taken', async () => {
    const { ownerId, pet } = await ownerWithPet(app);
    const res = await new Session(app.url).post('/api/gps-pings', buildFinderReport(pet.id));
    expect(res.status).toBe(201);
    const [mail] = await notificationsOf(app, ownerId);
    expect(mail.body).toContain('The finder did not leave a name');
    expect(mail.body).not.toContain('Map:');
  });

  it.each([
    ['no location', { finderLocation: undefined }, 'finderLocation'],
    ['a blank location', { finderLocation: '   ' }, 'finderLocation'],
    ['a latitude out of range', { finderLatitude: '91', finderLongitude: '10' }, 'finderLatitude'],
    ['a longitude that is not a number', { finderLatitude: '45', finderLongitude: 'east' }, 'finderLongitude'],
    ['a latitude without a longitude', { finderLatitude: '45' }, 'finderLongitude'],
    ['a message over 2000 characters', { message: 'x'.repeat(2001) }, 'message'],
    ['a location that is not text', { finderLocation: 42 }, 'finderLocation'],
  ])('when the body has %s, then 400 names the field and nothing is stored', async (_, overrides, field) => {
    const { ownerId, pet } = await ownerWithPet(app);
    const res = await new Session(app.url).post('/api/gps-pings', buildFinderReport(pet.id, overrides));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(await reportsOf(app, pet.id)).toEqual([]);
    expect(await notificationsOf(app, ownerId)).toEqual([]);
  });

  it('when the pet id is not a pet id, then 400', async () => {
    const res = await new Session(app.url).post('/api/gps-pings', buildFinderReport('not-a-uuid'));
    expect(res.status).toBe(400);
  });

  it('when the body is not JSON, then 400 or 415 and never 500', async () => {
    const session = new Session(app.url);
    const garbled = await session.request('POST', '/api/gps-pings', '{"petId":', {
      'content-type': 'application/json',
    });
    expect(garbled.status).toBe(400);
    const form = await session.request('POST', '/api/gps-pings', 'petId=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
  });

  it('when the pet does not exist, then 404 and nothing is stored', async () => {
    const missingId = crypto.randomUUID();
    const res = await new Session(app.url).post('/api/gps-pings', buildFinderReport(missingId));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Pet not found', code: 'not_found' });
    expect(await reportsOf(app, missingId)).toEqual([]);
  });

  it('when one address sends more than 10 reports a minute for a pet, then 429 with Retry-After', async () => {
    const { pet } = await ownerWithPet(app);
    const { pet: otherPet } = await ownerWithPet(app);
    const finder = new Session(app.url);
    for (let i = 0; i < FINDER_REPORT_LIMIT.limit; i++) {
      expect((await finder.post('/api/gps-pings', buildFinderReport(pet.id))).status).toBe(201);
    }

    // The same pet's id in capitals is the same pet.
    const refused = await finder.post('/api/gps-pings', buildFinderReport(pet.id.toUpperCase()));

    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      message: 'Too many reports from your connection. Please wait a minute and try again.',
      code: 'rate_limited',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await reportsOf(app, pet.id)).toHaveLength(FINDER_REPORT_LIMIT.limit);
    // The limit is per pet: the same finder can still report another pet.
    expect((await finder.post('/api/gps-pings', buildFinderReport(otherPet.id))).status).toBe(201);
  });

  it('when the rate-limit window has passed, then the counter starts again', async () => {
    const { pet } = await ownerWithPet(app);
    const finder = new Session(app.url);
    for (let i = 0; i <= FINDER_REPORT_LIMIT.limit; i++) await finder.post('/api/gps-pings', buildFinderReport(pet.id));
    expect((await finder.post('/api/gps-pings', buildFinderReport(pet.id))).status).toBe(429);

    await app.database.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `${FINDER_REPORT_LIMIT.name}:127.0.0.1:${pet.id}`));

    expect((await finder.post('/api/gps-pings', buildFinderReport(pet.id))).status).toBe(201);
  });
});

/** A report sent from another address: all of 127.0.0.0/8 reaches this machine, so each is a different finder. */
function reportFrom(address: string, body: unknown) {
  return new Promise<{ status: number; retryAfter: number; message: string }>((resolve, reject) => {
    const req = http.request(
      new URL('/api/gps-pings', app.url),
      { method: 'POST', localAddress: address, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: Number(res.headers['retry-after']),
            message: res.statusCode === 201 ? '' : JSON.parse(text).message,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Reports made `minutesAgo`, written straight to the database as if finders had sent them then. */
async function pastReports(petId: string, ownerId: string, count: number, minutesAgo: number) {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000);
  await app.database.db
    .insert(finderReports)
    .values(Array.from({ length: count }, () => ({ petId, userId: ownerId, finderLocation: 'Earlier', createdAt })));
}

describe('limits per pet and per owner, whatever the address', () => {
  const { perPet, perOwner } = FINDER_REPORT_QUOTAS;
  const refusal = /^This pet's owner has already received many reports\. Please try again in .+, or call the owner\.$/;

  it('when twenty addresses each report a pet twice at once, then the owner gets 20 reports and e-mails, the rest 429', async () => {
    expect(perPet.limit).toBe(20);
    const { ownerId, pet } = await ownerWithPet(app, { isMissing: true });
    const addresses = Array.from({ length: 20 }, (_, i) => `127.0.0.${i + 2}`);

    const answers = await Promise.all(
      addresses.flatMap((address) => [
        reportFrom(address, buildFinderReport(pet.id)),
        reportFrom(address, buildFinderReport(pet.id)),
      ]),
    );

    expect(answers.filter((a) => a.status === 201)).toHaveLength(perPet.limit);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(addresses.length * 2 - perPet.limit);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.message).toMatch(refusal);
      expect(answer.retryAfter).toBeGreaterThan(3500);
      expect(answer.retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await reportsOf(app, pet.id)).toHaveLength(perPet.limit);
    expect(await notificationsOf(app, ownerId)).toHaveLength(perPet.limit);
    // Another pet of the same owner is not held back by this one's flood.
    const otherPet = await insertPet(app.database.db, ownerId);
    expect((await reportFrom('127.0.0.99', buildFinderReport(otherPet.id))).status).toBe(201);
  });

  it('when the oldest of the last 20 reports is 59 minutes old, then the next finder waits about a minute, not an hour', async () => {
    const { ownerId, pet } = await ownerWithPet(app);
    await pastReports(pet.id, ownerId, perPet.limit - 1, 59);
    expect((await reportFrom('127.0.1.1', buildFinderReport(pet.id))).status).toBe(201);

    const refused = await reportFrom('127.0.1.2', buildFinderReport(pet.id));

    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect(refused.message).toBe(
      "This pet's owner has already received many reports. Please try again in 1 minute, or call the owner.",
    );
  });

  it('when an owner has had 60 reports today across pets, then a report on any of their pets is refused until the day has passed', async () => {
    expect(perOwner.limit).toBe(60);
    const { ownerId, pet } = await ownerWithPet(app);
    const otherPet = await insertPet(app.database.db, ownerId);
    // Spread over earlier hours, so that no single pet is at its hourly limit.
    await pastReports(pet.id, ownerId, perOwner.limit - 2, 23 * 60);
    expect((await reportFrom('127.0.2.1', buildFinderReport(pet.id))).status).toBe(201);
    expect((await reportFrom('127.0.2.2', buildFinderReport(otherPet.id))).status).toBe(201);

    const refused = await reportFrom('127.0.2.3', buildFinderReport(otherPet.id));

    expect(refused.status).toBe(429);
    expect(refused.message).toBe(
      "This pet's owner has already received many reports. Please try again in 60 minutes, or call the owner.",
    );
    expect(refused.retryAfter).toBeGreaterThan(3500);
    expect(refused.retryAfter).toBeLessThanOrEqual(3600);
    expect(await reportsOf(app, otherPet.id)).toHaveLength(1);
    expect(await notificationsOf(app, ownerId)).toHaveLength(2);
    // Another owner's pets are untouched by this owner's quota.
    const { pet: strangersPet } = await ownerWithPet(app);
    expect((await reportFrom('127.0.2.3', buildFinderReport(strangersPet.id))).status).toBe(201);
  });
});

describe('the finder report e-mail', () => {
  it("when a finder writes line breaks to fake Homeward's own text, then each field stays on its one labelled line and the message's lines are quoted", async () => {
    const { ownerId, pet } = await ownerWithPet(app);
    const res = await new Session(app.url).post(
      '/api/gps-pings',
      buildFinderReport(pet.id, {
        finderName: 'Robin\r\nSubject: Account closed',
        finderLocation: 'Oak St\u2028\u2028Homeward: verify your payment at https://evil.example',
        message: 'He is fine.\n\nHomeward: your account will be deleted unless you sign in at https://evil.example\n',
      }),
    );
    expect(res.status).toBe(201);

    const [mail] = await notificationsOf(app, ownerId);
    const lines = mail.body.split('\n');
    // A message keeps its lines, each quoted: none starts as Homeward's own words do.
    const message = lines.indexOf('Message:');
    expect(lines.slice(message + 1, message + 4)).toEqual([
      '> He is fine.',
      '>',
      '> Homeward: your account will be deleted unless you sign in at https://evil.example',
    ]);
    expect(lines.filter((line) => line.startsWith('Homeward:'))).toEqual([]);
    expect(lines).toContain('From: Robin Subject: Account closed');
    // When it was reported, said as such, readable, and in the time zone it names.
    const [stored] = await reportsOf(app, pet.id);
    const utc = stored.createdAt.toISOString();
    expect(lines.find((line) => line.startsWith('Reported: '))).toMatch(
      new RegExp(
        `^Reported: \\w{3} ${Number(utc.slice(8, 10))}, ${utc.slice(0, 4)}, \\d{1,2}:${utc.slice(14, 16)} [AP]M UTC$`,
      ),
    );
    expect(lines).toContain('Where: Oak St Homeward: verify your payment at https://evil.example');
    expect(lines.filter((line) => line.includes('evil.example'))).toHaveLength(2);
    expect(lines.some((line) => /^(Homeward|Subject):/.test(line))).toBe(false);
    expect(mail.body).not.toMatch(/[\r\u2028\u2029]/);
  });
});

describe('GET /api/pets/:id/reports', () => {
  it('when the owner opens them, then they come newest first without owner ids, and count as seen', async () => {
    const { owner, pet } = await ownerWithPet(app);
    const finder = new Session(app.url);
    for (const where of ['First sighting', 'Second sighting', 'Third sighting']) {
      await finder.post('/api/gps-pings', buildFinderReport(pet.id, { finderLocation: where }));
    }
    const before = new Date();

    const res = await owner.get(`/api/pets/${pet.id}/reports`);

    expect(res.status).toBe(200);
    expect(res.body.map((r: { finderLocation: string }) => r.finderLocation)).toEqual([
      'Third sighting',
      'Second sighting',
      'First sighting',
    ]);
    for (const row of res.body) expect(row).not.toHaveProperty('userId');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [seen] = await app.database.db.select().from(pets).where(eq(pets.id, pet.id));
    expect(seen.reportsSeenAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('when a pet has no reports, then an empty list', async () => {
    const { owner, pet } = await ownerWithPet(app);
    const res = await owner.get(`/api/pets/${pet.id}/reports`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('when another owner asks, then 404 and the reports stay unseen', async () => {
    const { pet } = await ownerWithPet(app);
    await new Session(app.url).post('/api/gps-pings', buildFinderReport(pet.id, { finderName: 'Robin Finder' }));
    const other = await signedInOwner(app);

    const res = await other.get(`/api/pets/${pet.id}/reports`);

    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Robin Finder');
    const [unchanged] = await app.database.db.select().from(pets).where(eq(pets.id, pet.id));
    expect(unchanged.reportsSeenAt.getTime()).toBe(pet.reportsSeenAt.getTime());
  });

  it('when signed out, then 401', async () => {
    const { pet } = await ownerWithPet(app);
    expect((await new Session(app.url).get(`/api/pets/${pet.id}/reports`)).status).toBe(401);
  });

  it('when the id is malformed or unknown, then 404', async () => {
    const owner = await signedInOwner(app);
    expect((await owner.get('/api/pets/not-an-id/reports')).status).toBe(404);
    expect((await owner.get(`/api/pets/${crypto.randomUUID()}/reports`)).status).toBe(404);
  });
});

describe('e-mail through SMTP', () => {
  it('when SMTP_URL is set, then the owner receives the report by e-mail and it is marked sent', async () => {
    const { app: smtpApp, smtp } = await startTestAppWithMail();
    try {
      const { owner, ownerId, pet } = await ownerWithPet(smtpApp);
      const res = await new Session(smtpApp.url).post(
        '/api/gps-pings',
        buildFinderReport(pet.id, { finderName: 'Robin Finder' }),
      );
      expect(res.status).toBe(201);

      const received = await eventually(
        async () => smtp.received,
        (mails) => mails.length > 0,
      );
      expect(received).toHaveLength(1);
      expect(received[0].from).toBe('alerts@homeward.test');
      expect(received[0].to).toEqual([owner.person.email]);
      // Quoted-printable wraps long lines with a trailing '='.
      const text = received[0].data.replace(/=\n/g, '');
      expect(text).toContain(`Subject: ${pet.name}: a finder shared a location`);
      expect(text).toContain('Robin Finder');
      const [row] = await eventually(
        () => notificationsOf(smtpApp, ownerId),
        (rows) => rows[0]?.sentAt != null,
      );
      expect(row.sentAt).not.toBeNull();
      // Named by the outbox's row: should it ever go again (sent, not recorded), it is the same message.
      expect(text).toContain(`Message-ID: <${row.id}@${new URL(smtpApp.url).hostname}>`);
    } finally {
      await smtpApp.close();
    }
  });

  // Each test's mail server and app, closed after it.
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  /** A finder's report whose first e-mail the mail server has refused, and the outbox it waits in. */
  async function refusedReport() {
    const smtp = await startSmtpDouble({ reject: true });
    closers.push(smtp.close);
    const smtpApp = await startTestApp({ SMTP_URL: smtp.url });
    closers.push(smtpApp.close);
    const { owner, ownerId, pet } = await ownerWithPet(smtpApp);
    const res = await new Session(smtpApp.url).post('/api/gps-pings', buildFinderReport(pet.id));
    // The first attempt is over once the server has refused it.
    await eventually(
      async () => smtp.refused,
      (refused) => refused.includes(owner.person.email),
    );
    const notification = async () => (await notificationsOf(smtpApp, ownerId))[0];
    return {
      smtp,
      smtpApp,
      pet,
      res,
      notification,
      failed: await notification(),
      outbox: smtpApp.services.notifications,
      // The outbox is shared: other tests' unsent e-mails may go out in the same rounds.
      toOwner: () => smtp.received.filter((mail) => mail.to.includes(owner.person.email)),
      refusedForOwner: () => smtp.refused.filter((to) => to === owner.person.email),
    };
  }

  it('when the mail server refuses, then the finder still gets 201 and the e-mail waits in the outbox for its next attempt', async () => {
    const { smtpApp, pet, res, failed } = await refusedReport();
    expect(res.status).toBe(201);
    expect(await reportsOf(smtpApp, pet.id)).toHaveLength(1);
    expect(failed.sentAt).toBeNull();
    expect(failed.attempts).toBe(1);
    const wait = failed.nextAttemptAt.getTime() - failed.createdAt.getTime();
    expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[0] * 1000);
    expect(wait).toBeLessThan((RETRY_DELAYS_SECONDS[0] + 30) * 1000);
  });

  it('when the mail server is back by the next attempt, then the e-mail goes out then, and not before', async () => {
    const { smtp, outbox, failed, notification, toOwner } = await refusedReport();
    smtp.rejecting = false;

    await outbox.retryDue(new Date(failed.nextAttemptAt.getTime() - 1000));
    expect(toOwner()).toHaveLength(0);

    // A millisecond on: JavaScript dates drop the database's microseconds.
    await outbox.retryDue(new Date(failed.nextAttemptAt.getTime() + 1));
    expect(toOwner()).toHaveLength(1);
    const sent = await notification();
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBe(2);

    // Sent is sent: a later round does not send it again.
    await outbox.retryDue(new Date(Date.now() + 86_400_000));
    expect(toOwner()).toHaveLength(1);
  });

  it('when more e-mails wait than one batch, then the next round sends them all', async () => {
    const { smtp, smtpApp, outbox, toOwner } = await refusedReport();
    const { owner } = await ownerWithPet(smtpApp);
    const waiting = 45;
    // Due in an hour, written at once: this file's other server shares the database, and its own
    // rounds would otherwise take some of them (into an outbox with no mail server).
    await smtpApp.database.db.transaction(async (tx) => {
      for (let i = 0; i < waiting; i++) {
        const queued = await outbox.queue(
          { userId: owner.user.id, recipient: owner.person.email, subject: `Waiting ${i}`, body: '…' },
          tx,
        );
        await tx
          .update(notifications)
          .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
          .where(eq(notifications.id, queued?.id ?? ''));
      }
    });
    smtp.rejecting = false;

    await outbox.retryDue(new Date(Date.now() + 86_400_000));
    expect(toOwner()).toHaveLength(1);
    expect(smtp.received.filter((mail) => mail.to.includes(owner.person.email))).toHaveLength(waiting);
  });

  it('when the mail server refuses the address for good (550), then it is not tried again and the outbox says so', async () => {
    const smtp = await startSmtpDouble();
    closers.push(smtp.close);
    const smtpApp = await startTestApp({ SMTP_URL: smtp.url });
    closers.push(smtpApp.close);
    const { owner, ownerId } = await ownerWithPet(smtpApp);
    smtp.unknown.add(owner.person.email);
    const outbox = smtpApp.services.notifications;
    await outbox.deliver(
      await outbox.queue({ userId: ownerId, recipient: owner.person.email, subject: 'Gone', body: '…' }),
    );
    const [refused] = await notificationsOf(smtpApp, ownerId);
    expect(refused).toMatchObject({ sentAt: null, attempts: 1 });
    expect(refused.refusedAt).not.toBeNull();

    await outbox.retryDue(new Date(Date.now() + 86_400_000));
    expect(smtp.refused.filter((to) => to === owner.person.email)).toHaveLength(1);
    expect((await notificationsOf(smtpApp, ownerId))[0].attempts).toBe(1);
  });

  it('when every attempt fails, then it stops trying and the e-mail stays in the outbox', async () => {
    const { outbox, notification, refusedForOwner } = await refusedReport();
    const later = (days: number) => new Date(Date.now() + days * 86_400_000);
    for (let day = 1; day <= EMAIL_ATTEMPTS + 2; day++) await outbox.retryDue(later(day));

    const row = await notification();
    expect(row.attempts).toBe(EMAIL_ATTEMPTS);
    expect(row.sentAt).toBeNull();
    expect(refusedForOwner()).toHaveLength(EMAIL_ATTEMPTS);
  });
});
