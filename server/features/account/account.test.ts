import { eq, inArray, like, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkouts,
  finderReports,
  localPaymentIntents,
  messages,
  notifications,
  orders,
  petMembers,
  petPhotos,
  pets,
  pushSubscriptions,
  rateLimits,
  reminders,
  sessions,
  users,
  watchAreas,
} from '../../../shared/schema';
import { payLocally, startCheckout } from '../../../tests/support/checkout';
import {
  buildFinderReport,
  buildPet,
  insertPaidOrder,
  insertPet,
  sessionFor,
  signedInOwner,
  userIdOf,
} from '../../../tests/support/factories';
import { Session, signedIn } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { dataUrl, describeImage, phonePhotoWithGps, png } from '../pets/test-images';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const db = () => app.database.db;

/**
 * An owner with one of everything: two signed-in browsers, a photographed pet and one shown by
 * link, a reminder, a paid order, a finder's report with its conversation, a calendar link, a push
 * subscription, a pet they co-own with someone else and a pet of theirs someone else co-owns.
 */
async function ownerWithEverything() {
  const owner = await signedInOwner(app);
  const laptop = await sessionFor(app, owner.user);
  const ownerId = owner.user.id;

  const photographed = (
    await owner.post('/api/pets', buildPet({ name: 'Mr. Biscuit!', photoUrl: dataUrl('image/png', png(30, 20)) }))
  ).body;
  const linked = (
    await owner.post('/api/pets', buildPet({ name: 'Pip', photoUrl: 'https://images.example.com/pip.jpg' }))
  ).body;
  const reminder = (
    await owner.post('/api/reminders', {
      petId: photographed.id,
      type: 'vaccine',
      title: 'Rabies shot',
      dueDate: '2031-05-01',
    })
  ).body;

  const { order } = await insertPaidOrder(db(), ownerId);

  const finderReport = buildFinderReport(photographed.id, {
    finderLocation: 'By the red mailbox',
    message: 'He is with me',
    finderContact: 'finder-hidden@example.org',
  });
  const report = (await new Session(app.url).post('/api/gps-pings', finderReport)).body;
  await db()
    .insert(messages)
    .values([
      { reportId: report.id, author: 'finder', body: 'Is he yours?' },
      { reportId: report.id, author: 'owner', authorUserId: ownerId, body: 'Yes! On my way.' },
    ]);
  const calendar = (await owner.post('/api/reminders/calendar-token')).body.url as string;
  const watchArea = (
    await owner.post('/api/watch-areas', { lat: 45.5, lng: -122.6, radiusKm: 5, push: true, email: false })
  ).body;
  await db()
    .insert(pushSubscriptions)
    .values({ userId: ownerId, endpoint: `https://push.example.com/${ownerId}`, p256dh: 'k', auth: 'a' });

  const other = await signedInOwner(app);
  const otherId = other.user.id;
  const theirs = await insertPet(db(), otherId, { name: 'Not Theirs' });
  await db()
    .insert(petMembers)
    .values([
      { petId: theirs.id, userId: ownerId },
      { petId: photographed.id, userId: otherId },
    ]);
  return {
    owner,
    laptop,
    ownerId,
    photographed,
    linked,
    reminder,
    order,
    report,
    calendar,
    watchArea,
    other,
    otherId,
    theirs,
  };
}

