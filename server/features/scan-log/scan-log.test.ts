import { and, eq } from 'drizzle-orm';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, petMembers, pets, scanVisits } from '../../../shared/schema';
import { eventually } from '../../../tests/support/eventually';
import { buildFinderReport, insertOwner, insertPet, signedInOwner } from '../../../tests/support/factories';
import type { PushServiceDouble } from '../../../tests/support/push-service-double';
import { restartingDatabase } from '../../../tests/support/restarting-database';
import { BROWSER_USER_AGENT, Session } from '../../../tests/support/session';
import { startTestAppWithPush, type TestApp } from '../../../tests/support/test-app';
import { scanPrerender } from '../scan/scan-prerender';
import { createScanLogService, SCAN_VISIT_LIMIT } from './scan-log.service';

let app: TestApp;
let pushService: PushServiceDouble;
beforeAll(async () => {
  ({ app, pushService } = await startTestAppWithPush());
});
afterAll(() => app?.close());

const visitsOf = (petId: string) => app.database.db.select().from(scanVisits).where(eq(scanVisits.petId, petId));
const scanAlertsOf = (userId: string, petName: string) =>
  app.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.subject, `${petName}'s tag was scanned`)));
const visitsCount = (count: number) => (rows: unknown[]) => rows.length >= count;
/** A finder opening the app's scan page, which says so once it has the pet. */
const scan = (petId: string) => new Session(app.url).post(`/api/pets/${petId}/scans`);

/** What fetches a link pasted into a chat or found by a search engine: no one opening the page. */
const LINK_FETCHERS = [
  'WhatsApp/2.23.20.0 A',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  // iMessage's preview.
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'TelegramBot (like TwitterBot)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];

async function ownerWithDevice(petOverrides = {}) {
  const owner = await signedInOwner(app);
  const pet = await insertPet(app.database.db, owner.user.id, petOverrides);
  const device = pushService.subscribe();
  await owner.post('/api/push/subscriptions', device);
  return { owner, pet, device };
}

describe('the scan log', () => {
  it('when a stranger opens the scan page, then the visit is recorded; its owners opening it are not', async () => {
    const { owner, pet } = await ownerWithDevice();
    const member = await signedInOwner(app);
    await app.database.db.insert(petMembers).values({ petId: pet.id, userId: member.user.id });
    const someoneElse = await signedInOwner(app);

    await owner.post(`/api/pets/${pet.id}/scans`);
    await member.post(`/api/pets/${pet.id}/scans`);
    expect((await scan(pet.id)).status).toBe(204);
    await someoneElse.post(`/api/pets/${pet.id}/scans`);

    const visits = await eventually(() => visitsOf(pet.id), visitsCount(2));
    expect(visits).toHaveLength(2);
    expect(visits.every((v) => v.latitude === null && v.longitude === null)).toBe(true);
  });

  it('when the pet is only read, or does not exist, then no visit is recorded', async () => {
    const { pet } = await ownerWithDevice();
    await new Session(app.url).get(`/api/pets/${pet.id}`);
    const missing = crypto.randomUUID();
    expect((await scan(missing)).status).toBe(204);
    expect((await new Session(app.url).post('/api/pets/not-an-id/scans')).status).toBe(404);
    // The scan route answers once the visit is recorded or refused, and a read records nothing: no write is left to land.
    expect(await visitsOf(pet.id)).toEqual([]);
    expect(await visitsOf(missing)).toEqual([]);
  });

  it('when a missing pet is scanned twice within the hour, then each of its owners gets one alert by push and one by e-mail', async () => {
    const { owner, pet, device } = await ownerWithDevice({ isMissing: true });
    const member = await insertOwner(app.database.db);
    await app.database.db.insert(petMembers).values({ petId: pet.id, userId: member.id });

    await scan(pet.id);
    const [alert] = await pushService.messagesFor(device.endpoint);
    expect(alert?.message).toEqual({
      title: `${pet.name}'s tag was scanned`,
      body: 'Someone has just opened its Homeward page.',
      url: `/pet/${pet.id}#recent-scans`,
    });
    await scan(pet.id);
    await eventually(() => visitsOf(pet.id), visitsCount(2));

    // A scan answers once its alerts are out: a second alert would be here already.
    expect(pushService.messagesSoFar(device.endpoint)).toHaveLength(1);
    const emails = await scanAlertsOf(owner.user.id, pet.name);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ recipient: owner.user.email });
    expect(emails[0].body).toContain(`${app.url}/pet/${pet.id}#recent-scans`);
    expect(await scanAlertsOf(member.id, pet.name)).toMatchObject([{ recipient: member.email }]);

    // An hour later the next scan alerts again.
    await app.database.db
      .update(pets)
      .set({ lastScanAlertAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(pets.id, pet.id));
    await scan(pet.id);
    expect(await pushService.messagesFor(device.endpoint, { count: 2 })).toHaveLength(2);
  });

  it('when chat apps and crawlers fetch a missing pet’s page to preview a shared link, then no visit is recorded and nobody is alerted; a phone’s browser is', async () => {
    const { owner, pet, device } = await ownerWithDevice({ isMissing: true });
    const page = scanPrerender(app.services);
    const opened = (userAgent: string) =>
      page.render({
        params: { id: pet.id },
        query: {},
        get: (name: string) => (name === 'user-agent' ? userAgent : undefined),
      } as unknown as Request);
    for (const userAgent of LINK_FETCHERS) {
      await opened(userAgent);
      await new Session(app.url).raw('POST', `/api/pets/${pet.id}/scans`, { headers: { 'user-agent': userAgent } });
    }
    // The page records its visit once it has answered: the phone's, recorded after them all, shows
    // that none of theirs is on its way.
    await opened(BROWSER_USER_AGENT);
    // Its alert follows the visit, after the page has answered.
    expect(await pushService.messagesFor(device.endpoint)).toHaveLength(1);
    expect(await visitsOf(pet.id)).toHaveLength(1);
    expect(await scanAlertsOf(owner.user.id, pet.name)).toHaveLength(1);
  });

  it('when a pet that is safe is scanned, then nobody is alerted', async () => {
    const { owner, pet, device } = await ownerWithDevice({ isMissing: false });
    await scan(pet.id);
    await eventually(() => visitsOf(pet.id), visitsCount(1));
    // A scan answers once its alerts are out: an alert would be here already.
    expect(pushService.messagesSoFar(device.endpoint)).toEqual([]);
    expect(await scanAlertsOf(owner.user.id, pet.name)).toEqual([]);
    const [stored] = await app.database.db.select().from(pets).where(eq(pets.id, pet.id));
    expect(stored.lastScanAlertAt).toBeNull();
  });

  it('when two instances record scans of a missing pet at once, then only one alert is sent', async () => {
    const { owner, pet, device } = await ownerWithDevice({ isMissing: true });
    const deps = {
      db: app.database.db,
      publicUrl: app.url,
      notifications: app.services.notifications,
      push: app.services.push,
      rateLimits: app.services.rateLimits,
    };
    const instances = [createScanLogService(deps), createScanLogService(deps)];

    await Promise.all(Array.from({ length: 10 }, (_, i) => instances[i % 2].recordVisit(pet.id)));

    expect(await visitsOf(pet.id)).toHaveLength(10);
    expect(await scanAlertsOf(owner.user.id, pet.name)).toHaveLength(1);
    expect(pushService.messagesSoFar(device.endpoint)).toHaveLength(1);
  });
});

