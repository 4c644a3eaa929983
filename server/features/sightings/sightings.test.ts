import crypto from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Request } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, messages, notifications, petMembers, rateLimits, sightings } from '../../../shared/schema';
import { eventually, never } from '../../../tests/support/eventually';
import { insertPet, signedInOwner } from '../../../tests/support/factories';
import { type PushServiceDouble, startPushServiceDouble } from '../../../tests/support/push-service-double';
import { Session } from '../../../tests/support/session';
import { type SmtpDouble, startSmtpDouble } from '../../../tests/support/smtp-double';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { conversationPrerender } from '../conversations/conversation-prerender';
import { dataUrl, describeImage, phonePhotoWithGps, png } from '../pets/test-images';
import { SIGHTING_ADDRESS_LIMIT, SIGHTING_LIMIT, SIGHTING_PET_QUOTA } from './sightings.service';

let app: TestApp;
let smtp: SmtpDouble;
let pushService: PushServiceDouble;
beforeAll(async () => {
  smtp = await startSmtpDouble();
  pushService = await startPushServiceDouble();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Homeward <alerts@homeward.test>',
    PUSH_EXTRA_HOSTS: pushService.host,
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await pushService?.close();
});
// Every sighter here posts from this machine's one address: each test starts with its counts at zero.
beforeEach(async () => {
  await app.database.db.delete(rateLimits).where(like(rateLimits.key, 'sightings%'));
});

// A missing pet last seen in central Portland.
const LAST_SEEN = { lastSeenLat: 45.52, lastSeenLng: -122.68 };
// About 600 m north-east of it.
const NORTH_EAST = { lat: 45.52382, lng: -122.67455 };

async function missingPet(overrides = {}) {
  const owner = await signedInOwner(app);
  const pet = await insertPet(app.database.db, owner.user.id, {
    name: `Pepper ${crypto.randomBytes(2).toString('hex')}`,
    isMissing: true,
    ...LAST_SEEN,
    ...overrides,
  });
  return { owner, pet };
}

const sightingsOf = (petId: string) => app.database.db.select().from(sightings).where(eq(sightings.petId, petId));
const mailsOf = (userId: string) =>
  app.database.db.select().from(notifications).where(eq(notifications.userId, userId));
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

