import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { jobs, petMembers, pushSubscriptions, serverKeys } from '../../../shared/schema';
import { eventually, never } from '../../../tests/support/eventually';
import { buildFinderReport, insertPet, signedInOwner } from '../../../tests/support/factories';
import type { PushServiceDouble } from '../../../tests/support/push-service-double';
import { restartingDatabase } from '../../../tests/support/restarting-database';
import { Session } from '../../../tests/support/session';
import { startTestAppWithPush, type TestApp } from '../../../tests/support/test-app';
import { loadConfig } from '../../config';
import { createJobsService } from '../jobs/jobs.service';
import { MAX_DEVICES_PER_USER } from './push.repository';
import { createPushService } from './push.service';

let app: TestApp;
let pushService: PushServiceDouble;
beforeAll(async () => {
  ({ app, pushService } = await startTestAppWithPush());
});
afterAll(() => app?.close());

const devicesOf = (userId: string) =>
  app.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('POST and DELETE /api/push/subscriptions', () => {
  it('when an owner turns alerts on and then off, then this device is registered and then removed', async () => {
    const owner = await signedInOwner(app);
    const subscription = pushService.subscribe();

    expect((await owner.post('/api/push/subscriptions', subscription)).status).toBe(204);
    const [device] = await devicesOf(owner.user.id);
    expect(device).toMatchObject({ endpoint: subscription.endpoint, ...subscription.keys });

    // The dashboard says the subscription again on each visit: still one device.
    expect((await owner.post('/api/push/subscriptions', subscription)).status).toBe(204);
    expect(await devicesOf(owner.user.id)).toHaveLength(1);

    const off = await owner.request('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
    expect(off.status).toBe(204);
    expect(await devicesOf(owner.user.id)).toEqual([]);
  });

  it('when nobody is signed in, then nothing is registered', async () => {
    const res = await new Session(app.url).post('/api/push/subscriptions', pushService.subscribe());
    expect(res.status).toBe(401);
  });

  it('when the endpoint is not a known push service, then 400 and nothing is stored', async () => {
    const owner = await signedInOwner(app);
    const { keys } = pushService.subscribe();
    const endpoints = [
      'https://attacker.example/push/1',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/send/abc',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1:1/push/1',
      'not a url',
    ];
    for (const endpoint of endpoints) {
      const res = await owner.post('/api/push/subscriptions', { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message, endpoint).toMatch(/^endpoint: /);
    }
    const badKeys = await owner.post('/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'BAAA', auth: keys.auth },
    });
    expect(badKeys.status).toBe(400);
    expect(await devicesOf(owner.user.id)).toEqual([]);
  });

  it("when a browser's push service is named, then it is accepted in its standard spelling", async () => {
    const owner = await signedInOwner(app);
    const { keys } = pushService.subscribe();
    const endpoints = [
      'https://FCM.googleapis.com:443/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ];
    for (const endpoint of endpoints) {
      expect((await owner.post('/api/push/subscriptions', { endpoint, keys })).status, endpoint).toBe(204);
    }
    const stored = (await devicesOf(owner.user.id)).map((d) => d.endpoint);
    expect(stored).toContain('https://fcm.googleapis.com/fcm/send/abc');
    expect(stored).toHaveLength(4);
  });

  it('when another person signs in on the same browser and turns alerts on, then the device moves to them', async () => {
    const first = await signedInOwner(app);
    const second = await signedInOwner(app);
    const subscription = pushService.subscribe();
    await first.post('/api/push/subscriptions', subscription);
    await second.post('/api/push/subscriptions', subscription);
    expect(await devicesOf(first.user.id)).toEqual([]);
    expect(await devicesOf(second.user.id)).toHaveLength(1);
    // Turning off as the first person no longer touches it.
    await first.request('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
    expect(await devicesOf(second.user.id)).toHaveLength(1);
  });
});

describe('many devices', () => {
  it('when a person turns alerts on for a 21st device, then the one registered longest ago is dropped', async () => {
    const owner = await signedInOwner(app);
    const devices = Array.from({ length: MAX_DEVICES_PER_USER + 1 }, () => pushService.subscribe());
    for (const device of devices) expect((await owner.post('/api/push/subscriptions', device)).status).toBe(204);

    const kept = (await devicesOf(owner.user.id)).map((d) => d.endpoint);
    expect(kept).toHaveLength(MAX_DEVICES_PER_USER);
    expect(kept).not.toContain(devices[0].endpoint);
    expect(kept).toContain(devices[MAX_DEVICES_PER_USER].endpoint);
  });
});

describe("a finder's report", () => {
  it("when a finder shares where the pet is, then every owner's device gets an alert naming the pet and the place", async () => {
    const owner = await signedInOwner(app);
    const member = await signedInOwner(app);
    const stranger = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id, { isMissing: true });
    await app.database.db.insert(petMembers).values({ petId: pet.id, userId: member.user.id });
    const ownerDevice = pushService.subscribe();
    const memberDevice = pushService.subscribe();
    const strangerDevice = pushService.subscribe();
    await owner.post('/api/push/subscriptions', ownerDevice);
    await member.post('/api/push/subscriptions', memberDevice);
    await stranger.post('/api/push/subscriptions', strangerDevice);
    const publicKey = (await owner.get('/api/config')).body.push.publicKey;

    const sent = Date.now();
    const res = await new Session(app.url).post(
      '/api/gps-pings',
      buildFinderReport(pet.id, {
        finderName: 'Robin Finder',
        finderLocation: 'Corner of Oak St and 5th Ave, by the bakery',
        message: 'He is safe with me.',
      }),
    );
    expect(res.status).toBe(201);

    const [alert] = await pushService.messagesFor(ownerDevice.endpoint);
    expect(Date.now() - sent).toBeLessThan(5000);
    expect(alert.message).toEqual({
      title: `${pet.name} was found`,
      body: 'Where: Corner of Oak St and 5th Ave, by the bakery',
      url: `/pet/${pet.id}#report-${res.body.id}`,
    });
    expect(alert).toMatchObject({ ttl: 24 * 3600, urgency: 'high' });
    expect(alert.vapid.publicKey).toBe(publicKey);
    expect(alert.vapid.claims.sub).toBe('mailto:no-reply@homeward.local');

    const [memberAlert] = await pushService.messagesFor(memberDevice.endpoint);
    expect(memberAlert.message.title).toBe(`${pet.name} was found`);
    // The owners' alerts have arrived, but each device's is sent on its own: watch the stranger's for a while.
    const strangerAlerts = await never(
      () => pushService.messagesSoFar(strangerDevice.endpoint),
      (alerts) => alerts.length > 0,
    );
    expect(strangerAlerts).toEqual([]);
    expect(pushService.refused).toEqual([]);
  });

  it('when the push service says a device is gone, then its subscription is removed', async () => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id);
    const device = pushService.subscribe();
    await owner.post('/api/push/subscriptions', device);
    pushService.forget(device.endpoint);

    await new Session(app.url).post('/api/gps-pings', buildFinderReport(pet.id));

    const devices = await eventually(
      () => devicesOf(owner.user.id),
      (left) => left.length === 0,
    );
    expect(devices).toEqual([]);
  });
});