describe('a database restart', () => {
  it('when the database is away as a scan of a missing pet is recorded, then it is recorded once it is back and the owner is alerted', async () => {
    const { owner, pet, device } = await ownerWithDevice({ isMissing: true });
    const restarting = restartingDatabase(app.database.db, 'execute');
    const scanLog = createScanLogService({
      db: restarting.db,
      publicUrl: app.url,
      notifications: app.services.notifications,
      push: app.services.push,
      rateLimits: app.services.rateLimits,
    });

    restarting.goAway();
    await scanLog.recordVisit(pet.id, { address: '203.0.113.9' });

    expect(restarting.wasAway()).toBe(true);
    expect(await visitsOf(pet.id)).toHaveLength(1);
    expect(await scanAlertsOf(owner.user.id, pet.name)).toHaveLength(1);
    expect(await pushService.messagesFor(device.endpoint)).toHaveLength(1);
  });
});

describe('GET /api/pets/:id/scans', () => {
  it('when the owner opens the recent scans, then the latest 20 come newest first, with a rounded position only where a finder shared one', async () => {
    const { owner, pet } = await ownerWithDevice();
    const { db } = app.database;
    const old = Date.now() - 3 * 3600_000;
    await db
      .insert(scanVisits)
      .values(Array.from({ length: 21 }, (_, i) => ({ petId: pet.id, createdAt: new Date(old + i * 60_000) })));
    await scan(pet.id);
    await eventually(() => visitsOf(pet.id), visitsCount(22));
    const report = await new Session(app.url).post(
      '/api/gps-pings',
      buildFinderReport(pet.id, {
        finderLocation: 'By the river',
        finderLatitude: '45.523064',
        finderLongitude: '-122.676483',
      }),
    );
    expect(report.status).toBe(201);

    const latest = await eventually(
      () => owner.get(`/api/pets/${pet.id}/scans`),
      (res) => res.body[0]?.latitude != null,
    );
    expect(latest.status).toBe(200);
    expect(latest.body).toHaveLength(20);
    expect(latest.body[0]).toMatchObject({ latitude: '45.52', longitude: '-122.68' });
    expect(latest.body.slice(1).every((v: { latitude: unknown }) => v.latitude === null)).toBe(true);
    const times = latest.body.map((v: { createdAt: string }) => Date.parse(v.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The finder's visit got the position: no visit was added for the report.
    expect(await visitsOf(pet.id)).toHaveLength(22);
  });

  it("when someone else asks for a pet's scans, then 404", async () => {
    const { pet } = await ownerWithDevice();
    const stranger = await signedInOwner(app);
    expect((await stranger.get(`/api/pets/${pet.id}/scans`)).status).toBe(404);
    expect((await new Session(app.url).get(`/api/pets/${pet.id}/scans`)).status).toBe(401);
  });
});

describe('a flood of visits', () => {
  it('when one address says it opened a pet’s scan page again and again, however it rotates X-Forwarded-For, then only the first few visits are recorded', async () => {
    const { owner, pet } = await ownerWithDevice();
    const flood = Array.from({ length: 40 }, (_, i) =>
      new Session(app.url).request('POST', `/api/pets/${pet.id}/scans`, undefined, {
        'x-forwarded-for': `203.0.113.${i}`,
      }),
    );
    expect((await Promise.all(flood)).every((res) => res.status === 204)).toBe(true);
    expect(await visitsOf(pet.id)).toHaveLength(SCAN_VISIT_LIMIT.limit);
    expect((await owner.get(`/api/pets/${pet.id}/scans`)).body).toHaveLength(SCAN_VISIT_LIMIT.limit);

    // Another pet is counted apart: a finder with two pets in hand records both.
    const other = await insertPet(app.database.db, owner.user.id);
    await scan(other.id);
    expect(await visitsOf(other.id)).toHaveLength(1);
  });
});
