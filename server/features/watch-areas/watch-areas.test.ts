import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SILENT_WATCH_AREA, WATCH_ALERTS_PER_DAY } from '../../../shared/contracts/watch-areas';
import { petMembers, pushSubscriptions, watchAreas } from '../../../shared/schema';
import { eventually, never } from '../../../tests/support/eventually';
import { buildPet, insertPet, type OwnerSession, signedInOwner } from '../../../tests/support/factories';
import { type PushServiceDouble, startPushServiceDouble } from '../../../tests/support/push-service-double';
import { Session } from '../../../tests/support/session';
import { type ReceivedMail, startSmtpDouble } from '../../../tests/support/smtp-double';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
let pushService: PushServiceDouble;
let smtp: Awaited<ReturnType<typeof startSmtpDouble>>;
let env: Record<string, string>;

beforeAll(async () => {
  pushService = await startPushServiceDouble();
  smtp = await startSmtpDouble();
  env = { PUSH_EXTRA_HOSTS: pushService.host, SMTP_URL: smtp.url, MAIL_FROM: 'Homeward <alerts@homeward.test>' };
  app = await startTestApp(env);
});
afterAll(async () => {
  await app?.close();
  await pushService?.close();
  await smtp?.close();
});

// Each test's pets and watchers in a place of their own, picked at random: the database may keep
// earlier runs' areas (PostgreSQL in CI), whose watchers must not hear of this run's pets.
const CITY = { lat: 48.8566, lng: 2.3522 };
const offset = (point: { lat: number; lng: number }, dLat: number, dLng: number) => ({
  lat: point.lat + dLat,
  lng: point.lng + dLng,
});
const newCity = () => ({ lat: -60 + Math.random() * 120, lng: -170 + Math.random() * 340 });

const area = (point: { lat: number; lng: number }, overrides: Record<string, unknown> = {}) => ({
  ...point,
  radiusKm: 2,
  push: true,
  email: true,
  ...overrides,
});

/** A signed-in neighbour with one subscribed device and, when given, an area. */
async function watcher(testApp: TestApp, areaBody?: Record<string, unknown>) {
  const session = await signedInOwner(testApp);
  const device = pushService.subscribe();
  expect((await session.post('/api/push/subscriptions', device)).status).toBe(204);
  if (areaBody) expect((await session.post('/api/watch-areas', areaBody)).status).toBe(201);
  return { session, device, email: session.person.email };
}

/** An owner's pet, safe, with the owner's own device subscribed. */
async function ownerWithPet(testApp: TestApp) {
  const owner = await watcher(testApp);
  // A photo's link (its bytes are not needed): the e-mail carries it.
  const pet = await insertPet(testApp.database.db, owner.session.user.id, { isMissing: false, photoHash: 'f00d' });
  return { owner, pet };
}

const reportMissing = (owner: OwnerSession, petId: string, point: { lat: number; lng: number }) =>
  owner.patch(`/api/pets/${petId}`, { isMissing: true, lastSeenLat: point.lat, lastSeenLng: point.lng });

const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** A header of a received e-mail, its folded lines joined. */
function header(mail: ReceivedMail, name: string) {
  const head = mail.data.split('\n\n')[0].replace(/\n[ \t]+/g, ' ');
  return head
    .split('\n')
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}

const bodyOf = (mail: ReceivedMail) => mail.data.replace(/=\n/g, '').replace(/=3D/g, '=');