describe('downloading my data', () => {
  it('when an owner downloads their data, then the ZIP holds their pets, reminders, orders, finder reports with conversations, and photos', async () => {
    const { owner, photographed, linked, order, reminder, theirs, calendar, watchArea } = await ownerWithEverything();
    const res = await owner.raw('GET', '/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?homeward-data-\d{4}-\d{2}-\d{2}\.zip"?$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');

    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const photoFile = `photos/mr-biscuit-${photographed.id.slice(0, 8)}.jpg`;
    expect(Object.keys(files).sort()).toEqual(['homeward-data.json', photoFile]);
    const served = Buffer.from(await (await owner.raw('GET', photographed.photoUrl)).arrayBuffer());
    expect(Buffer.from(files[photoFile]).equals(served)).toBe(true);
    expect(await describeImage(Buffer.from(files[photoFile]))).toMatchObject({ format: 'jpeg', width: 30, height: 20 });

    const text = strFromU8(files['homeward-data.json']);
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ email: owner.person.email, lastName: owner.person.lastName });
    // Theirs, oldest first: the two above and the one the checkout was for.
    expect(data.pets).toHaveLength(3);
    expect(data.pets[0]).toMatchObject({
      id: photographed.id,
      name: 'Mr. Biscuit!',
      ownerPhone: '555-0100',
      medicalNotes: 'Allergic to chicken',
      photoFile,
    });
    expect(data.pets[1]).toMatchObject({
      id: linked.id,
      photoUrl: 'https://images.example.com/pip.jpg',
      photoFile: null,
    });
    expect(data.reminders).toEqual([
      expect.objectContaining({ id: reminder.id, title: 'Rabies shot', petName: 'Mr. Biscuit!' }),
    ]);
    expect(data.watchAreas).toEqual([
      expect.objectContaining({ id: watchArea.id, lat: 45.5, lng: -122.6, radiusKm: 5, push: true, email: false }),
    ]);
    expect(data.orders).toEqual([
      expect.objectContaining({
        id: order.id,
        shippingAddress: '12 Elm Street',
        totalPrice: order.totalPrice,
        productName: expect.any(String),
      }),
    ]);
    expect(data.finderReports).toEqual([
      expect.objectContaining({
        finderLocation: 'By the red mailbox',
        message: 'He is with me',
        petName: 'Mr. Biscuit!',
        messages: [
          expect.objectContaining({ author: 'finder', body: 'Is he yours?' }),
          expect.objectContaining({ author: 'owner', body: 'Yes! On my way.' }),
        ],
      }),
    ]);
    // Someone else's pet they co-own is its creator's to export; secrets never leave.
    expect(text).not.toContain(theirs.id);
    const [account] = await db().select().from(users).where(eq(users.email, owner.person.email));
    expect(text).not.toContain(account.calendarTokenHash as string);
    expect(text, 'the calendar token').not.toContain(calendar.slice(-47, -4));
    expect(text).not.toMatch(/conversationToken|calendarToken|userId/);
    // The finder's e-mail address is theirs: replies reach them through Homeward.
    expect(text).not.toContain('finder-hidden@example.org');
  });

  it('when an owner downloads their data, then it holds the sightings of their pets as they see them, hidden ones too, each photo a file', async () => {
    // Every sighting here comes from this machine's one address: its counts start at zero.
    await db().delete(rateLimits).where(like(rateLimits.key, 'sightings%'));
    const owner = await signedInOwner(app);
    const pet = await insertPet(db(), owner.user.id, {
      name: 'Luna',
      isMissing: true,
      lastSeenLat: 45.52,
      lastSeenLng: -122.68,
    });
    const sighter = new Session(app.url);
    const seen = (
      await sighter.post('/api/sightings', {
        petId: pet.id,
        lat: 45.52382,
        lng: -122.67455,
        location: 'Behind the bakery',
        seenAt: new Date(Date.now() - 30 * 60_000).toISOString(),
        heading: 'north',
        note: 'Limping a little',
        photoUrl: dataUrl('image/jpeg', await phonePhotoWithGps()),
        contact: '+1 503 555 0142',
      })
    ).body;
    const spam = (
      await sighter.post('/api/sightings', { petId: pet.id, location: 'Cheap watches', contact: 'spam@example.org' })
    ).body;
    expect((await owner.post(`/api/pets/${pet.id}/sightings/${seen.id}/replies`, { body: 'Thank you!' })).status).toBe(
      201,
    );
    expect((await owner.post(`/api/pets/${pet.id}/sightings/${spam.id}/hide`, {})).status).toBe(204);
    // Someone else's missing pet, seen too: not this owner's to take away.
    const other = await signedInOwner(app);
    const theirs = await insertPet(db(), other.user.id, { isMissing: true, lastSeenLat: 45.5, lastSeenLng: -122.6 });
    await sighter.post('/api/sightings', { petId: theirs.id, location: 'Not their street' });

    const res = await owner.raw('GET', '/api/account/export');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const photoFile = `photos/sightings/luna-${seen.id.slice(0, 8)}.jpg`;
    expect(Object.keys(files).sort()).toEqual(['homeward-data.json', photoFile]);
    // The photo as the owner gets it on the profile: re-encoded, without the phone's GPS position.
    const [listed] = (await owner.get(`/api/pets/${pet.id}/sightings`)).body;
    const served = Buffer.from(await (await owner.raw('GET', listed.photoUrl)).arrayBuffer());
    expect(Buffer.from(files[photoFile]).equals(served)).toBe(true);

    const text = strFromU8(files['homeward-data.json']);
    const data = JSON.parse(text);
    expect(data.sightings).toEqual([
      expect.objectContaining({
        id: seen.id,
        petId: pet.id,
        petName: 'Luna',
        lat: 45.52382,
        lng: -122.67455,
        location: 'Behind the bakery',
        seenAt: listed.seenAt,
        heading: 'north',
        note: 'Limping a little',
        hasContact: true,
        photoFile,
        hiddenAt: null,
        messages: [expect.objectContaining({ author: 'owner', body: 'Thank you!' })],
      }),
      expect.objectContaining({
        id: spam.id,
        location: 'Cheap watches',
        hasContact: true,
        photoFile: null,
        hiddenAt: expect.any(String),
        messages: [],
      }),
    ]);
    // As on the profile: a sighter's phone, e-mail address and language are not the owner's; the other pet's sighting is not theirs.
    expect(text).not.toMatch(/555.?0142/);
    expect(text).not.toContain('spam@example.org');
    expect(text).not.toContain('Not their street');
    expect(text).not.toMatch(/photoHash|locale/);
  });

  it('when signed out, then the download answers 401', async () => {
    expect((await new Session(app.url).get('/api/account/export')).status).toBe(401);
  });
});