describe('a database restart', () => {
  it('when the database is away as an alert reads the devices, then they are read once it is back and the alert arrives', async () => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id, { isMissing: true });
    const device = pushService.subscribe();
    await owner.post('/api/push/subscriptions', device);
    const restarting = restartingDatabase(app.database.db, 'select');
    const push = await createPushService({
      db: restarting.db,
      settings: app.config.push,
      jobs: createJobsService({ db: restarting.db }),
    });

    restarting.goAway();
    await push.notifyPetOwners(pet.id, { title: `${pet.name} was seen`, body: 'Where: by the bakery', url: '/' });

    expect(restarting.wasAway()).toBe(true);
    const [alert] = await pushService.messagesFor(device.endpoint);
    expect(alert.message.title).toBe(`${pet.name} was seen`);
  });
});

describe('a push service unavailable for a while', () => {
  it('when it answers 503, then that device gets the message once it is back, and a device that took it at once gets it once', async () => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id, { isMissing: true });
    const [failing, fine] = [pushService.subscribe(), pushService.subscribe()];
    await owner.post('/api/push/subscriptions', failing);
    await owner.post('/api/push/subscriptions', fine);
    pushService.answer(failing.endpoint, 503);
    const title = `${pet.name} was seen ${crypto.randomUUID()}`;
    await app.database.db.transaction((tx) =>
      app.services.push.queueForPetOwners(tx, pet.id, { title, body: 'Where: by the bakery', url: '/' }),
    );
    app.services.push.sendQueued();
    await pushService.messagesFor(fine.endpoint);
    const retry = sql`${jobs.kind} = 'push.retry' and ${jobs.payload}->'message'->>'title' = ${title}`;
    const [queued] = await eventually(
      () => app.database.db.select().from(jobs).where(retry),
      (rows) => rows.length === 1,
    );
    expect(queued.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Still unavailable when its time comes: tried again later.
    await app.database.db.update(jobs).set({ runAt: new Date() }).where(retry);
    await app.services.jobs.runDue();
    expect(pushService.messagesSoFar(failing.endpoint)).toEqual([]);
    const [again] = await app.database.db.select().from(jobs).where(retry);
    expect([again.attempts, again.doneAt]).toEqual([1, null]);

    pushService.answer(failing.endpoint, 201);
    await app.database.db.update(jobs).set({ runAt: new Date() }).where(retry);
    await app.services.jobs.runDue();
    expect((await pushService.messagesFor(failing.endpoint))[0].message.title).toBe(title);
    expect(pushService.messagesSoFar(fine.endpoint)).toHaveLength(1);
  });
});