describe('GET, POST and DELETE /api/watch-areas', () => {
  it('when a neighbour adds an area, then only they see it listed, and they can delete it', async () => {
    const neighbour = await signedInOwner(app);
    const other = await signedInOwner(app);
    const added = await neighbour.post('/api/watch-areas', area(CITY, { radiusKm: 5, email: false }));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ lat: CITY.lat, lng: CITY.lng, radiusKm: 5, push: true, email: false });
    expect(added.body).not.toHaveProperty('userId');
    expect((await neighbour.get('/api/watch-areas')).body).toEqual([added.body]);
    expect((await other.get('/api/watch-areas')).body).toEqual([]);

    expect((await other.delete(`/api/watch-areas/${added.body.id}`)).status).toBe(404);
    expect((await neighbour.get('/api/watch-areas')).body).toHaveLength(1);
    expect((await neighbour.delete(`/api/watch-areas/${added.body.id}`)).status).toBe(204);
    expect((await neighbour.get('/api/watch-areas')).body).toEqual([]);
    expect((await neighbour.delete(`/api/watch-areas/${added.body.id}`)).status).toBe(404);
  });

  it('when the radius is not 1, 2, 5 or 10 km, or the point or channels are wrong, then 400 and nothing is stored', async () => {
    const neighbour = await signedInOwner(app);
    for (const body of [
      area(CITY, { radiusKm: 3 }),
      area(CITY, { radiusKm: '5' }),
      area(CITY, { radiusKm: 25 }),
      area(CITY, { lat: 91 }),
      area(CITY, { lng: 'east' }),
      area(CITY, { push: 'yes' }),
      area(CITY, { push: false, email: false }),
      area(CITY, { userId: neighbour.user.id }),
    ]) {
      const res = await neighbour.post('/api/watch-areas', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await neighbour.post('/api/watch-areas', area(CITY, { radiusKm: 3 }))).body.message).toBe(
      'radiusKm: radiusKm must be one of 1, 2, 5, 10',
    );
    expect((await neighbour.get('/api/watch-areas')).body).toEqual([]);
  });

  it('when the latitude is 123 or the longitude 500, then 400 names that field with its range, and nothing is stored', async () => {
    const neighbour = await signedInOwner(app);
    const north = await neighbour.post('/api/watch-areas', area(CITY, { lat: 123 }));
    expect(north.status).toBe(400);
    expect(north.body).toMatchObject({
      message: 'lat: Latitude must be between -90 and 90',
      errors: [{ path: 'lat', message: 'Latitude must be between -90 and 90' }],
    });
    const east = await neighbour.post('/api/watch-areas', area(CITY, { lng: 500 }));
    expect(east.status).toBe(400);
    expect(east.body).toMatchObject({
      message: 'lng: Longitude must be between -180 and 180',
      errors: [{ path: 'lng', message: 'Longitude must be between -180 and 180' }],
    });
    expect((await neighbour.get('/api/watch-areas')).body).toEqual([]);
  });

  it('when a fourth area is added, then 400 and the three stay', async () => {
    const neighbour = await signedInOwner(app);
    for (const radiusKm of [1, 2, 10])
      expect((await neighbour.post('/api/watch-areas', area(CITY, { radiusKm }))).status).toBe(201);
    const fourth = await neighbour.post('/api/watch-areas', area(CITY));
    expect(fourth.status).toBe(400);
    expect(fourth.body.message).toBe('You can watch at most 3 areas. Delete one to add another.');
    expect((await neighbour.get('/api/watch-areas')).body).toHaveLength(3);
  });

  it('when signed out, then 401', async () => {
    const stranger = new Session(app.url);
    expect((await stranger.get('/api/watch-areas')).status).toBe(401);
    expect((await stranger.post('/api/watch-areas', area(CITY))).status).toBe(401);
  });
});