// The body as the recipient reads it: quoted-printable's soft line breaks and escaped bytes undone.
const readable = (data: string) =>
  Buffer.from(
    data.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const post = (body: Record<string, unknown>) => new Session(app.url).post('/api/sightings', body);

describe('POST /api/sightings', () => {
  it('when a neighbour says where and when they saw a missing pet, then 201 and the owner reads it newest first with distance and direction in words', async () => {
    const { owner, pet } = await missingPet();
    const first = await post({ petId: pet.id, location: 'By the old bakery on 5th', seenAt: minutesAgo(90) });
    expect(first.status).toBe(201);
    // The sighter learns nothing but that it arrived, and where replies will reach them.
    expect(Object.keys(first.body).sort()).toEqual(['conversationPath', 'id']);
    const second = await post({
      petId: pet.id,
      ...NORTH_EAST,
      seenAt: minutesAgo(8),
      heading: 'north',
      note: 'Trotting along, looked fine',
    });
    expect(second.status).toBe(201);

    const list = await owner.get(`/api/pets/${pet.id}/sightings`);
    expect(list.status).toBe(200);
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body[0]).toMatchObject({
      ...NORTH_EAST,
      location: null,
      heading: 'north',
      note: 'Trotting along, looked fine',
      fromLastSeen: '600 m north-east of the last-seen point',
      hasContact: false,
      photoUrl: null,
    });
    expect(list.body[1]).toMatchObject({ location: 'By the old bakery on 5th', lat: null, fromLastSeen: null });
  });

  it('when the pet is not missing, then 409 says so and nothing is stored; an unknown pet is 404', async () => {
    const { pet } = await missingPet({ isMissing: false });
    const safe = await post({ petId: pet.id, location: 'Park' });
    expect(safe.status).toBe(409);
    expect(safe.body.message).toContain('is not reported missing');
    expect(await sightingsOf(pet.id)).toEqual([]);
    expect((await post({ petId: crypto.randomUUID(), location: 'Park' })).status).toBe(404);
  });

  it.each([
    ['a time in the future', { location: 'Park', seenAt: new Date(Date.now() + 3600_000).toISOString() }, 'seenAt'],
    ['a time two days ago', { location: 'Park', seenAt: minutesAgo(3 * 24 * 60) }, 'seenAt'],
    ['a time that is not a date-time', { location: 'Park', seenAt: 'yesterday-ish' }, 'seenAt'],
    ['a latitude beyond the pole', { lat: 91, lng: 10 }, 'lat'],
    ['a longitude off the planet', { lat: 45, lng: 1e9 }, 'lng'],
    ['a latitude without a longitude', { lat: 45 }, 'lng'],
    ['neither a point nor words', { location: '   ' }, 'location'],
    ['a heading not on the compass', { location: 'Park', heading: 'up' }, 'heading'],
    ['10,000 characters of note', { location: 'Park', note: 'x'.repeat(10_000) }, 'note'],
    ['a contact that reaches nobody', { location: 'Park', contact: 'call me maybe' }, 'contact'],
    [
      'a photo that is not an image',
      { location: 'Park', photoUrl: dataUrl('image/jpeg', Buffer.from('not a jpeg')) },
      'photoUrl',
    ],
    ['a PNG photo', { location: 'Park', photoUrl: dataUrl('image/png', png(4, 4)) }, 'photoUrl'],
    ['a link as the photo', { location: 'Park', photoUrl: 'https://example.com/dog.jpg' }, 'photoUrl'],
  ])('when the body has %s, then 400 names the field and nothing is stored or sent', async (_, body, field) => {
    const { owner, pet } = await missingPet();
    const res = await post({ petId: pet.id, ...body });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(await sightingsOf(pet.id)).toEqual([]);
    expect(await mailsOf(owner.user.id)).toEqual([]);
  });

  it('when the photo is 20 MB, then 413 and nothing is stored', async () => {
    const { pet } = await missingPet();
    const res = await post({
      petId: pet.id,
      location: 'Park',
      photoUrl: `data:image/jpeg;base64,${'A'.repeat(20_000_000)}`,
    });
    expect(res.status).toBe(413);
    expect(await sightingsOf(pet.id)).toEqual([]);
  });

  it('when the sighter sends a phone photo with its GPS position, then the owner gets it re-encoded without metadata, and only the owner', async () => {
    const { owner, pet } = await missingPet();
    const stranger = await signedInOwner(app);
    const res = await post({
      petId: pet.id,
      location: 'Park',
      photoUrl: dataUrl('image/jpeg', await phonePhotoWithGps()),
    });
    expect(res.status).toBe(201);
    const [sighting] = (await owner.get(`/api/pets/${pet.id}/sightings`)).body;
    expect(sighting.photoUrl).toMatch(new RegExp(`^/api/pets/${pet.id}/sightings/${sighting.id}/photo\\?v=[0-9a-f]+$`));
    const photo = await owner.raw('GET', sighting.photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const image = await describeImage(Buffer.from(await photo.arrayBuffer()));
    expect(image).toMatchObject({ format: 'jpeg', hasExif: false });
    expect((await stranger.raw('GET', sighting.photoUrl)).status).toBe(404);
    expect((await new Session(app.url).raw('GET', sighting.photoUrl)).status).toBe(401);
  });
});

describe('the owners are told', () => {
  it("when a sighting arrives, then every owner's subscribed device gets a push within 5 seconds that opens it, and each owner an e-mail '{name} was seen: ...'", async () => {
    const { owner, pet } = await missingPet();
    const member = await signedInOwner(app);
    await app.database.db.insert(petMembers).values({ petId: pet.id, userId: member.user.id });
    const stranger = await signedInOwner(app);
    const [ownerDevice, memberDevice, strangerDevice] = [1, 2, 3].map(() => pushService.subscribe());
    await owner.post('/api/push/subscriptions', ownerDevice);
    await member.post('/api/push/subscriptions', memberDevice);
    await stranger.post('/api/push/subscriptions', strangerDevice);

    const sent = Date.now();
    const res = await post({
      petId: pet.id,
      location: 'Elm St school gates',
      heading: 'north-east',
      contact: '555-0123-456',
    });
    expect(res.status).toBe(201);

    const [alert] = await pushService.messagesFor(ownerDevice.endpoint);
    expect(Date.now() - sent).toBeLessThan(5000);
    expect(alert.message).toEqual({
      title: `${pet.name} was seen`,
      body: 'Elm St school gates, heading north-east',
      url: `/pet/${pet.id}#sighting-${res.body.id}`,
    });
    expect((await pushService.messagesFor(memberDevice.endpoint))[0].message.title).toBe(`${pet.name} was seen`);
    // Sent from the queue, written with the sighting: an instance that dies after answering leaves it to another.
    await eventually(
      () =>
        app.database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, 'push.pet-owners'), sql`${jobs.payload}->>'petId' = ${pet.id}`)),
      ([queued]) => queued?.doneAt != null,
    );
    expect(
      await never(
        () => pushService.messagesSoFar(strangerDevice.endpoint),
        (alerts) => alerts.length > 0,
      ),
    ).toEqual([]);

    const mails = await eventually(
      () => smtp.received.filter((m) => m.data.includes(`Subject: ${pet.name} was seen: Elm St school gates`)),
      (found) => found.length === 2,
    );
    expect(mails.flatMap((m) => m.to).sort()).toEqual([owner.person.email, member.person.email].sort());
    const body = readable(mails[0].data);
    expect(body).toContain('Where: Elm St school gates');
    expect(body).toContain('Heading: north-east');
    // The sighter's phone stays with Homeward: the owners learn only that they can reply.
    expect(body).toContain('Contact: left with Homeward, which never shows it; you can reply from the profile');
    expect(body).not.toContain('555-0123-456');
    expect(body).toContain(`${app.url}/pet/${pet.id}#sighting-${res.body.id}`);
  });
});

