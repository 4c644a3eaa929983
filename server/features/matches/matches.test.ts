import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PossibleMatch } from '../../../shared/contracts/matches';
import { foundReportClaims, foundReports, notifications, petMatches } from '../../../shared/schema';
import { eventually, never } from '../../../tests/support/eventually';
import { buildPet, insertPet, signedInOwner } from '../../../tests/support/factories';
import { type PushServiceDouble, startPushServiceDouble } from '../../../tests/support/push-service-double';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { findMissingPetsNear } from './matches.repository';

let app: TestApp;
let pushService: PushServiceDouble;
beforeAll(async () => {
  pushService = await startPushServiceDouble();
  // Each finder posts from an address of their own (X-Forwarded-For behind one proxy), as finders
  // do: the found reports' per-address limit is not what these tests are about.
  app = await startTestApp({ PUSH_EXTRA_HOSTS: pushService.host, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await app?.close();
  await pushService?.close();
});

// Each test in a place of its own, far from the others' and from earlier runs' on the same
// database, so that their pets and found reports never meet.
const base = { lat: -50 + Math.random() * 100, lng: -170 + Math.random() * 300 };
let town = 0;
const nextTown = () => {
  town++;
  return { lat: base.lat + town * 0.5, lng: base.lng };
};
const kmNorth = (point: { lat: number; lng: number }, km: number) => ({ lat: point.lat + km / 111.2, lng: point.lng });
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const finderAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

const brownAndWhitePhoto = async () => {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#5c3a1e' } })
    .composite([{ input: { create: { width: 64, height: 32, channels: 3, background: '#f4f4f2' } }, top: 32, left: 0 }])
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
};

/** A finder, signed out, posting a found pet where it was found. */
async function reportFound(point: { lat: number; lng: number }, overrides: Record<string, unknown> = {}) {
  const posted = await new Session(app.url).request(
    'POST',
    '/api/found-reports',
    {
      species: 'dog',
      colors: ['brown', 'white'],
      size: 'large',
      photoUrls: [await brownAndWhitePhoto()],
      lat: point.lat,
      lng: point.lng,
      foundAt: today(),
      whereNow: 'finder',
      contact: 'finder@example.com',
      ...overrides,
    },
    { 'x-forwarded-for': finderAddress() },
  );
  expect(posted.status).toBe(201);
  return posted.body as { id: string; managePath: string };
}

/** An owner with a subscribed browser and a missing pet last seen at `point`. */
async function ownerOfMissingPet(point: { lat: number; lng: number }, pet: Record<string, unknown> = {}) {
  const owner = await signedInOwner(app);
  const device = pushService.subscribe();
  await owner.post('/api/push/subscriptions', device);
  const created = await owner.post(
    '/api/pets',
    buildPet({
      name: 'Bella',
      species: 'dog',
      color: 'Chocolate and white',
      weight: '55 lbs',
      isMissing: true,
      lastSeenDate: daysAgo(2),
      lastSeenLat: point.lat,
      lastSeenLng: point.lng,
      ...pet,
    }),
  );
  expect(created.status).toBe(201);
  return { owner, device, pet: created.body as { id: string; name: string } };
}

const emailsTo = (userId: string, subject: string) =>
  app.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.subject, subject)));