describe('the time zone of my e-mails', () => {
  it('when the app says the browser’s time zone, then the owner’s e-mails give times in it; a zone that is none is refused, and signed out nothing changes', async () => {
    const owner = await signedInOwner(app);
    const zoneOf = async () =>
      (await app.database.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, owner.user.id)))[0]
        .timeZone;
    for (const [timeZone, message] of [
      ['Mars/Olympus_Mons', 'timeZone: Not a time zone'],
      [-8, 'timeZone: Must be text'],
      ['x'.repeat(100), 'timeZone: Not a time zone'],
    ] as const) {
      const refused = await owner.put('/api/account/time-zone', { timeZone });
      expect(refused.status, String(timeZone)).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await new Session(app.url).put('/api/account/time-zone', { timeZone: 'Asia/Tokyo' })).status).toBe(401);
    expect(await zoneOf()).toBeNull();

    expect((await owner.put('/api/account/time-zone', { timeZone: 'America/Los_Angeles' })).status).toBe(204);
    expect(await zoneOf()).toBe('America/Los_Angeles');
    const pet = await insertPet(app.database.db, owner.user.id);
    expect((await new Session(app.url).post('/api/gps-pings', buildFinderReport(pet.id))).status).toBe(201);
    const [mail] = await app.database.db.select().from(notifications).where(eq(notifications.petId, pet.id));
    const [stored] = await app.database.db.select().from(finderReports).where(eq(finderReports.petId, pet.id));
    const pacific = stored.createdAt.toLocaleString('en', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'America/Los_Angeles',
    });
    expect(mail.body).toContain(`Reported: ${pacific} P`);
    expect(mail.body).toMatch(/^Reported: .* P[SD]T$/m);
  });
});