describe('a sighting is plain text', () => {
  it("when the place and the note hold what looks like markup, then they are taken as written and shown as text: on the sighter's page, to the owner and in the owner's e-mail", async () => {
    const { owner, pet } = await missingPet();
    const location = '<i>Elm</i> St';
    const note = 'Seen <b>limping</b> <img src=x onerror=alert(1)> <3';
    const filed = await post({ petId: pet.id, location, note, contact: '+1 503 555 0142' });
    expect(filed.status).toBe(201);
    expect(await sightingsOf(pet.id)).toMatchObject([{ location, note }]);
    expect((await owner.get(`/api/pets/${pet.id}/sightings`)).body[0]).toMatchObject({ location, note });

    // The sighter's page shows the note as its first message: as text, no element of it.
    const token = (filed.body.conversationPath as string).replace('/c/', '');
    const page = await conversationPrerender(app.services).render({
      params: { token },
      query: {},
      get: () => undefined,
    } as unknown as Request);
    const shown = page?.body.split('<script')[0];
    expect(shown).toContain('Seen &lt;b&gt;limping&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt; &lt;3');
    expect(shown).not.toMatch(/<b>|<img src=x/);

    // The e-mail is plain text alone: the words arrive as they were written, and nothing reads them as HTML.
    const [mail] = await eventually(
      () => smtp.received.filter((m) => m.to.includes(owner.person.email)),
      (found) => found.length === 1,
    );
    expect(readable(mail.data)).toContain(`Where: ${location}`);
    expect(readable(mail.data)).toContain(`Note:\n> ${note}`);
    expect(mail.data).toMatch(/Content-Type: text\/plain/i);
    expect(mail.data).not.toMatch(/text\/html/i);
  });
});

describe('GET /api/pets/:id/sightings', () => {
  it('when the sighter left a phone or an e-mail address, then the owners learn only that they did, never the number or the address', async () => {
    const { owner, pet } = await missingPet();
    await post({ petId: pet.id, location: 'A', contact: 'sam.sighter@example.org', seenAt: minutesAgo(20) });
    await post({ petId: pet.id, location: 'B', contact: '+1 (555) 013-9876', seenAt: minutesAgo(10) });
    const res = await owner.get(`/api/pets/${pet.id}/sightings`);
    expect(res.body[0]).toMatchObject({ location: 'B', sighterHasEmail: false, hasContact: true });
    expect(res.body[1]).toMatchObject({ location: 'A', sighterHasEmail: true, hasContact: true });
    expect(JSON.stringify(res.body)).not.toContain('sam.sighter@example.org');
    expect(JSON.stringify(res.body)).not.toMatch(/013.?9876/);
    expect(res.body[0]).not.toHaveProperty('contact');
  });

  it('when another owner, a signed-out visitor or a malformed id asks, then 404, 401 and 404', async () => {
    const { pet } = await missingPet();
    await post({ petId: pet.id, location: 'Park' });
    const other = await signedInOwner(app);
    expect((await other.get(`/api/pets/${pet.id}/sightings`)).status).toBe(404);
    expect((await new Session(app.url).get(`/api/pets/${pet.id}/sightings`)).status).toBe(401);
    expect((await other.get('/api/pets/nope/sightings')).status).toBe(404);
  });

  it('when the pet came home and went missing again, then its owners read only the sightings of this absence', async () => {
    const { owner, pet } = await missingPet();
    await post({ petId: pet.id, location: 'Behind the school, last time' });
    await owner.patch(`/api/pets/${pet.id}`, { isMissing: false });
    await owner.patch(`/api/pets/${pet.id}`, { isMissing: true, ...LAST_SEEN });
    const now = await post({ petId: pet.id, location: 'By the river' });

    const list = await owner.get(`/api/pets/${pet.id}/sightings`);
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([now.body.id]);
  });

  it('when a Safety Circle member asks, then they see the sightings too', async () => {
    const { pet } = await missingPet();
    const member = await signedInOwner(app);
    await app.database.db.insert(petMembers).values({ petId: pet.id, userId: member.user.id });
    await post({ petId: pet.id, location: 'Park' });
    expect((await member.get(`/api/pets/${pet.id}/sightings`)).body).toHaveLength(1);
  });
});