describe('an instance that dies', () => {
  it('when it stored a report and died before sending its push, then another instance sends it', async () => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id, { isMissing: true });
    const device = pushService.subscribe();
    await owner.post('/api/push/subscriptions', device);
    // An instance whose own queue never runs: it queues the push with what it stores, and is gone.
    const dying = await createPushService({
      db: app.database.db,
      settings: app.config.push,
      jobs: createJobsService({ db: app.database.db }),
    });
    await app.database.db.transaction((tx) =>
      dying.queueForPetOwners(tx, pet.id, { title: `${pet.name} was found`, body: 'Where: by the bakery', url: '/' }),
    );

    await app.services.jobs.runDue();
    const [alert] = await pushService.messagesFor(device.endpoint);
    expect(alert.message.title).toBe(`${pet.name} was found`);
  });
});

describe('the VAPID keys', () => {
  it('when two instances start on one database with no keys kept, then both use the one pair stored', async () => {
    const { db } = app.database;
    await db.delete(serverKeys).where(eq(serverKeys.name, 'vapid'));
    const [a, b] = await Promise.all([
      createPushService({ db, settings: app.config.push, jobs: createJobsService({ db }) }),
      createPushService({ db, settings: app.config.push, jobs: createJobsService({ db }) }),
    ]);
    const [kept] = await db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'));
    expect(a.publicKey).toBe(b.publicKey);
    expect((kept.value as { publicKey: string }).publicKey).toBe(a.publicKey);
    // A later start reads the same pair.
    expect(
      (await createPushService({ db, settings: app.config.push, jobs: createJobsService({ db }) })).publicKey,
    ).toBe(a.publicKey);
  });

  it('when a key pair is configured, then it is used; a public key of another pair is refused at start', () => {
    const pair = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const config = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(config.push.keys).toEqual({ mode: 'configured', ...pair });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY/,
    );
  });
});