describe('deleting my account', () => {
  it.each([
    ['nothing typed', {}],
    ['the word in lower case', { confirm: 'delete' }],
    ['their e-mail', { confirm: 'someone@example.com' }],
    ['a number', { confirm: 42 }],
  ])('when the confirmation is %s, then 400 asks for DELETE and nothing is deleted', async (_what, body) => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(db(), owner.user.id);
    const res = await owner.request('DELETE', '/api/account', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('confirm: Type DELETE to confirm');
    expect((await owner.get(`/api/pets/${pet.id}`)).body.userId).toBe(owner.user.id);
  });

  it('when an owner who paid with the local test card deletes their account, then the processor forgets where the tag went and no limit counter names them', async () => {
    const owner = await signedInOwner(app);
    const { intent } = await startCheckout(app, owner);
    expect((await payLocally(owner, intent)).status).toBe(200);
    const paymentOf = async () =>
      (await db().select().from(localPaymentIntents).where(eq(localPaymentIntents.id, intent.paymentIntentId)))[0];
    expect((await paymentOf()).metadata).toMatchObject({ shippingName: expect.stringMatching(/\S/) });

    // Checkout is limited per person: the counter names them until the account goes.
    const countersOf = () =>
      db()
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `%:${owner.user.id}`));
    expect(await countersOf()).not.toEqual([]);

    expect((await owner.request('DELETE', '/api/account', { confirm: 'DELETE' })).status).toBe(200);
    expect(await countersOf()).toEqual([]);
    const { metadata } = await paymentOf();
    for (const key of ['shippingName', 'shippingAddress', 'shippingCity', 'shippingZip', 'shippingPhone', 'petId'])
      expect(metadata, key).toHaveProperty(key, '');
  });

  it('when signed out, or asked from another site, then nothing is deleted', async () => {
    expect((await new Session(app.url).request('DELETE', '/api/account', { confirm: 'DELETE' })).status).toBe(401);
    const owner = await signedInOwner(app);
    const crossSite = await owner.request(
      'DELETE',
      '/api/account',
      { confirm: 'DELETE' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect((await owner.get('/api/auth/user')).status).toBe(200);
  });

  it('when an owner deletes their account, then nothing of theirs is readable, their rows are gone and paid orders stay without personal details', async () => {
    const everything = await ownerWithEverything();
    const { owner, laptop, ownerId, photographed, linked, order, report, calendar, otherId, theirs } = everything;

    const res = await owner.request('DELETE', '/api/account', { confirm: 'DELETE' });
    expect(res.status).toBe(200);
    // The browser goes on to end the provider's session too, which brings it back to the app.
    expect(new URL(res.body.signOutUrl).pathname).toBe('/oidc/session/end');
    expect(new URL(res.body.signOutUrl).searchParams.get('post_logout_redirect_uri')).toBe(`${app.url}/`);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('homeward.sid=;'))).toBe(true);

    // Every browser they were signed in on is signed out, and every route of theirs is closed.
    for (const browser of [owner, laptop]) {
      for (const path of [
        '/api/auth/user',
        '/api/pets',
        '/api/reminders',
        '/api/orders',
        `/api/orders/${order.id}`,
        '/api/account/export',
      ]) {
        expect((await browser.get(path)).status, path).toBe(401);
      }
      expect((await browser.get(`/api/pets/${photographed.id}/reports`)).status).toBe(401);
    }
    // A stranger finds nothing either: the scan page's data, the photo and the calendar feed are gone.
    const stranger = new Session(app.url);
    for (const path of [
      `/api/pets/${photographed.id}`,
      `/api/pets/${linked.id}`,
      photographed.photoUrl,
      new URL(calendar).pathname,
    ]) {
      expect((await stranger.get(path)).status, path).toBe(404);
    }

    // The rows are gone.
    expect(await db().select().from(users).where(eq(users.id, ownerId))).toEqual([]);
    expect(await db().select().from(pets).where(eq(pets.userId, ownerId))).toEqual([]);
    expect(await db().select().from(petPhotos).where(eq(petPhotos.petId, photographed.id))).toEqual([]);
    expect(await db().select().from(reminders).where(eq(reminders.userId, ownerId))).toEqual([]);
    expect(await db().select().from(finderReports).where(eq(finderReports.id, report.id))).toEqual([]);
    expect(await db().select().from(messages).where(eq(messages.reportId, report.id))).toEqual([]);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ownerId))).toEqual([]);
    expect(await db().select().from(watchAreas).where(eq(watchAreas.userId, ownerId))).toEqual([]);
    expect(await db().select().from(notifications).where(eq(notifications.userId, ownerId))).toEqual([]);
    expect(await db().select().from(checkouts).where(eq(checkouts.userId, ownerId))).toEqual([]);
    expect(await db().select().from(petMembers).where(eq(petMembers.userId, ownerId))).toEqual([]);
    expect(
      await db()
        .select()
        .from(petMembers)
        .where(inArray(petMembers.petId, [photographed.id])),
    ).toEqual([]);
    const left = await db()
      .select()
      .from(sessions)
      .where(sql`(${sessions.sess}::jsonb #>> '{passport,user,id}') = ${ownerId}`);
    expect(left).toEqual([]);

    // The paid order stays for the accounts, with nothing that says who or where.
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      userId: null,
      petId: null,
      shippingName: '',
      shippingAddress: '',
      shippingPhone: '',
      customText: null,
      totalPrice: order.totalPrice,
      paymentIntentId: order.paymentIntentId,
      status: order.status,
    });

    // The pet they co-owned stays with its creator.
    expect(await db().select().from(pets).where(eq(pets.id, theirs.id))).toEqual([
      expect.objectContaining({ userId: otherId }),
    ]);
  });

  it('when a pet’s creator deletes their account, then each co-owner is told by e-mail that the pet’s profile went with it', async () => {
    const creator = await signedInOwner(app, { firstName: 'Dana', lastName: 'Creator', email: 'dana@example.com' });
    const coOwner = await signedInOwner(app);
    const pet = await insertPet(db(), creator.user.id, { name: 'Biscuit' });
    await db().insert(petMembers).values({ petId: pet.id, userId: coOwner.user.id });

    expect((await creator.request('DELETE', '/api/account', { confirm: 'DELETE' })).status).toBe(200);
    const mails = await db().select().from(notifications).where(eq(notifications.userId, coOwner.user.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipient: coOwner.user.email,
      subject: "Biscuit's profile was deleted from Homeward",
    });
    expect(mails[0].body).toContain("Dana Creator deleted their Homeward account, and with it Biscuit's profile");
    expect(mails[0].body).toContain(`${app.config.publicUrl}/add-pet`);
    // The creator, whose account is gone, is sent nothing.
    expect(await db().select().from(notifications).where(eq(notifications.recipient, 'dana@example.com'))).toEqual([]);
  });

  it('when the same person signs in again after deleting, then they start with a fresh, empty account', async () => {
    const owner = await signedIn(app.url);
    const before = await userIdOf(owner);
    await owner.post('/api/pets', buildPet());
    expect((await owner.request('DELETE', '/api/account', { confirm: 'DELETE' })).status).toBe(200);

    const again = new Session(app.url);
    await again.signIn(owner.person);
    expect(await userIdOf(again)).not.toBe(before);
    expect((await again.get('/api/pets')).body).toEqual([]);
  });
});