describe('hiding a sighting', () => {
  it('when an owner hides one as spam, then it leaves the list, its photo and its conversation; another owner cannot hide it', async () => {
    const { owner, pet } = await missingPet();
    const spam = await post({
      petId: pet.id,
      location: 'Buy cheap watches',
      photoUrl: dataUrl('image/jpeg', await phonePhotoWithGps()),
    });
    const real = await post({ petId: pet.id, location: 'Park' });
    const [, spamView] = (await owner.get(`/api/pets/${pet.id}/sightings`)).body;
    const other = await signedInOwner(app);
    expect((await other.post(`/api/pets/${pet.id}/sightings/${spam.body.id}/hide`, {})).status).toBe(404);

    expect((await owner.post(`/api/pets/${pet.id}/sightings/${spam.body.id}/hide`, {})).status).toBe(204);
    const after = (await owner.get(`/api/pets/${pet.id}/sightings`)).body;
    expect(after.map((s: { id: string }) => s.id)).toEqual([real.body.id]);
    expect((await owner.raw('GET', spamView.photoUrl)).status).toBe(404);
    const token = (spam.body.conversationPath as string).replace('/c/', '');
    expect((await new Session(app.url).get(`/api/conversations/${token}`)).status).toBe(404);
    expect((await owner.post(`/api/pets/${pet.id}/sightings/${spam.body.id}/replies`, { body: 'Hi' })).status).toBe(
      404,
    );
  });
});