describe('possible matches', () => {
  it("when a brown and white dog is found 1 km from where a dog went missing, then its owner's browser and inbox hear of it with the reasons; a cat's owner nearby hears nothing", async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place);
    const cat = await ownerOfMissingPet(kmNorth(place, 0.5), { name: 'Tom', species: 'cat', color: 'brown and white' });

    const report = await reportFound(kmNorth(place, 1));

    const [{ message: alert }] = await pushService.messagesFor(device.endpoint);
    expect(alert.title).toBe('Possible match for Bella');
    expect(alert.body).toMatch(
      /^Dog, brown and white, large, found [01]\.\d km from where Bella was last seen, 2 days after$/,
    );
    expect(alert.url).toBe(`/pet/${pet.id}#possible-matches`);

    const [email] = await eventually(
      () => emailsTo(owner.user.id, 'Possible match for Bella'),
      (rows) => rows.length > 0,
    );
    expect(email.body).toContain('Why: Dog, brown and white');
    expect(email.body).toContain(`/api/found-reports/${report.id}/photos/0?v=`);
    expect(email.body).toContain(`/found-pet/${report.id}`);

    const matches = await owner.get(`/api/pets/${pet.id}/matches`);
    expect(matches.status).toBe(200);
    expect(matches.body).toHaveLength(1);
    expect(matches.body[0]).toMatchObject({ status: 'proposed', foundReport: { id: report.id, species: 'dog' } });
    expect(matches.body[0].reasons).toContain('brown and white');
    // The found report's public view: never the finder's contact nor the exact point.
    expect(JSON.stringify(matches.body)).not.toContain('finder@example.com');
    expect(matches.body[0].foundReport).not.toHaveProperty('lat');

    await never(
      () => pushService.messagesSoFar(cat.device.endpoint),
      (messages) => messages.length > 0,
    );
    expect((await cat.owner.get(`/api/pets/${cat.pet.id}/matches`)).body).toEqual([]);
  });

  it('when the alert’s job runs again (its instance died after queueing the e-mail), then the owner gets the e-mail once', async () => {
    const place = nextTown();
    const { owner, pet } = await ownerOfMissingPet(place);
    const report = await reportFound(kmNorth(place, 1));
    await eventually(
      () => emailsTo(owner.user.id, 'Possible match for Bella'),
      (rows) => rows.length > 0,
    );

    await app.services.jobs.enqueue('matches.alert', { petId: pet.id, foundReportId: report.id });
    await app.services.jobs.runDue();
    expect(await emailsTo(owner.user.id, 'Possible match for Bella')).toHaveLength(1);
  });

  it('when the owner reads the matches in French, then the reasons are in French words, and a match stored with English words only still reads', async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place);
    const report = await reportFound(kmNorth(place, 1));
    await pushService.messagesFor(device.endpoint);

    // The stored reasons are facts, not words.
    const [stored] = await app.database.db
      .select()
      .from(petMatches)
      .where(and(eq(petMatches.petId, pet.id), eq(petMatches.foundReportId, report.id)));
    expect(stored.reasons).toMatchObject({ species: 'dog', colours: ['brown', 'white'], size: 'large', days: 2 });
    expect(stored.reasonWords).toBeNull();

    const french =
      /^Chien, marron et blanc, grande taille, trouvé à [01],\d km du dernier endroit où l’on a vu Bella, 2 jours après$/;
    const byBrowser = await owner.request('GET', `/api/pets/${pet.id}/matches`, undefined, {
      'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5',
    });
    expect(byBrowser.body[0].reasons.join(', ')).toMatch(french);
    expect(byBrowser.headers.get('vary')).toMatch(/Accept-Language/);
    const asked = await owner.request('GET', `/api/pets/${pet.id}/matches?lang=fr`, undefined, {
      'accept-language': 'de',
    });
    expect(asked.body[0].reasons.join(', ')).toMatch(french);
    // The owner's screens ask for their own language (English), whatever the browser's.
    const screens = await owner.request('GET', `/api/pets/${pet.id}/matches?lang=en`, undefined, {
      'accept-language': 'fr',
    });
    expect(screens.body[0].reasons).toContain('brown and white');
    // The pet's name in the reasons is the one it has now.
    await owner.patch(`/api/pets/${pet.id}`, { name: 'Bella Rose' });
    expect((await owner.get(`/api/pets/${pet.id}/matches?lang=fr`)).body[0].reasons.join(', ')).toContain(
      'l’on a vu Bella Rose',
    );

    // A match stored before the facts were kept: its English words, in any language.
    const older = await reportFound(kmNorth(place, 1.2));
    await app.services.jobs.runDue();
    const words = ['Dog', 'brown and white', 'found 1.2 km from where Bella was last seen', '2 days after'];
    await app.database.db
      .insert(petMatches)
      .values({ petId: pet.id, foundReportId: older.id, score: 0.01, reasonWords: words })
      .onConflictDoUpdate({
        target: [petMatches.petId, petMatches.foundReportId],
        set: { score: 0.01, reasons: null, reasonWords: words },
      });
    const both = await owner.get(`/api/pets/${pet.id}/matches?lang=fr`);
    expect(both.body.find((m: { foundReport: { id: string } }) => m.foundReport.id === older.id).reasons).toEqual(
      words,
    );
  });

  it('when the owner marks the pet safe, then the match they confirmed stays listed as how it was found, and the others go; missing again, neither is listed', async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place);
    const confirmed = await reportFound(kmNorth(place, 1));
    const other = await reportFound(kmNorth(place, 1.1));
    await pushService.messagesFor(device.endpoint, { count: 2 });
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toHaveLength(2);
    expect((await owner.post(`/api/pets/${pet.id}/matches/${confirmed.id}/confirm`)).status).toBe(200);

    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: false })).status).toBe(200);
    const history = (await owner.get(`/api/pets/${pet.id}/matches`)).body;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'confirmed', foundReport: { id: confirmed.id } });
    expect(JSON.stringify(history)).not.toContain(other.id);

    // Missing once more: the dog that came home last time is not this absence's match.
    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: true })).status).toBe(200);
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toEqual([]);
  });

  it('when a pet home safe goes missing again, then the matches its owner never decided do not come back', async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place, { lastSeenDate: daysAgo(6) });
    const undecided = await reportFound(kmNorth(place, 1), { foundAt: daysAgo(4) });
    await pushService.messagesFor(device.endpoint, { count: 1 });
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toHaveLength(1);

    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: false })).status).toBe(200);
    // Gone again from the same place, reported with the old last-seen day left as it was (the
    // profile's toggle keeps it): the time rule alone would let the dog found four days ago back.
    const again = await owner.patch(`/api/pets/${pet.id}`, { isMissing: true });
    expect(again.status).toBe(200);
    // Listed at once without the lapse; the job that scores the pet anew has a moment to run.
    await never(
      async () => JSON.stringify((await owner.get(`/api/pets/${pet.id}/matches`)).body),
      (listed) => listed.includes(undecided.id),
      2000,
    );
    const confirm = await owner.post(`/api/pets/${pet.id}/matches/${undecided.id}/confirm`);
    expect(confirm.status).toBe(404);
  });

  it('when a pet marked safe by mistake is reported missing again, then a dog found since comes back as a possible match; once its finder closes it, it leaves the list', async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place, { lastSeenDate: today() });
    const found = await reportFound(kmNorth(place, 1));
    await pushService.messagesFor(device.endpoint, { count: 1 });
    const listed = async () =>
      ((await owner.get(`/api/pets/${pet.id}/matches`)).body as { foundReport: { id: string } }[]).map(
        (match) => match.foundReport.id,
      );
    expect(await listed()).toEqual([found.id]);

    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: false })).status).toBe(200);
    expect(await listed()).toEqual([]);
    // Missing again the same day, from the same place, without a day given: the dog was found
    // since this absence began, and is proposed anew.
    const again = await owner.patch(`/api/pets/${pet.id}`, {
      isMissing: true,
      lastSeenLat: place.lat,
      lastSeenLng: place.lng,
    });
    expect(again.status).toBe(200);
    await eventually(listed, (ids) => ids.includes(found.id));

    // Its finder takes it to a shelter: it is no longer a question for the owner.
    const closed = await new Session(app.url).raw('POST', found.managePath, {
      body: new URLSearchParams({ action: 'shelter', shelterName: 'Eastside Shelter', confirm: 'yes' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
    });
    expect(closed.status).toBe(303);
    expect(await listed()).toEqual([]);
  });

  it('when a found pet of another kind is posted, then the missing pets nearby whose species is off the list (a hamster) are its candidates, and a dog is not', async () => {
    const place = nextTown();
    const owner = await signedInOwner(app);
    const pet = (species: string) =>
      insertPet(app.database.db, owner.user.id, {
        species,
        isMissing: true,
        lastSeenLat: place.lat,
        lastSeenLng: place.lng,
      });
    const [hamster, dog] = [await pet('Hamster'), await pet('dog')];
    const candidates = (await findMissingPetsNear(app.database.db, place, 'other', 10)).map((row) => row.id);
    expect(candidates).toContain(hamster.id);
    expect(candidates).not.toContain(dog.id);
  });

  it("when the owner unsubscribes from a match e-mail with one click (RFC 8058's POST), then that pet's match e-mails stop for them, its pushes go on, and the profile turns them back on", async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place);
    await reportFound(kmNorth(place, 1));
    const [email] = await eventually(
      () => emailsTo(owner.user.id, 'Possible match for Bella'),
      (rows) => rows.length > 0,
    );
    const link = /^<(.+\/matches\/unsubscribe\/[A-Za-z0-9_-]{43})>$/.exec(
      email.headers?.['List-Unsubscribe'] ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(email.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(email.body).toContain(`Stop e-mails about possible matches for Bella: ${link}`);
    const path = new URL(link as string).pathname;

    // Opening the link (a mail scanner does) changes nothing: a button, in the reader's language.
    const opened = await fetch(`${app.url}${path}`, { headers: { 'accept-language': 'fr' } });
    expect(opened.status).toBe(200);
    const page = await opened.text();
    expect(page).toContain('Ne plus recevoir d’e-mails sur les correspondances possibles pour Bella');
    expect(page).toContain('Se désabonner');
    expect((await owner.get(`/api/pets/${pet.id}/match-emails`)).body).toEqual({ email: true });

    // The mail provider's one-click POST: from its servers, no cookie, no origin of ours.
    const posted = await fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Homeward sends you no more e-mail about possible matches for Bella');
    expect((await owner.get(`/api/pets/${pet.id}/match-emails`)).body).toEqual({ email: false });
    expect(await (await fetch(`${app.url}${path}`)).text()).toContain('Already unsubscribed');

    // The next found dog: a push, no e-mail.
    await reportFound(kmNorth(place, 1.1));
    await pushService.messagesFor(device.endpoint, { count: 2 });
    expect(await emailsTo(owner.user.id, 'Possible match for Bella')).toHaveLength(1);

    // Back on from the profile: the one after is e-mailed again.
    expect((await owner.patch(`/api/pets/${pet.id}/match-emails`, { email: true })).body).toEqual({ email: true });
    await reportFound(kmNorth(place, 1.2));
    await eventually(
      () => emailsTo(owner.user.id, 'Possible match for Bella'),
      (rows) => rows.length === 2,
    );
  });

  it('when an unsubscribe link names nothing, or someone else asks about the e-mails of a pet not theirs, then nothing changes', async () => {
    const place = nextTown();
    const { owner, pet } = await ownerOfMissingPet(place);
    for (const token of ['A'.repeat(43), 'not-a-token'])
      for (const method of ['GET', 'POST']) {
        const res = await fetch(`${app.url}/matches/unsubscribe/${token}`, { method });
        expect(res.status).toBe(404);
        expect(await res.text()).toContain('Link not found');
      }
    const stranger = await signedInOwner(app);
    expect((await stranger.get(`/api/pets/${pet.id}/match-emails`)).status).toBe(404);
    expect((await stranger.patch(`/api/pets/${pet.id}/match-emails`, { email: false })).status).toBe(404);
    expect((await owner.patch(`/api/pets/${pet.id}/match-emails`, { email: 'no' })).status).toBe(400);
    expect((await owner.get(`/api/pets/${pet.id}/match-emails`)).body).toEqual({ email: true });
  });

  it('when a dog goes missing near a dog found days before, then its owner is told of the found dog', async () => {
    const place = nextTown();
    const owner = await signedInOwner(app);
    const device = pushService.subscribe();
    await owner.post('/api/push/subscriptions', device);
    const created = await owner.post(
      '/api/pets',
      buildPet({ name: 'Rex', species: 'dog', color: 'liver & white', lastSeenLat: place.lat, lastSeenLng: place.lng }),
    );
    await reportFound(kmNorth(place, 2));

    const missing = await owner.patch(`/api/pets/${created.body.id}`, { isMissing: true, lastSeenDate: daysAgo(1) });
    expect(missing.status).toBe(200);

    const [{ message: alert }] = await pushService.messagesFor(device.endpoint);
    expect(alert.title).toBe('Possible match for Rex');
  });

  it("when the owner gave the pet's sex, then a found dog of that sex is told with it and one of the other sex scores lower, both ways", async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place, { sex: 'female' });
    const female = await reportFound(kmNorth(place, 1), { sex: 'female' });
    const male = await reportFound(kmNorth(place, 1), { sex: 'male' });
    await pushService.messagesFor(device.endpoint);
    await app.services.jobs.runDue();
    const matches = (await owner.get(`/api/pets/${pet.id}/matches`)).body as PossibleMatch[];
    const matchOf = (id: string) => matches.find((m) => m.foundReport.id === id);
    expect(matchOf(female.id)?.reasons).toContain('female');
    // Another sex weighs against it (kept with a lower score, or not kept at all).
    expect(matchOf(male.id)?.score ?? 0).toBeLessThan(matchOf(female.id)?.score ?? 0);
    expect(matchOf(male.id)?.reasons ?? []).not.toContain('male');

    // The other way: a female dog going missing there meets the found female dog, said so.
    const other = await signedInOwner(app);
    const created = await other.post(
      '/api/pets',
      buildPet({
        name: 'Rosie',
        color: 'brown and white',
        weight: '55 lbs',
        sex: 'female',
        lastSeenLat: place.lat,
        lastSeenLng: place.lng,
      }),
    );
    await other.patch(`/api/pets/${created.body.id}`, { isMissing: true, lastSeenDate: daysAgo(2) });
    const [rosie] = await eventually(
      async () => (await other.get(`/api/pets/${created.body.id}/matches`)).body as PossibleMatch[],
      (rows) => rows.length > 0,
    );
    expect(rosie).toMatchObject({ foundReport: { id: female.id } });
    expect(rosie.reasons).toContain('female');
  });

  it("when the finder's marks guess the breed the owner wrote, then that found dog scores above one guessed another breed, both ways", async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place, { breed: 'Springer Spaniel' });
    const springer = await reportFound(kmNorth(place, 1), { marks: 'looks like a springer, red collar' });
    const husky = await reportFound(kmNorth(place, 1), { marks: 'husky?' });
    await pushService.messagesFor(device.endpoint);
    await app.services.jobs.runDue();
    const matches = (await owner.get(`/api/pets/${pet.id}/matches`)).body as PossibleMatch[];
    const scoreOf = (rows: PossibleMatch[], id: string) => rows.find((m) => m.foundReport.id === id)?.score ?? 0;
    expect(scoreOf(matches, husky.id)).toBeLessThan(scoreOf(matches, springer.id));

    // The other way: a springer going missing there meets both found dogs, the springer first.
    const other = await signedInOwner(app);
    const created = await other.post(
      '/api/pets',
      buildPet({
        name: 'Rosie',
        color: 'brown and white',
        weight: '55 lbs',
        breed: 'English Springer Spaniel',
        lastSeenLat: place.lat,
        lastSeenLng: place.lng,
      }),
    );
    await other.patch(`/api/pets/${created.body.id}`, { isMissing: true, lastSeenDate: daysAgo(2) });
    const rosie = await eventually(
      async () => (await other.get(`/api/pets/${created.body.id}/matches`)).body as PossibleMatch[],
      (rows) => rows.length > 0,
    );
    expect(rosie[0]).toMatchObject({ foundReport: { id: springer.id } });
    expect(scoreOf(rosie, husky.id)).toBeLessThan(scoreOf(rosie, springer.id));
  });

  it('when the owner dismisses a match, then it leaves the profile and never comes back, even when the point moves', async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place);
    const report = await reportFound(kmNorth(place, 1));
    await pushService.messagesFor(device.endpoint);

    expect((await owner.post(`/api/pets/${pet.id}/matches/${report.id}/dismiss`)).status).toBe(204);
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toEqual([]);

    const moved = kmNorth(place, 0.9);
    await owner.patch(`/api/pets/${pet.id}`, { lastSeenLat: moved.lat, lastSeenLng: moved.lng });
    await app.services.jobs.runDue();
    await never(
      () => pushService.messagesSoFar(device.endpoint),
      (messages) => messages.length > 1,
    );
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toEqual([]);
    expect((await owner.post(`/api/pets/${pet.id}/matches/${report.id}/confirm`)).status).toBe(404);
  });

  it("when the owner confirms a match, then the conversation with the finder opens and the match stays as theirs; another owner's pet answers 404", async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place);
    const report = await reportFound(kmNorth(place, 1));
    await pushService.messagesFor(device.endpoint);

    const stranger = await signedInOwner(app);
    expect((await stranger.get(`/api/pets/${pet.id}/matches`)).status).toBe(404);
    expect((await stranger.post(`/api/pets/${pet.id}/matches/${report.id}/confirm`)).status).toBe(404);
    expect((await stranger.post(`/api/pets/${pet.id}/matches/${report.id}/dismiss`)).status).toBe(404);
    expect((await owner.post(`/api/pets/${pet.id}/matches/not-an-id/dismiss`)).status).toBe(404);

    const confirmed = await owner.post(`/api/pets/${pet.id}/matches/${report.id}/confirm`);
    expect(confirmed.status).toBe(200);
    // Asked again (a double tap), the same answer, and still one conversation.
    const again = await owner.post(`/api/pets/${pet.id}/matches/${report.id}/confirm`);
    expect([again.status, again.body]).toEqual([200, confirmed.body]);
    // 'This Is My Pet': the conversation with the finder opens on the pet's reports.
    const reports = await owner.get(`/api/pets/${pet.id}/reports`);
    expect(reports.body.map((r: { id: string }) => r.id)).toEqual([confirmed.body.finderReportId]);
    // It reads as the found pet confirmed, and holds no words the owner never wrote.
    expect(reports.body[0].claimedFoundPet).toEqual({ id: report.id, species: 'dog' });
    expect((await owner.get(`/api/pets/${pet.id}/messages`)).body).toEqual([]);
    const [match] = (await owner.get(`/api/pets/${pet.id}/matches`)).body;
    expect(match).toMatchObject({
      status: 'confirmed',
      foundReport: { id: report.id },
      finderSaysNot: false,
      finderReportId: confirmed.body.finderReportId,
    });

    // The finder answers 'Not the Pet I Found' from their page, and yes when it asks once more: the
    // match says so from then on.
    const [claim] = await app.database.db
      .select()
      .from(foundReportClaims)
      .where(eq(foundReportClaims.foundReportId, report.id));
    const rejected = await fetch(`${app.url}${report.managePath}/claims/${claim.id}/reject`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ confirm: 'yes' }).toString(),
      headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(rejected.status).toBe(303);
    const [answered] = (await owner.get(`/api/pets/${pet.id}/matches`)).body;
    expect(answered).toMatchObject({ status: 'confirmed', finderSaysNot: true });
    // Home safe, it is not shown as how the pet came home; missing again, it is not this absence's.
    await owner.patch(`/api/pets/${pet.id}`, { isMissing: false });
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toEqual([]);
    await owner.patch(`/api/pets/${pet.id}`, { isMissing: true });
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toEqual([]);
  });

  it("when the owner says 'This Is My Pet' on the found pet's own page, then the match reads as confirmed, not as a question", async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place);
    const report = await reportFound(kmNorth(place, 1));
    await pushService.messagesFor(device.endpoint);
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toMatchObject([{ status: 'proposed' }]);

    const claimed = await owner.post(`/api/found-reports/${report.id}/claim`, { petId: pet.id });
    expect(claimed.status).toBe(201);
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toMatchObject([
      { status: 'confirmed', foundReport: { id: report.id }, finderReportId: claimed.body.finderReportId },
    ]);
    // Home safe, it is how the pet came home, not an undecided match that lapsed.
    await owner.patch(`/api/pets/${pet.id}`, { isMissing: false });
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toMatchObject([{ status: 'confirmed' }]);
  });

  it('when six found dogs look like the same missing dog in a day, then its owner is alerted of five and the sixth waits on the profile', async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place);
    for (let i = 0; i < 6; i++) {
      await reportFound(kmNorth(place, 0.5 + i * 0.1));
      await app.services.jobs.runDue();
    }
    await pushService.messagesFor(device.endpoint, { count: 5 });
    await never(
      () => pushService.messagesSoFar(device.endpoint),
      (messages) => messages.length > 5,
    );
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toHaveLength(6);
  });

  it('when the found pet is far away or was found before the pet went missing, then no one is alerted', async () => {
    const place = nextTown();
    const { owner, device, pet } = await ownerOfMissingPet(place, { lastSeenDate: today() });
    await reportFound(kmNorth(place, 12));
    await reportFound(kmNorth(place, 1), { foundAt: daysAgo(5) });
    await app.services.jobs.runDue();
    await never(
      () => pushService.messagesSoFar(device.endpoint),
      (messages) => messages.length > 0,
    );
    expect((await owner.get(`/api/pets/${pet.id}/matches`)).body).toEqual([]);
  });

  it('when a found dog posted without a point is pinned later from its management page, then the finder was told, and it joins the board and reaches the owner nearby', async () => {
    const place = nextTown();
    const { owner, pet } = await ownerOfMissingPet(place);
    const report = (await reportFound(place, {
      lat: null,
      lng: null,
      location: 'Behind the library on Elm St',
    })) as { id: string; managePath: string };
    const pinForm = (body: Record<string, string>) =>
      fetch(`${app.url}${report.managePath}/point`, {
        method: 'POST',
        body: new URLSearchParams(body).toString(),
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      });

    const page = await new Session(app.url).get(`${report.managePath}?posted=1`);
    expect(page.text).toContain('Without a place on the map, this pet is not on the found-pets board');
    expect(page.text).toContain(`action="${report.managePath}/point"`);
    expect(page.text).toContain('id="found-pin-map"');
    // No pin, or a place that is none: refused, nothing changes.
    expect((await pinForm({ lat: '', lng: '' })).status).toBe(400);
    expect((await pinForm({ lat: '91', lng: String(place.lng) })).status).toBe(400);
    expect((await app.database.db.select().from(foundReports).where(eq(foundReports.id, report.id)))[0].lat).toBeNull();

    const pinned = kmNorth(place, 1);
    const res = await pinForm({ lat: String(pinned.lat), lng: String(pinned.lng) });
    expect(res.status).toBe(303);
    expect((await new Session(app.url).get(res.headers.get('location') as string)).text).toContain(
      'The place is saved',
    );
    const board = await new Session(app.url).get(`/api/found-reports?lat=${place.lat}&lng=${place.lng}&km=5`);
    expect(board.body.map((r: { id: string }) => r.id)).toContain(report.id);
    const matches = await eventually(
      async () => (await owner.get(`/api/pets/${pet.id}/matches`)).body as { foundReport: { id: string } }[],
      (found) => found.length > 0,
    );
    expect(matches[0].foundReport.id).toBe(report.id);
  });

  it('when the finder moves a found dog’s saved place, then it is matched again there: an owner near the new point hears of it, and a match dismissed near the old one never comes back', async () => {
    const place = nextTown();
    const near = await ownerOfMissingPet(place);
    // 11.5 km from where the dog was first saved: beyond the matching radius, until the place moves.
    const far = await ownerOfMissingPet(kmNorth(place, 11));
    const report = await reportFound(kmNorth(place, -0.5));
    await pushService.messagesFor(near.device.endpoint);
    expect((await near.owner.post(`/api/pets/${near.pet.id}/matches/${report.id}/dismiss`)).status).toBe(204);
    const pairsOf = () => app.database.db.select().from(petMatches).where(eq(petMatches.foundReportId, report.id));
    expect((await pairsOf()).map((pair) => pair.petId)).toEqual([near.pet.id]);

    // Moved to 1.5 km from the far owner's point, still within the radius of the near one's.
    const moved = kmNorth(place, 9.5);
    const res = await fetch(`${app.url}${report.managePath}/point`, {
      method: 'POST',
      body: new URLSearchParams({ lat: String(moved.lat), lng: String(moved.lng) }).toString(),
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
    });
    expect(res.status).toBe(303);
    expect((await new Session(app.url).get(res.headers.get('location') as string)).text).toContain(
      'The place is moved',
    );

    const [{ message: alert }] = await pushService.messagesFor(far.device.endpoint);
    expect(alert.title).toBe('Possible match for Bella');
    await app.services.jobs.runDue();
    // The pair scored before is not scored again: the dismissed match stays dismissed and unheard of.
    await never(
      () => pushService.messagesSoFar(near.device.endpoint),
      (messages) => messages.length > 1,
    );
    expect((await near.owner.get(`/api/pets/${near.pet.id}/matches`)).body).toEqual([]);
    const pairs = await pairsOf();
    expect(pairs).toHaveLength(2);
    expect(pairs.find((pair) => pair.petId === near.pet.id)?.status).toBe('dismissed');
  });
});