describe('alerts to the neighbours of a missing pet', () => {
  it('when a pet is reported missing in two areas, then those two watchers get a push and an e-mail, the one outside and the owner none', async () => {
    const city = newCity();
    const { owner, pet } = await ownerWithPet(app);
    // The owner watches the place too, and so does a member of the pet's Safety Circle: never alerted about their own pet.
    expect((await owner.session.post('/api/watch-areas', area(city))).status).toBe(201);
    const member = await watcher(app, area(city));
    await app.database.db.insert(petMembers).values({ petId: pet.id, userId: member.session.user.id });
    const near = await watcher(app, area(offset(city, 0.005, 0.005), { radiusKm: 1 }));
    const wider = await watcher(app, area(offset(city, 0.03, 0), { radiusKm: 5 }));
    const outside = await watcher(app, area(offset(city, 0.2, 0), { radiusKm: 10 }));

    const started = Date.now();
    const reported = await reportMissing(owner.session, pet.id, city);
    expect(reported.status).toBe(200);

    for (const neighbour of [near, wider]) {
      const [push] = await pushService.messagesFor(neighbour.device.endpoint);
      expect(push.message).toEqual({
        title: `${pet.name} is missing near you`,
        body: expect.stringMatching(
          /^A Beagle, last seen about \d+(\.\d)? (m|km) from the centre of your watch area\./,
        ),
        url: `/scan/${pet.id}`,
      });
    }
    expect(Date.now() - started).toBeLessThan(5000);
    const [nearMail] = await eventually(
      () => mailTo(near.email),
      (mails) => mails.length === 1,
    );
    expect(header(nearMail, 'subject')).toBe(`${pet.name} is missing near you`);
    expect(bodyOf(nearMail)).toContain(`${pet.name}'s page: ${app.url}/scan/${pet.id}`);
    expect(bodyOf(nearMail)).toContain(`Photo: ${app.url}/api/pets/${pet.id}/photo?v=f00d`);
    expect(bodyOf(nearMail)).toMatch(/was reported missing about \d+ m from the centre of an area you watch/);
    await eventually(
      () => mailTo(wider.email),
      (mails) => mails.length === 1,
    );

    await never(
      () => [
        ...pushService.messagesSoFar(outside.device.endpoint),
        ...pushService.messagesSoFar(owner.device.endpoint),
        ...pushService.messagesSoFar(member.device.endpoint),
        ...mailTo(outside.email),
        ...mailTo(owner.email),
        ...mailTo(member.email),
      ],
      (sent) => sent.length > 0,
      500,
    );

    // The owner's profile counts them, and no one else may ask.
    const sent = await owner.session.get(`/api/pets/${pet.id}/watch-alerts`);
    expect(sent.body).toEqual({ neighbours: 2, withinKm: 5 });
    expect((await near.session.get(`/api/pets/${pet.id}/watch-alerts`)).status).toBe(404);
  });

  it('when a missing pet is moved within an area, then its watcher is not alerted again; moved into another, that one is', async () => {
    const city = newCity();
    const { owner, pet } = await ownerWithPet(app);
    const first = await watcher(app, area(city, { radiusKm: 2, email: false }));
    const elsewhere = offset(city, 0.3, 0.3);
    const second = await watcher(app, area(elsewhere, { radiusKm: 1, email: false }));

    await reportMissing(owner.session, pet.id, city);
    await pushService.messagesFor(first.device.endpoint);
    // Moved a few hundred metres, still in the first area.
    await reportMissing(owner.session, pet.id, offset(city, 0.004, 0));
    expect(pushService.messagesSoFar(second.device.endpoint)).toEqual([]);

    await reportMissing(owner.session, pet.id, offset(elsewhere, 0.002, 0.002));
    const [moved] = await pushService.messagesFor(second.device.endpoint);
    expect(moved.message.title).toBe(`${pet.name} is missing near you`);
    await app.services.jobs.runDue();
    expect(pushService.messagesSoFar(first.device.endpoint)).toHaveLength(1);
  });

  it('when a watcher’s push-only area lies inside their area that also e-mails, then they get the push and the e-mail, once each', async () => {
    const city = newCity();
    const { owner, pet } = await ownerWithPet(app);
    const neighbour = await watcher(app, area(city, { radiusKm: 2, email: false }));
    expect(
      (await neighbour.session.post('/api/watch-areas', area(offset(city, 0.01, 0), { radiusKm: 5 }))).status,
    ).toBe(201);

    await reportMissing(owner.session, pet.id, city);
    await pushService.messagesFor(neighbour.device.endpoint);
    const [mail] = await eventually(
      () => mailTo(neighbour.email),
      (mails) => mails.length === 1,
    );
    expect(header(mail, 'subject')).toBe(`${pet.name} is missing near you`);
    await app.services.jobs.runDue();
    expect(pushService.messagesSoFar(neighbour.device.endpoint)).toHaveLength(1);
  });

  it('when a pet that came home goes missing again, then its watcher hears of it again, once, and the owner’s count is of this absence', async () => {
    const city = newCity();
    const { owner, pet } = await ownerWithPet(app);
    const neighbour = await watcher(app, area(city, { radiusKm: 2, email: false }));
    await reportMissing(owner.session, pet.id, city);
    await pushService.messagesFor(neighbour.device.endpoint);
    await owner.session.patch(`/api/pets/${pet.id}`, { isMissing: false });

    await reportMissing(owner.session, pet.id, offset(city, 0.003, 0));
    const [, again] = await pushService.messagesFor(neighbour.device.endpoint, { count: 2 });
    expect(again.message.title).toBe(`${pet.name} is missing near you`);
    expect((await owner.session.get(`/api/pets/${pet.id}/watch-alerts`)).body).toMatchObject({ neighbours: 1 });

    await reportMissing(owner.session, pet.id, offset(city, 0.006, 0));
    await app.services.jobs.runDue();
    expect(pushService.messagesSoFar(neighbour.device.endpoint)).toHaveLength(2);
  });

  it('when a new pet is added already missing with a point in an area, then its watcher is alerted', async () => {
    const city = newCity();
    const neighbour = await watcher(app, area(city, { email: false }));
    const owner = await signedInOwner(app);
    const added = await owner.post(
      '/api/pets',
      buildPet({ isMissing: true, lastSeenLat: city.lat, lastSeenLng: city.lng }),
    );
    expect(added.status).toBe(201);
    const [push] = await pushService.messagesFor(neighbour.device.endpoint);
    expect(push.message.url).toBe(`/scan/${added.body.id}`);
  });

  it(`when more than ${WATCH_ALERTS_PER_DAY} pets go missing in a day in one area, then its watcher hears of ${WATCH_ALERTS_PER_DAY}`, async () => {
    const city = newCity();
    const neighbour = await watcher(app, area(city, { radiusKm: 10, email: false }));
    for (let i = 0; i <= WATCH_ALERTS_PER_DAY; i++) {
      const { owner, pet } = await ownerWithPet(app);
      expect((await reportMissing(owner.session, pet.id, offset(city, i * 0.01, 0))).status).toBe(200);
    }
    // Six fan-outs and their deliveries, one after another: more than one alert's 5 s on a loaded machine.
    await pushService.messagesFor(neighbour.device.endpoint, { count: WATCH_ALERTS_PER_DAY, ms: 20_000 });
    await app.services.jobs.runDue();
    await never(
      () => pushService.messagesSoFar(neighbour.device.endpoint),
      (messages) => messages.length > WATCH_ALERTS_PER_DAY,
    );
  });

  it('when a device is gone (410), then its subscription is removed and the other device still hears', async () => {
    const city = newCity();
    const neighbour = await watcher(app, area(city, { email: false }));
    const secondDevice = pushService.subscribe();
    await neighbour.session.post('/api/push/subscriptions', secondDevice);
    pushService.forget(neighbour.device.endpoint);
    const { owner, pet } = await ownerWithPet(app);

    await reportMissing(owner.session, pet.id, city);
    await pushService.messagesFor(secondDevice.endpoint);
    const devices = await eventually(
      () =>
        app.database.db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, neighbour.session.user.id)),
      (rows) => rows.length === 1,
    );
    expect(devices).toEqual([{ endpoint: secondDevice.endpoint }]);
  });

  it("when the e-mail's one-click unsubscribe is posted (RFC 8058), then no more e-mails come, and the link used again says so", async () => {
    const city = newCity();
    const neighbour = await watcher(app, area(city, { radiusKm: 2 }));
    const { owner, pet } = await ownerWithPet(app);
    await reportMissing(owner.session, pet.id, city);
    const [mail] = await eventually(
      () => mailTo(neighbour.email),
      (mails) => mails.length === 1,
    );

    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(http[^>]+\/watch\/unsubscribe\/[A-Za-z0-9_-]{43})>$/.exec(
      header(mail, 'list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(bodyOf(mail)).toContain(`Stop these e-mails: ${link}`);
    const url = link as string;

    // Opening the link (a mail scanner does) shows a button and changes nothing.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Stop watch alert e-mails');
    expect(html).toMatch(/<form method="post"><button type="submit"[^>]*>Unsubscribe<\/button><\/form>/);
    const areaRow = () =>
      app.database.db
        .select({ email: watchAreas.email })
        .from(watchAreas)
        .where(eq(watchAreas.userId, neighbour.session.user.id));
    expect(await areaRow()).toEqual([{ email: true }]);

    // The mail provider's one-click POST: no cookie, no origin of ours, the RFC's body.
    const oneClick = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Unsubscribed');
    expect(await areaRow()).toEqual([{ email: false }]);

    const again = await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Already unsubscribed');
    expect(await (await fetch(url)).text()).toContain('Already unsubscribed');

    const tampered = `${url.slice(0, -1)}${url.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, `${url}x`, url.replace(/\/[^/]+$/, '/short')]) {
      for (const method of ['GET', 'POST']) {
        const res = await fetch(bad, { method });
        expect(res.status, `${method} ${bad}`).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await res.text()).toContain('Link not found');
      }
    }

    // Another pet in the area: the push still comes, the e-mail no more.
    const another = await ownerWithPet(app);
    await reportMissing(another.owner.session, another.pet.id, city);
    await pushService.messagesFor(neighbour.device.endpoint, { count: 2 });
    await app.services.jobs.runDue();
    await never(
      () => mailTo(neighbour.email),
      (mails) => mails.length > 1,
    );

    // Watch My Area turns it back on, area by area, and off again while push alerts.
    const [{ id }] = (await neighbour.session.get('/api/watch-areas')).body;
    const on = await neighbour.session.patch(`/api/watch-areas/${id}`, { email: true });
    expect([on.status, on.body.email, on.body.push]).toEqual([200, true, true]);
    expect(await areaRow()).toEqual([{ email: true }]);
    expect((await neighbour.session.patch(`/api/watch-areas/${id}`, { email: false })).body.email).toBe(false);
  });

  it('when e-mail would be turned off on an area that alerts only by e-mail, or on another person’s area, or with a wrong body, then it is refused and nothing changes', async () => {
    const neighbour = await signedInOwner(app);
    const other = await signedInOwner(app);
    const { body: added } = await neighbour.post('/api/watch-areas', area(CITY, { push: false, email: true }));
    const silent = await neighbour.patch(`/api/watch-areas/${added.id}`, { email: false });
    expect([silent.status, silent.body.message]).toEqual([400, SILENT_WATCH_AREA]);
    expect((await other.patch(`/api/watch-areas/${added.id}`, { email: true })).status).toBe(404);
    for (const body of [{}, { email: 'yes' }, { email: true, push: false }, { email: true, radiusKm: 10 }])
      expect((await neighbour.patch(`/api/watch-areas/${added.id}`, body)).status, JSON.stringify(body)).toBe(400);
    expect((await neighbour.get('/api/watch-areas')).body).toEqual([added]);
  });
});

// Two instances need two connections to one database: the embedded database serves one process.
describe.runIf(process.env.DATABASE_URL)('two instances', () => {
  it('when the push service is slow to answer, then the e-mail does not wait for it', async () => {
    const city = newCity();
    const neighbour = await watcher(app, area(city));
    pushService.hold(neighbour.device.endpoint);
    try {
      const { owner, pet } = await ownerWithPet(app);
      await reportMissing(owner.session, pet.id, city);
      await eventually(
        () => mailTo(neighbour.email),
        (mails) => mails.length === 1,
      );
      expect(pushService.messagesSoFar(neighbour.device.endpoint)).toEqual([]);
    } finally {
      pushService.release(neighbour.device.endpoint);
    }
    expect((await pushService.messagesFor(neighbour.device.endpoint))[0].message.title).toContain('missing');
  });

  it('when two app instances run the queue on one database, then each watcher hears once', async () => {
    const second = await startTestApp(env);
    try {
      const city = newCity();
      const neighbours = await Promise.all([1, 2, 3].map(() => watcher(app, area(city, { email: false }))));
      const { owner, pet } = await ownerWithPet(app);
      await reportMissing(owner.session, pet.id, city);
      await Promise.all([app.services.jobs.runDue(), second.services.jobs.runDue()]);
      for (const neighbour of neighbours) await pushService.messagesFor(neighbour.device.endpoint);
      await Promise.all([app.services.jobs.runDue(), second.services.jobs.runDue()]);
      for (const neighbour of neighbours) expect(pushService.messagesSoFar(neighbour.device.endpoint)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