describe('replies through Homeward', () => {
  it('when the owner replies to a sighter who left an e-mail, then the sighter gets it by e-mail with a /c/ link, without the owner’s address, and can answer', async () => {
    const { owner, pet } = await missingPet();
    const sighterEmail = `sam.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const filed = await post({ petId: pet.id, location: 'Elm St', contact: sighterEmail });

    const reply = await owner.post(`/api/pets/${pet.id}/sightings/${filed.body.id}/replies`, {
      body: 'Thank you! Was she wearing her red collar?',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ author: 'owner', sightingId: filed.body.id });

    const [mail] = await eventually(
      () => smtp.received.filter((m) => m.to.includes(sighterEmail)),
      (found) => found.length === 1,
    );
    const body = readable(mail.data);
    expect(body).toContain('Thank you! Was she wearing her red collar?');
    expect(body).toContain(`Where you saw ${pet.name}: Elm St`);
    // Its first e-mail to the address says why it came: a sighting, not a finding.
    expect(body).toContain(`when they reported seeing ${pet.name} on Homeward`);
    expect(body).not.toContain('finding');
    expect(body).not.toContain(owner.person.email);
    const token = new RegExp(`${app.url}/c/([A-Za-z0-9_-]{32})`).exec(body)?.[1];
    expect(token).toBeDefined();

    // The sighter answers on their page; the owners see the whole conversation on the sighting.
    const answer = await new Session(app.url).post(`/api/conversations/${token}/messages`, {
      body: 'Yes, red collar.',
    });
    expect(answer.status).toBe(201);
    const [sighting] = (await owner.get(`/api/pets/${pet.id}/sightings`)).body;
    expect(sighting.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['owner', 'Thank you! Was she wearing her red collar?'],
      ['finder', 'Yes, red collar.'],
    ]);
    const stored = await app.database.db.select().from(messages).where(eq(messages.sightingId, filed.body.id));
    expect(stored.every((m) => m.reportId === null)).toBe(true);
  });

  it('when the pet is home, then the sighter’s conversation is closed: a message is refused in their language, stored nowhere and e-mailed to no one', async () => {
    const { owner, pet } = await missingPet();
    const filed = await post({ petId: pet.id, location: 'Elm St', contact: '+1 503 555 0142' });
    const token = (filed.body.conversationPath as string).replace('/c/', '');
    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: false })).status).toBe(200);
    const mailsBefore = smtp.received.length;

    const late = await new Session(app.url).request(
      'POST',
      `/api/conversations/${token}/messages`,
      { body: 'Did you find him?' },
      { 'accept-language': 'de' },
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      `${pet.name} wird nicht mehr vermisst, daher ist dieses Gespräch beendet: Ihre Nachricht wurde nicht gesendet. Danke für Ihre Hilfe!`,
    );
    const stored = await app.database.db.select().from(messages).where(eq(messages.sightingId, filed.body.id));
    expect(stored).toEqual([]);
    expect(
      await never(
        () => smtp.received.slice(mailsBefore),
        (sent) => sent.length > 0,
      ),
    ).toEqual([]);

    // Lost again, it is a new absence: the old sighting's conversation stays closed.
    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: true })).status).toBe(200);
    expect((await new Session(app.url).post(`/api/conversations/${token}/messages`, { body: 'Hello?' })).status).toBe(
      409,
    );
  });
});

describe('the sighter’s conversation page', () => {
  it('when the sighter opens it, then it speaks of their sighting, not of a finder’s report, in each of the six languages', async () => {
    const { pet } = await missingPet();
    const filed = await post({ petId: pet.id, location: 'Elm St', contact: '+1 503 555 0142' });
    const token = (filed.body.conversationPath as string).replace('/c/', '');
    expect((await new Session(app.url).get(`/api/conversations/${token}`)).body).toMatchObject({ about: 'sighting' });

    const wording = {
      en: ['Your Sighting', 'told about your sighting', 'Your Report'],
      es: ['Tu avistamiento', 'de tu avistamiento', 'Tu aviso'],
      fr: ['Votre observation', 'de votre observation', 'Votre signalement'],
      de: ['Ihre Sichtung', 'über Ihre Sichtung', 'Ihre Meldung'],
      pt: ['Seu avistamento', 'do seu avistamento', 'Seu aviso'],
      'zh-Hans': ['您的目击信息', '已收到您的目击信息', '您的报告'],
    };
    const render = conversationPrerender(app.services).render;
    for (const [lang, [title, noReplies, finderWords]] of Object.entries(wording)) {
      // The page as the server sends it, in the language the sighter picks on its switch.
      const page = await render({ params: { token }, query: { lang }, get: () => undefined } as unknown as Request);
      expect(page?.lang).toBe(lang);
      // What the page shows, before the data blocks that carry every word of the page's script.
      const shown = page?.body.split('<script')[0];
      expect(shown, lang).toContain(title);
      expect(shown, lang).toContain(noReplies);
      expect(shown, lang).not.toContain(finderWords);
    }
  });
});

describe('limits', () => {
  it(`when one address sends more than ${SIGHTING_LIMIT.limit} sightings of a pet in ten minutes, then 429 with Retry-After and nothing more is stored`, async () => {
    const { pet } = await missingPet();
    for (let i = 0; i < SIGHTING_LIMIT.limit; i++)
      expect((await post({ petId: pet.id, location: `Spot ${i}` })).status).toBe(201);
    const refused = await post({ petId: pet.id, location: 'One more' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sightingsOf(pet.id)).toHaveLength(SIGHTING_LIMIT.limit);
  });

  it(`when one address reports more than ${SIGHTING_ADDRESS_LIMIT.limit} sightings in an hour across pets, then it is refused`, async () => {
    await app.database.db
      .insert(rateLimits)
      .values({
        key: 'sightings-address:127.0.0.1',
        hits: SIGHTING_ADDRESS_LIMIT.limit,
        resetAt: new Date(Date.now() + 3600_000),
      })
      .onConflictDoUpdate({ target: rateLimits.key, set: { hits: SIGHTING_ADDRESS_LIMIT.limit } });
    const { pet } = await missingPet();
    expect((await post({ petId: pet.id, location: 'Park' })).status).toBe(429);
    expect(await sightingsOf(pet.id)).toEqual([]);
  });

  it(`when a pet already had ${SIGHTING_PET_QUOTA.limit} sightings this hour from anywhere, then the next is refused until the hour has passed`, async () => {
    const { pet } = await missingPet();
    await app.database.db.insert(sightings).values(
      Array.from({ length: SIGHTING_PET_QUOTA.limit }, (_, i) => ({
        petId: pet.id,
        location: `Flood ${i}`,
        seenAt: new Date(),
        createdAt: new Date(Date.now() - 30 * 60_000),
      })),
    );
    const refused = await post({ petId: pet.id, location: 'Park' });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(25 * 60);
    expect(wait).toBeLessThanOrEqual(30 * 60);
  });
});
