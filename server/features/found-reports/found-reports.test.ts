import crypto from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import type { Request } from 'express';
import ogs from 'open-graph-scraper';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GRID_DEGREES } from '../../../shared/contracts/places';
import {
  finderReports,
  foundReportClaims,
  foundReports,
  jobs,
  messages,
  notifications,
  rateLimits,
} from '../../../shared/schema';
import { insertOwner, insertPet, signedInOwner } from '../../../tests/support/factories';
import { aPointIn } from '../../../tests/support/places';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { conversationPrerender } from '../conversations/conversation-prerender';
import { dataUrl, describeImage, JPEG_3X2, phonePhotoWithGps, png } from '../pets/test-images';
import {
  FOUND_POINT_MOVES_LIMIT,
  FOUND_REPORT_ACCOUNT_LIMITS,
  FOUND_REPORT_ATTEMPT_LIMIT,
  FOUND_REPORT_LIMITS,
} from './found-reports.service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
// Every test posts from the same address: each starts under the flood limit.
beforeEach(async () => {
  await app.database.db.delete(rateLimits).where(like(rateLimits.key, 'found-reports-%'));
});

/**
 * A place of this test file's own, far from every other test's (the PostgreSQL database outlives
 * a run): somewhere in a wide band of northern Siberia.
 */
const aPlace = () => aPointIn(62, 100, 1, 40);
const north = (place: { lat: number; lng: number }, km: number) => ({ ...place, lat: place.lat + km / 111.2 });

const today = () => new Date().toISOString().slice(0, 10);
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The ids of a page's controls that take the focus when it loads. */
const autofocused = (html: string) =>
  [...html.matchAll(/<(?:input|select|textarea)[^>]*\bautofocus=""[^>]*>/g)].map(
    ([control]) => /\bid="([^"]+)"/.exec(control)?.[1],
  );
/** What a server's page says with scripts and without (one of the two is shown). */
const scriptedWords = (html: string) => ({
  withScripts: /<span class="noscript:hidden">([^<]*)<\/span>/.exec(html)?.[1],
  withoutScripts: /<span class="hidden noscript:inline">([^<]*)<\/span>/.exec(html)?.[1],
});

/** A found dog as the app's form sends it; `contact` is an address of this test's own. */
const aFoundDog = (overrides: Record<string, unknown> = {}) => {
  const place = aPlace();
  return {
    species: 'dog',
    colors: ['brown', 'white'],
    size: 'medium',
    sex: 'male',
    marks: 'Red collar, no tag; white patch on the chest',
    photoUrls: [dataUrl('image/jpeg', JPEG_3X2)],
    lat: place.lat,
    lng: place.lng,
    location: 'Riverside park, by the footbridge',
    foundAt: today(),
    whereNow: 'finder',
    shelterName: null,
    contact: `finder-${crypto.randomBytes(5).toString('hex')}@example.com`,
    ...overrides,
  };
};

const post = (body: unknown) => new Session(app.url).post('/api/found-reports', body);
const rowsWithContact = (contact: string) =>
  app.database.db.select().from(foundReports).where(eq(foundReports.contact, contact));
const mailTo = (address: string) =>
  app.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipient, address))
    .orderBy(notifications.createdAt);
const board = (place: { lat: number; lng: number }, km = 5) =>
  new Session(app.url).get(`/api/found-reports?lat=${place.lat}&lng=${place.lng}&km=${km}`);

/** A found dog posted through the API: its id, the management path, and what was sent. */
async function postedDog(overrides: Record<string, unknown> = {}) {
  const body = aFoundDog(overrides);
  const res = await post(body);
  expect(res.status).toBe(201);
  return { id: res.body.id as string, managePath: res.body.managePath as string, body };
}

/** The management link in the finder's e-mail (a token of its own, which confirms the address when opened). */
async function mailedManagePath(contact: string) {
  const [mail] = await mailTo(contact);
  const path = /\/found-pet\/manage\/[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0];
  if (!path) throw new Error('no management link e-mailed');
  return path;
}

/** The management page's form, as posted; a close is confirmed unless `confirm` says otherwise. */
const manage = (path: string, action: string, fields: Record<string, string> = { confirm: 'yes' }) =>
  new Session(app.url).raw('POST', path, {
    body: new URLSearchParams({ action, ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
  });

describe('POST /api/found-reports', () => {
  it('when a signed-out finder posts a found dog, then it is stored with its 30 days, its photo is re-encoded without metadata, and the finder is e-mailed the management link', async () => {
    const gpsPhoto = await phonePhotoWithGps();
    expect((await describeImage(gpsPhoto)).hasExif).toBe(true);
    const body = aFoundDog({ photoUrls: [dataUrl('image/jpeg', gpsPhoto), dataUrl('image/png', png(40, 30))] });

    const res = await post(body);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), managePath: expect.stringMatching(/^\/found-pet\/manage\//) });
    const [stored] = await rowsWithContact(body.contact);
    expect(stored).toMatchObject({ id: res.body.id, species: 'dog', colors: ['brown', 'white'], status: 'open' });
    const days = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);

    const page = await new Session(app.url).get(`/api/found-reports/${res.body.id}`);
    expect(page.body.photoUrls).toHaveLength(2);
    const photo = await new Session(app.url).raw('GET', page.body.photoUrls[0]);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const described = await describeImage(Buffer.from(await photo.arrayBuffer()));
    expect(described).toMatchObject({ format: 'jpeg', width: 600, height: 800, hasExif: false });

    const [mail] = await mailTo(body.contact);
    expect(mail.subject).toBe('Your found-pet report on Homeward');
    expect(mail.body).toContain(`${app.url}/found-pet/${res.body.id}`);
    expect(mail.body).toMatch(/\/found-pet\/manage\/[A-Za-z0-9_-]{43}/);
    // The e-mailed link is not the one the browser got: each is stored only as its hash.
    expect(mail.body).not.toContain(res.body.managePath);
    expect(JSON.stringify(stored)).not.toContain(res.body.managePath.split('/').pop());
  });

  it('when the finder left a phone number, then the report is stored and no e-mail goes anywhere', async () => {
    const contact = `+1 555 01${crypto.randomInt(10, 99)} ${crypto.randomInt(1000, 9999)}`;
    const { body } = await postedDog({ contact });
    expect(await rowsWithContact(body.contact)).toHaveLength(1);
    expect(await mailTo(body.contact)).toHaveLength(0);
  });

  it('when the place is given in words only (no pin), then it is accepted and has no grid cell', async () => {
    const { id } = await postedDog({ lat: null, lng: null, location: 'Behind the library on Elm St' });
    const page = await new Session(app.url).get(`/api/found-reports/${id}`);
    expect(page.body).toMatchObject({ location: 'Behind the library on Elm St', cellLat: null, cellLng: null });
  });

  it.each([
    ['no species', { species: undefined }, 'species'],
    ['a species not on the list', { species: 'dragon' }, 'species'],
    ['no place (neither a point nor words)', { lat: null, lng: null, location: '   ' }, 'location'],
    ['half a point and no words', { lng: null, location: null }, 'lng'],
    ['a date found in the future', { foundAt: daysFromNow(3) }, 'foundAt'],
    ['a time found in the future', { foundAt: new Date(Date.now() + 3_600_000).toISOString() }, 'foundAt'],
    ['a date that is not one', { foundAt: '2026-02-31' }, 'foundAt'],
    ['no photo', { photoUrls: [] }, 'photoUrls'],
    ['a fourth photo', { photoUrls: Array(4).fill(dataUrl('image/jpeg', JPEG_3X2)) }, 'photoUrls'],
    ['a sixth photo', { photoUrls: Array(6).fill(dataUrl('image/jpeg', JPEG_3X2)) }, 'photoUrls'],
    [
      'bytes that are not an image',
      { photoUrls: [dataUrl('image/jpeg', Buffer.from('not a picture at all'))] },
      'photoUrls.0',
    ],
    [
      'a second photo that is not an image',
      { photoUrls: [dataUrl('image/jpeg', JPEG_3X2), 'data:image/png;base64,AAAA'] },
      'photoUrls.1',
    ],
    ['a photo link instead of bytes', { photoUrls: ['https://example.com/dog.jpg'] }, 'photoUrls.0'],
    ['a colour not on the list', { colors: ['brown', 'plaid'] }, 'colors.1'],
    ['no colour', { colors: [] }, 'colors'],
    ['a size not on the list', { size: 'huge' }, 'size'],
    ['at a shelter without its name', { whereNow: 'shelter', shelterName: '' }, 'shelterName'],
    ['a contact that reaches no one', { contact: 'call me maybe' }, 'contact'],
    ['no contact', { contact: undefined }, 'contact'],
    ['marks far too long', { marks: 'x'.repeat(1001) }, 'marks'],
  ])('when a report has %s, then it is refused with 400 and nothing is stored', async (_what, overrides, path) => {
    const body = aFoundDog(overrides);
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await rowsWithContact(body.contact ?? '')).toHaveLength(0);
  });

  it(`when one address posts more than ${FOUND_REPORT_LIMITS[0].limit} found pets in an hour, then the next is refused with 429 and not stored`, async () => {
    const [hourly] = FOUND_REPORT_LIMITS;
    // Counted per address: a test file running beside this one may post from it too, so the
    // refusal may come sooner, never later.
    let accepted = 0;
    let body = aFoundDog();
    let refused = await post(body);
    while (refused.status === 201 && accepted < hourly.limit + 1) {
      accepted++;
      body = aFoundDog();
      refused = await post(body);
    }
    expect(accepted).toBeLessThanOrEqual(hourly.limit);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Many found pets were posted from your connection/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await rowsWithContact(body.contact)).toHaveLength(0);
  });

  it(`when a signed-in account posts, then its reports count for the account, not its connection: ${FOUND_REPORT_ACCOUNT_LIMITS[0].limit} an hour`, async () => {
    const [hourly] = FOUND_REPORT_LIMITS;
    const [accountHourly] = FOUND_REPORT_ACCOUNT_LIMITS;
    // The connection's own allowance used up by a finder who is signed out (a file running beside
    // this one may post from it too: the refusal may come sooner, never later).
    let accepted = 0;
    while ((await post(aFoundDog())).status === 201 && accepted <= hourly.limit) accepted++;
    expect(accepted).toBeLessThanOrEqual(hourly.limit);

    // A shelter's volunteer on the same connection, signed in, posts more than it allows.
    const volunteer = await signedInOwner(app);
    for (let i = 0; i <= hourly.limit; i++)
      expect((await volunteer.post('/api/found-reports', aFoundDog())).status, `post ${i + 1}`).toBe(201);
    // Their account's own allowance, used up (posting it all would pass the connection's attempts).
    await app.database.db
      .update(rateLimits)
      .set({ hits: accountHourly.limit })
      .where(eq(rateLimits.key, `${accountHourly.name}:account:${volunteer.user.id}`));
    const over = aFoundDog();
    const refused = await volunteer.post('/api/found-reports', over);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Many found pets were posted from your account\./);
    expect(await rowsWithContact(over.contact)).toHaveLength(0);
  });

  it(`when a finder's posts are refused (a photo that is not one), then they do not count toward the ${FOUND_REPORT_LIMITS[0].limit} an hour: only stored reports do`, async () => {
    const [hourly] = FOUND_REPORT_LIMITS;
    const notAPhoto = dataUrl('image/jpeg', Buffer.from('GIF89a not really a photo'));
    for (let i = 0; i < hourly.limit - 1; i++) expect((await post(aFoundDog())).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await post(aFoundDog({ photoUrls: [notAPhoto] }))).status).toBe(400);
    const last = aFoundDog();
    expect((await post(last)).status).toBe(201);
    expect(await rowsWithContact(last.contact)).toHaveLength(1);
    const over = await post(aFoundDog());
    expect(over.status).toBe(429);
    // A refusal at the limit is not a report either: the count stays at the limit.
    const [counter] = await app.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `${hourly.name}:%`));
    expect(counter.hits).toBe(hourly.limit);
  });

  it(`when one address floods the route with refused posts, then past ${FOUND_REPORT_ATTEMPT_LIMIT.limit} tries an hour even a good one is refused with 429`, async () => {
    const notAPhoto = dataUrl('image/jpeg', Buffer.from('GIF89a not really a photo'));
    for (let i = 0; i < FOUND_REPORT_ATTEMPT_LIMIT.limit; i++)
      expect((await post(aFoundDog({ photoUrls: [notAPhoto] }))).status).toBe(400);
    const body = aFoundDog();
    const refused = await post(body);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Many found pets were posted from your connection/);
    expect(await rowsWithContact(body.contact)).toHaveLength(0);
  });

  it('when several fields are wrong, then one 400 names them all, the cross-field rules among them, first the first field; a body that is not an object is refused as such', async () => {
    const res = await post(
      aFoundDog({ species: 'dragon', lat: null, lng: null, location: '', whereNow: 'shelter', shelterName: '' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('species: Species must be one of dog, cat, bird, rabbit, other');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'location', message: 'Say where the pet was found: a pin on the map or a place in words' },
        { path: 'shelterName', message: "Please give the shelter's name" },
      ]),
    );
    const notAnObject = await post([]);
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.errors).toHaveLength(1);
  });

  it('when the pet was found long ago (1999), then the API says the range allowed, and the form offers no day before it', async () => {
    const res = await post(aFoundDog({ foundAt: '1999-01-01' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('foundAt: The date found must be within the last 365 days');
    const form = await new Session(app.url).get('/found/report');
    expect(form.text).toMatch(new RegExp(`<input[^>]*id="found-at"[^>]*min="${daysFromNow(-365)}"`));
  });

  it('when the body is text rather than JSON, then it is refused (415) and nothing is stored', async () => {
    const res = await new Session(app.url).raw('POST', '/api/found-reports', {
      body: 'species=dog',
      headers: { 'content-type': 'text/plain', origin: app.url },
    });
    expect(res.status).toBe(415);
  });
});

describe('GET /api/found-reports (the board) and the public page', () => {
  it('when a stranger searches 2 km away, then open reports are listed newest first, by grid cell, with no exact point or contact anywhere', async () => {
    const place = aPlace();
    const older = await postedDog({ lat: place.lat, lng: place.lng, foundAt: daysFromNow(-3) });
    const newer = await postedDog({ lat: north(place, 1).lat, lng: place.lng, foundAt: daysFromNow(-1) });

    const res = await board(north(place, 2));

    expect(res.status).toBe(200);
    // The kept database may hold another run's report near this random place: these two, in order.
    const ids = res.body.map((r: { id: string }) => r.id);
    expect(ids.filter((id: string) => id === newer.id || id === older.id)).toEqual([newer.id, older.id]);
    const first = res.body.find((r: { id: string }) => r.id === newer.id);
    expect(first.distanceKm).toBeGreaterThan(0.5);
    expect(first.distanceKm).toBeLessThan(1.5);
    expect(Math.abs(first.cellLat - north(place, 1).lat)).toBeLessThan(0.0025);
    for (const text of [res.text, (await new Session(app.url).get(`/api/found-reports/${older.id}`)).text]) {
      expect(text).not.toContain(String(place.lat));
      expect(text).not.toContain(String(place.lng));
      expect(text).not.toContain(older.body.contact);
      expect(text).not.toContain('manage');
    }
    const html = (await new Session(app.url).get(`/found-pet/${older.id}`)).text;
    expect(html).not.toContain(String(place.lat));
    expect(html).not.toContain(String(place.lng));
    expect(html).not.toContain(older.body.contact);

    expect((await board(north(place, 30), 25)).body.map((r: { id: string }) => r.id)).not.toContain(older.id);
  });

  it.each([
    ['no point', ''],
    ['latitude not a number', 'lat=abc&lng=10'],
    ['latitude out of range', 'lat=91&lng=10'],
    ['only a latitude', 'lat=10'],
    ['a radius under 1 km', 'lat=10&lng=10&km=0.5'],
    ['a radius over 25 km', 'lat=10&lng=10&km=26'],
    ['a radius that is not a number', 'lat=10&lng=10&km=far'],
  ])('when the board is asked with %s, then it answers 400', async (_what, query) => {
    const res = await new Session(app.url).get(`/api/found-reports?${query}`);
    expect(res.status).toBe(400);
  });

  it('when a found pet has a page, then it shows its details and a link preview with its drawn card, and an unknown id is 404', async () => {
    // Plain text, shown escaped (see 'found reports are plain text').
    const { id } = await postedDog({ marks: 'Tom & Jerry tag, blue collar' });
    const res = await new Session(app.url).get(`/found-pet/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Found: Dog');
    expect(res.text).toContain('Brown and White');
    expect(res.text).toContain('Medium');
    expect(res.text).toContain('With the finder');
    expect(res.text).toContain('Tom &amp; Jerry tag, blue collar');
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).toContain(`<meta property="og:title" content="Found: Dog">`);
    expect(res.text).toMatch(
      new RegExp(`<meta property="og:image" content="${app.url}/api/found-reports/${id}/card.jpg\\?v=`),
    );
    expect(res.text).toContain('Sign In to Say So');

    const missing = await new Session(app.url).get(`/found-pet/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect((await new Session(app.url).get(`/api/found-reports/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await new Session(app.url).get(`/api/found-reports/${id}/photos/3`)).status).toBe(404);
  });
});

describe("a found pet's link preview", () => {
  /** What an independent Open Graph parser reads from the found pet's page. */
  const unfurl = async (id: string) =>
    (await ogs({ html: (await new Session(app.url).get(`/found-pet/${id}`)).text })).result;
  const cardAt = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), data: Buffer.from(await res.arrayBuffer()) };
  };

  it('when a found pet is posted, then its preview is a 1200×630 card drawn from its page; reunited, the card is drawn anew under another address', async () => {
    const { id, managePath } = await postedDog();
    const open = await unfurl(id);
    expect(open.ogTitle).toBe('Found: Dog');
    // What an owner looks for first, then where and when: never the point.
    expect(open.ogDescription).toMatch(/^Brown and White · Medium · Riverside park, by the footbridge · Found \w+/);
    expect(open.ogImage?.[0]).toMatchObject({ width: '1200', height: '630', type: 'image/jpeg' });
    const card = await cardAt(open.ogImage?.[0].url ?? '');
    expect(card).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(await sharp(card.data).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });

    expect((await manage(managePath, 'reunited')).status).toBeLessThan(400);
    const reunited = await unfurl(id);
    expect(reunited.ogTitle).toBe('Reunited: Dog');
    expect(reunited.ogImage?.[0].url).not.toBe(open.ogImage?.[0].url);
    const redrawn = await cardAt(reunited.ogImage?.[0].url ?? '');
    expect(redrawn.status).toBe(200);
    expect(redrawn.data.equals(card.data)).toBe(false);
    expect((await cardAt(`${app.url}/api/found-reports/${crypto.randomUUID()}/card.jpg`)).status).toBe(404);
  });

  it('when the page is in German, then its card is too: an address of its own naming the language, drawn in other words than the English one', async () => {
    const { id } = await postedDog();
    const inLanguage = async (language: string) =>
      (
        await ogs({
          html: (
            await new Session(app.url).request('GET', `/found-pet/${id}`, undefined, { 'accept-language': language })
          ).text,
        })
      ).result;
    const english = await inLanguage('en');
    const german = await inLanguage('de');
    expect(german.ogTitle).toBe('Gefunden: Hund');
    // Its colours listed as each language lists them.
    expect(german.ogDescription).toMatch(/^Braun und Weiß · /);
    expect((await inLanguage('zh-CN')).ogDescription).toMatch(/^棕色和白色 · /);
    // The page's address names its language, so that a site that fetches og:url again gets German.
    expect(german.ogUrl).toBe(`${app.url}/found-pet/${id}?lang=de`);
    expect(english.ogUrl).toBe(`${app.url}/found-pet/${id}`);
    const againInGerman = await ogs({ html: (await new Session(app.url).get(`/found-pet/${id}?lang=de`)).text });
    expect(againInGerman.result.ogTitle).toBe('Gefunden: Hund');
    const englishUrl = english.ogImage?.[0].url ?? '';
    const germanUrl = german.ogImage?.[0].url ?? '';
    expect(new URL(englishUrl).searchParams.get('lang')).toBe('en');
    expect(new URL(germanUrl).searchParams.get('lang')).toBe('de');
    expect(germanUrl).not.toBe(englishUrl);

    const englishCard = await cardAt(englishUrl);
    const germanCard = await cardAt(germanUrl);
    expect(germanCard).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(await sharp(germanCard.data).metadata()).toMatchObject({ width: 1200, height: 630 });
    const pixels = (data: Buffer) => sharp(data).raw().toBuffer();
    expect((await pixels(germanCard.data)).equals(await pixels(englishCard.data))).toBe(false);
    // The page's language, not the asker's: an unfurler that reads German still gets the address's card.
    const asked = await fetch(englishUrl, { headers: { 'accept-language': 'de' } });
    expect(Buffer.from(await asked.arrayBuffer()).equals(englishCard.data)).toBe(true);
  });

  it('when a card’s address names no language or one Homeward does not speak, then the card is the English one, not an error', async () => {
    const { id } = await postedDog();
    const card = `${app.url}/api/found-reports/${id}/card.jpg`;
    const english = await cardAt(`${card}?lang=en`);
    expect(english.status).toBe(200);
    // An address given before cards had a language, and languages we do not offer or that name nothing.
    for (const query of ['', '?lang=xx', '?lang=', '?lang=zh-Hant', `?lang=${'de'.repeat(300)}`]) {
      const answer = await cardAt(`${card}${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.data.equals(english.data), query).toBe(true);
    }
    // A language given twice is refused as every query value given twice is; none is a failure of ours.
    expect((await cardAt(`${card}?lang=de&lang=fr`)).status).toBe(400);
    for (const query of ['?lang[]=de', '?lang[x]=de', '?lang=%00']) {
      expect((await cardAt(`${card}${query}`)).status, query).toBeLessThan(500);
    }
  });

  it('when the place is long, then the shared description is cut to what an unfurler shows, ending in an ellipsis', async () => {
    const { id } = await postedDog({ location: `Behind the ${'very '.repeat(95)}old bakery` });
    const { ogDescription } = await unfurl(id);
    expect(ogDescription?.length).toBeLessThanOrEqual(300);
    expect(ogDescription).toMatch(/^Brown and White · Medium · Behind the very very .*…$/);
  });

  it('when the finder closes it as taken to a shelter, then a shared link says so: its title, its first words and a card drawn anew', async () => {
    const { id, managePath } = await postedDog();
    const open = await unfurl(id);
    expect(
      (await manage(managePath, 'shelter', { shelterName: 'Eastside Animal Shelter', confirm: 'yes' })).status,
    ).toBe(303);
    const preview = await unfurl(id);
    expect(preview.ogTitle).toBe('At a shelter: Dog');
    expect(preview.ogDescription).toMatch(
      /^Taken to a shelter: ask there about this pet\. · At a shelter: Eastside Animal Shelter · Brown and White/,
    );
    expect(preview.ogImage?.[0].url).not.toBe(open.ogImage?.[0].url);
    const card = await cardAt(preview.ogImage?.[0].url ?? '');
    expect(await sharp(card.data).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
  });
});

describe('the found-pets board page (/found-pets)', () => {
  it('when a stranger opens the board for a point, then it lists the found pet with its distance and links to its page; /lost links to it', async () => {
    const place = aPlace();
    const { id } = await postedDog({ lat: place.lat, lng: place.lng });
    const near = north(place, 2);
    const page = await new Session(app.url).get(`/found-pets?lat=${near.lat}&lng=${near.lng}&km=5`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="/found-pet/${id}?lat=${near.lat}&amp;lng=${near.lng}"`);
    expect(page.text).toMatch(/Found [A-Z][a-z]{2} \d{1,2}, \d{4}, about (1\.[5-9]|2(\.[0-5])?) km away/);
    expect(page.text).not.toContain(String(place.lat));

    const opened = await new Session(app.url).get(`/found-pet/${id}?lat=${near.lat}&lng=${near.lng}`);
    expect(opened.text).toMatch(/About (1\.[5-9]|2(\.[0-5])?) km from the place searched/);

    expect((await new Session(app.url).get('/found-pets?lat=north&lng=1')).status).toBe(400);
    const lost = await new Session(app.url).get(`/lost?lat=${near.lat}&lng=${near.lng}&km=5`);
    expect(lost.text).toContain(`href="/found-pets?lat=${near.lat}&amp;lng=${near.lng}&amp;km=5"`);
  });

  it('when a visitor opens the board without a place, then it links to the lost-pets board to choose one', async () => {
    for (const query of ['', '?lat=north&lng=1']) {
      const page = await new Session(app.url).get(`/found-pets${query}`);
      expect(page.text).toMatch(/<a [^>]*href="\/lost"[^>]*>Choose a place on the lost-pets board<\/a>/);
    }
    const german = await new Session(app.url).request('GET', '/found-pets', undefined, {
      'accept-language': 'de',
    });
    expect(german.text).toContain('Einen Ort auf der Übersicht vermisster Tiere wählen');
  });
});

describe('found reports end: expiry, renewal and closing', () => {
  it('when 30 days pass, then the report leaves the board and its page says it closed; the finder renews it from the e-mailed link and it is back for 30 days', async () => {
    const place = aPlace();
    const { id, body } = await postedDog({ lat: place.lat, lng: place.lng });
    await app.database.db
      .update(foundReports)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(foundReports.id, id));

    expect((await board(place)).body.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await new Session(app.url).get(`/api/found-reports/${id}`)).body.status).toBe('expired');
    const page = await new Session(app.url).get(`/found-pet/${id}`);
    expect(page.text).toContain('This report closed after 30 days.');
    expect(page.text).not.toContain('Sign In to Say So');

    const mailed = await mailedManagePath(body.contact);
    expect((await new Session(app.url).get(mailed)).text).toContain('Your report closed after 30 days.');
    const renewed = await manage(mailed, 'renew');
    expect(renewed.status).toBe(303);
    expect(renewed.headers.get('location')).toBe(`${mailed}?done=renewed`);

    const [row] = await rowsWithContact(body.contact);
    expect(row.status).toBe('open');
    expect((row.expiresAt.getTime() - Date.now()) / 86_400_000).toBeCloseTo(30, 2);
    expect((await board(place)).body.map((r: { id: string }) => r.id)).toContain(id);
  });

  it('when the finder closes the report as taken to a shelter, then it leaves the board, its page says so, and it cannot be renewed', async () => {
    const place = aPlace();
    const { id, managePath } = await postedDog({ lat: place.lat, lng: place.lng });
    expect((await manage(managePath, 'shelter')).status).toBe(303);

    // The kept database may hold another run's found pet near this random place: only this one counts.
    expect((await board(place)).body.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await new Session(app.url).get(`/found-pet/${id}`)).text).toContain('Taken to a shelter');
    expect((await manage(managePath, 'renew')).status).toBe(409);
    expect((await manage(managePath, 'explode')).status).toBe(400);
  });

  it('when the finder closes the report as reunited, then its title, preview and heading all say so, and it no longer says where the pet is now; expired, where it was is the last known', async () => {
    const reunited = await postedDog({ whereNow: 'finder' });
    expect((await manage(reunited.managePath, 'reunited')).status).toBe(303);
    const page = (await new Session(app.url).get(`/found-pet/${reunited.id}`)).text;
    expect(page).toContain('<title>Reunited: Dog · Homeward</title>');
    expect(page).toMatch(/<meta property="og:title" content="Reunited: Dog"/);
    expect(page).toMatch(/<h1[^>]*>Reunited: Dog<\/h1>/);
    expect(page).not.toContain('With the finder');
    expect(page).not.toMatch(/<dt[^>]*>Now<\/dt>/);

    const expired = await postedDog({ whereNow: 'finder' });
    await app.database.db
      .update(foundReports)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(foundReports.id, expired.id));
    const old = (await new Session(app.url).get(`/found-pet/${expired.id}`)).text;
    expect(old).toContain('<title>Found: Dog · Homeward</title>');
    expect(old).toMatch(/<dt[^>]*>Last known<\/dt><dd[^>]*>With the finder<\/dd>/);
    expect(old).not.toMatch(/<dt[^>]*>Now<\/dt>/);
  });

  it('when a management link is made up, then it opens nothing (404)', async () => {
    const res = await new Session(app.url).get(`/found-pet/manage/${crypto.randomBytes(32).toString('base64url')}`);
    expect(res.status).toBe(404);
    expect((await manage(`/found-pet/manage/${crypto.randomBytes(32).toString('base64url')}`, 'reunited')).status).toBe(
      404,
    );
  });
});

describe("closing as 'Taken to a shelter'", () => {
  const closeAtShelter = (path: string, shelterName: string) =>
    manage(path, 'shelter', { shelterName, confirm: 'yes' });

  it("when the finder taps 'Close: Taken to a Shelter', then the page asks once more, with the way back focused, and closes only when told yes", async () => {
    const { id, managePath } = await postedDog();
    const asked = await manage(managePath, 'shelter', { shelterName: 'Eastside Animal Shelter' });
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain('Close this report as taken to a shelter?');
    expect(page).toContain('A closed report cannot be opened again.');
    // The final form carries the shelter's name; the focus is on 'Keep It Open'.
    expect(page).toMatch(/<input type="hidden" name="shelterName" value="Eastside Animal Shelter"\/>/);
    expect(page).toMatch(/<a[^>]*autofocus=""[^>]*>Keep It Open<\/a>/);
    expect((await new Session(app.url).get(`/api/found-reports/${id}`)).body.status).toBe('open');

    expect((await closeAtShelter(managePath, 'Eastside Animal Shelter')).status).toBe(303);
    expect((await new Session(app.url).get(`/api/found-reports/${id}`)).body).toMatchObject({
      status: 'shelter',
      shelterName: 'Eastside Animal Shelter',
    });
  });

  it("when the finder taps 'Close: Reunited' in Spanish, then the question is in Spanish and nothing closes", async () => {
    const { id, managePath } = await postedDog();
    const asked = await new Session(app.url).raw('POST', managePath, {
      body: new URLSearchParams({ action: 'reunited' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, 'accept-language': 'es' },
    });
    const page = await asked.text();
    // The question says the button's word ('Cerrar: reunida'), of the pet.
    expect(page).toContain('¿Cerrar este aviso: mascota reunida?');
    expect(page).toContain('Dejarlo abierto');
    expect((await new Session(app.url).get(`/api/found-reports/${id}`)).body.status).toBe('open');
  });

  it("when the finder closes with the shelter's name, then the public page says the pet is at that shelter, no longer with them", async () => {
    const { id, managePath } = await postedDog();
    const page = await new Session(app.url).get(managePath);
    expect(page.text).toMatch(/<label[^>]*for="close-shelter-name"/);

    expect((await closeAtShelter(managePath, 'Eastside Animal Shelter')).status).toBe(303);

    const shown = await new Session(app.url).get(`/found-pet/${id}`);
    expect(shown.text).toContain('Eastside Animal Shelter');
    expect(shown.text).not.toContain('With me');
    expect((await new Session(app.url).get(`/api/found-reports/${id}`)).body).toMatchObject({
      status: 'shelter',
      whereNow: 'shelter',
      shelterName: 'Eastside Animal Shelter',
    });
  });

  it("when the finder closes without the shelter's name, then the public page says to ask the shelters nearby, there being no 'there'", async () => {
    const { id, managePath } = await postedDog();
    // Optional, and said to be before closing, with what follows without it.
    const form = (await new Session(app.url).get(managePath)).text;
    expect(form).toMatch(/<input[^>]*id="close-shelter-name"[^>]*aria-describedby="close-shelter-hint"/);
    expect(form).toMatch(
      /id="close-shelter-hint"[^>]*>Optional: without it, the page tells owners to ask the shelters nearby\.</,
    );
    expect((await closeAtShelter(managePath, '')).status).toBe(303);

    const shown = await new Session(app.url).get(`/found-pet/${id}`);
    expect(shown.text).toMatch(
      /<p role="status"[^>]*>Taken to a shelter: ask the shelters nearby about this pet\.<\/p>/,
    );
    expect(shown.text).not.toContain('ask there about this pet');
  });

  it("when the shelter's name looks like markup, then the report closes with it as written, and the public page shows it as text", async () => {
    const { id, managePath } = await postedDog();
    expect((await closeAtShelter(managePath, '<b>Eastside</b> Shelter')).status).toBe(303);
    expect((await new Session(app.url).get(`/api/found-reports/${id}`)).body.shelterName).toBe(
      '<b>Eastside</b> Shelter',
    );
    const shown = (await new Session(app.url).get(`/found-pet/${id}`)).text;
    expect(shown).toContain('&lt;b&gt;Eastside&lt;/b&gt; Shelter');
    expect(shown).not.toContain('<b>Eastside');
  });
});

describe('pinning the place later without scripts', () => {
  const pinForm = (managePath: string, body: Record<string, string>, language = 'en') =>
    fetch(`${app.url}${managePath}/point`, {
      method: 'POST',
      body: new URLSearchParams(body).toString(),
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: app.url,
        'accept-language': language,
      },
    });
  const pointOf = async (id: string) => {
    const [row] = await app.database.db.select().from(foundReports).where(eq(foundReports.id, id));
    return { lat: row.lat, lng: row.lng };
  };

  it.each([
    [
      'en',
      'Pin the place on the map, or type its latitude and longitude.',
      'Type the latitude and longitude of the place where you found it.',
    ],
    [
      'es',
      'Marca el lugar en el mapa, o escribe su latitud y longitud.',
      'Escribe la latitud y la longitud del lugar donde la encontraste.',
    ],
  ])(
    'when the finder saves nothing typed (%s), then without scripts the page asks for the two numbers, with them for a pin or the numbers',
    async (language, withScripts, withoutScripts) => {
      const { managePath } = await postedDog({ lat: null, lng: null, location: 'Behind the old mill' });
      const res = await pinForm(managePath, { lat: '', lng: '' }, language);
      expect(res.status).toBe(400);
      const error = /<p id="found-coordinates-error"[^>]*>(.*?)<\/p>/.exec(await res.text())?.[1] ?? '';
      expect(scriptedWords(error)).toEqual({ withScripts, withoutScripts });
    },
  );

  it('when a report has no point, then its management page offers latitude and longitude to type, and typed numbers pin it', async () => {
    const { id, managePath } = await postedDog({ lat: null, lng: null, location: 'Behind the old mill' });
    const page = await new Session(app.url).get(managePath);
    expect(page.text).toMatch(/<label[^>]*for="found-lat"[^>]*>Latitude<\/label>/);
    expect(page.text).toMatch(/<label[^>]*for="found-lng"[^>]*>Longitude<\/label>/);
    expect(page.text).toMatch(/<input[^>]*id="found-lat"[^>]*name="lat"/);
    expect(page.text).not.toMatch(/<input[^>]*type="hidden"[^>]*name="lat"/);

    const place = aPlace();
    const res = await pinForm(managePath, { lat: String(place.lat), lng: String(place.lng) });
    expect(res.status).toBe(303);
    expect(await pointOf(id)).toEqual(place);
  });

  it('when the finder types the numbers with a decimal comma, then they pin the place as with a point', async () => {
    const { id, managePath } = await postedDog({ lat: null, lng: null, location: 'Behind the old mill' });
    const res = await pinForm(managePath, { lat: ' 45,52 ', lng: '-122,68' });
    expect(res.status).toBe(303);
    expect(await pointOf(id)).toEqual({ lat: 45.52, lng: -122.68 });
  });

  it.each([
    ['nothing typed', { lat: '', lng: '' }, 'en', 'Pin the place on the map, or type its latitude and longitude.'],
    [
      'words for numbers',
      { lat: 'north', lng: 'gate' },
      'en',
      'Latitude and longitude must be numbers of degrees, such as 51.5072 and -0.1276.',
    ],
    [
      'a latitude of letters',
      { lat: 'abc', lng: '100' },
      'en',
      'Latitude and longitude must be numbers of degrees, such as 51.5072 and -0.1276.',
    ],
    [
      'a number with two decimal commas',
      { lat: '45,5,2', lng: '100' },
      'en',
      'Latitude and longitude must be numbers of degrees, such as 51.5072 and -0.1276.',
    ],
    [
      'a latitude just past the pole',
      { lat: '91', lng: '100' },
      'en',
      'Latitude must be between -90 and 90, and longitude between -180 and 180.',
    ],
    [
      'letters, in German',
      { lat: 'abc', lng: '100' },
      'de',
      'Breiten- und Längengrad müssen Zahlen in Grad sein, etwa 51,5072 und -0,1276.',
    ],
    [
      'one number only',
      { lat: '62.5', lng: '' },
      'en',
      'Both a latitude and a longitude are needed: type the other one too.',
    ],
    [
      'one number only, in French',
      { lat: '', lng: '100' },
      'fr',
      'Il faut la latitude et la longitude : saisissez aussi l’autre.',
    ],
    [
      'a number with a thousands separator',
      { lat: '1,234.5', lng: '10' },
      'en',
      'Latitude and longitude must be numbers of degrees, such as 51.5072 and -0.1276.',
    ],
    [
      'a latitude beyond the pole',
      { lat: '95', lng: '100' },
      'en',
      'Latitude must be between -90 and 90, and longitude between -180 and 180.',
    ],
    [
      'nothing typed, in Spanish',
      { lat: '', lng: '' },
      'es',
      'Marca el lugar en el mapa, o escribe su latitud y longitud.',
    ],
  ])(
    'when the finder sends %s, then the page says why in their language beside both numbers, keeps what they typed, and nothing is pinned',
    async (_what, body, language, message) => {
      const { id, managePath } = await postedDog({ lat: null, lng: null, location: 'Behind the old mill' });
      const res = await pinForm(managePath, body, language);
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).toContain(message);
      // Each input is marked, and described by the error first, then the hint.
      for (const name of ['lat', 'lng']) {
        const input = new RegExp(`<input[^>]*id="found-${name}"[^>]*>`).exec(text)?.[0] ?? '';
        expect(input).toContain('aria-invalid="true"');
        const [first] = /aria-describedby="([^"]+)"/.exec(input)?.[1].split(' ') ?? [];
        const said = new RegExp(`id="${first}"[^>]*>(.*?)</p>`).exec(text)?.[1] ?? '';
        expect(scriptedWords(said).withScripts ?? said).toBe(message);
      }
      // The page answers with the focus on the latitude, the first number to mend, and nowhere else.
      expect(autofocused(text)).toEqual(['found-lat']);
      if (body.lat) expect(text).toContain(`value="${body.lat}"`);
      expect(await pointOf(id)).toEqual({ lat: null, lng: null });
    },
  );

  it(`when the finder moves a saved place, then the page shows it to correct, and past ${FOUND_POINT_MOVES_LIMIT.limit} moves in a day the next is refused (429) with why, keeping what was typed`, async () => {
    const { id, managePath, body } = await postedDog();
    const page = (await new Session(app.url).get(managePath)).text;
    expect(page).toContain('Where you found it');
    expect(page).toMatch(new RegExp(`<input[^>]*id="found-lat"[^>]*value="${body.lat}"`));
    expect(page).toContain('Move the Place');

    for (let km = 1; km <= FOUND_POINT_MOVES_LIMIT.limit; km++) {
      const moved = north(body, km);
      const res = await pinForm(managePath, { lat: String(moved.lat), lng: String(moved.lng) });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${managePath}?done=moved`);
      expect(await pointOf(id)).toEqual({ lat: moved.lat, lng: moved.lng });
    }
    const third = await pointOf(id);
    // The same place again moves nothing, and is not counted.
    expect((await pinForm(managePath, { lat: String(third.lat), lng: String(third.lng) })).status).toBe(303);

    const tooMany = await pinForm(managePath, { lat: String(body.lat), lng: String(body.lng) });
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
    const text = await tooMany.text();
    expect(text).toMatch(/You have moved this place 3 times today\. Please try again in [^<]+\./);
    expect(text).toContain(`value="${body.lat}"`);
    expect(await pointOf(id)).toEqual(third);
    const moves = await app.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `found-point-moves-day:${id}`));
    // Counted in the move's transaction: the refused one is not, the limit stands.
    expect(moves[0]?.hits).toBe(FOUND_POINT_MOVES_LIMIT.limit);
  });

  it.each([
    [
      'one number alone',
      { lat: '62.5', lng: '' },
      400,
      'Both a latitude and a longitude are needed: type the other one too.',
    ],
    [
      'a latitude beyond the pole',
      { lat: '95', lng: '100' },
      400,
      'Latitude must be between -90 and 90, and longitude between -180 and 180.',
    ],
  ])('when a move sends %s, then it is refused and the place stays', async (_what, typed, status, message) => {
    const { id, managePath, body } = await postedDog();
    const res = await pinForm(managePath, typed);
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(message);
    expect(await pointOf(id)).toEqual({ lat: body.lat, lng: body.lng });
  });

  it('when the report is closed, then the place is not offered to move, and a move is refused (409) with nothing changed', async () => {
    const { id, managePath, body } = await postedDog();
    expect((await manage(managePath, 'shelter')).status).toBe(303);
    const page = (await new Session(app.url).get(managePath)).text;
    expect(page).not.toContain('Move the Place');
    expect(page).not.toContain('found-report-main');
    const moved = north(body, 2);
    const res = await pinForm(managePath, { lat: String(moved.lat), lng: String(moved.lng) });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('This report is closed: nothing was changed.');
    expect(await pointOf(id)).toEqual({ lat: body.lat, lng: body.lng });
  });
});

describe('found-pet pages that name nothing', () => {
  it.each([
    ['/found-pet/xyz', 'GET'],
    ['/found-pet/manage/xyz', 'GET'],
    [`/found-pet/manage/${'a'.repeat(43)}`, 'GET'],
    ['/found-pet/manage/xyz/conversation', 'POST'],
    ['/found-pet/xyz/claim', 'POST'],
    [`/found-pet/manage/xyz/claims/${crypto.randomUUID()}/reject`, 'POST'],
    ['/found-pet/manage/xyz/point', 'POST'],
  ])('when %s is asked for (%s), then the answer is the page saying so, not JSON', async (path, method) => {
    const res = await fetch(`${app.url}${path}`, { method, redirect: 'manual', headers: { origin: app.url } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const known = await new Session(app.url).get(`/found-pet/${crypto.randomUUID()}`);
    expect(known.status).toBe(404);
    expect(await res.text()).toContain('<h1 class="font-bold text-2xl">');
  });

  it('when an unknown found pet is opened, then the page has a heading of its title’s words, says why, and leads on to /found, in the visitor’s language', async () => {
    const res = await new Session(app.url).get(`/found-pet/${crypto.randomUUID()}`);
    expect(res.status).toBe(404);
    expect(res.text).toContain('<title>Found Pet Not Found · Homeward</title>');
    expect(res.text).toMatch(/<h1[^>]*>Found Pet Not Found<\/h1>/);
    expect(res.text).toContain('This link does not lead to a found pet. Please check the address.');
    expect(res.text).toMatch(/<a[^>]*href="\/found"[^>]*>Found a Pet\?<\/a>/);
    expect(res.text).toContain('<footer');

    const german = await fetch(`${app.url}/found-pet/manage/xyz`, { headers: { 'accept-language': 'de' } });
    expect(await german.text()).toMatch(/<h1[^>]*>Fundtier nicht gefunden<\/h1>/);
  });
});

describe('found reports are plain text', () => {
  it.each([
    [
      'marks',
      { marks: 'Tag says <b>Rex</b> <img src=x onerror=alert(1)>' },
      'Tag says &lt;b&gt;Rex&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt;',
    ],
    ['location', { location: '<i>Oak</i> St <3' }, '&lt;i&gt;Oak&lt;/i&gt; St &lt;3'],
    [
      'shelterName',
      { whereNow: 'shelter', shelterName: '<script>alert(1)</script> Shelter' },
      '&lt;script&gt;alert(1)&lt;/script&gt; Shelter',
    ],
  ])(
    'when %s looks like markup, then it is stored as written and its page shows it as text',
    async (field, overrides, escaped) => {
      const { id, body } = await postedDog(overrides);
      const [row] = await rowsWithContact(body.contact as string);
      expect(row[field as keyof typeof row]).toBe(Object.values(overrides).at(-1));
      const page = (await new Session(app.url).get(`/found-pet/${id}`)).text;
      expect(page).toContain(escaped);
      expect(page).not.toMatch(/<b>Rex|<img src=x|<i>Oak|<script>alert/);
    },
  );

  it('when the form without scripts holds what looks like markup, then the report is posted with it as written', async () => {
    const contact = `finder-${crypto.randomBytes(5).toString('hex')}@example.com`;
    const form = new FormData();
    const fields: Record<string, string> = {
      species: 'dog',
      colors: 'tan',
      size: 'large',
      marks: 'Collar <3 <b>Rex</b>',
      location: 'Corner of Oak St and 5th Ave',
      foundAt: today(),
      whereNow: 'finder',
      contact,
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('photo', new Blob([new Uint8Array(JPEG_3X2)], { type: 'image/jpeg' }), 'dog.jpg');
    const res = await fetch(`${app.url}/found/report`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { origin: app.url },
    });
    expect(res.status).toBe(303);
    expect(await rowsWithContact(contact)).toMatchObject([{ marks: 'Collar <3 <b>Rex</b>' }]);
  });
});

describe("'This Is My Pet'", () => {
  async function ownerWithMissingDog(overrides = {}) {
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id, { species: 'dog', isMissing: true, ...overrides });
    return { owner, pet };
  }
  const claim = (session: Session, id: string, petId: string, message?: string) =>
    session.post(`/api/found-reports/${id}/claim`, { petId, ...(message && { message }) });
  const reportsOn = (petId: string) =>
    app.database.db.select().from(finderReports).where(eq(finderReports.petId, petId));
  const claimsOf = (id: string) =>
    app.database.db.select().from(foundReportClaims).where(eq(foundReportClaims.foundReportId, id));
  const formPost = (path: string, fields: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(fields).toString(),
      headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
    });
  /** 'Not the Pet I Found', answered yes when the page asks once more. */
  const turnDown = (managePath: string, claimId: string | undefined) =>
    formPost(`${managePath}/claims/${claimId}/reject`, { confirm: 'yes' });

  it("when the owner of a missing dog claims a found dog, then a conversation opens on the dog's profile and the finder is written to; marked safe, the found dog is reunited", async () => {
    const { owner, pet } = await ownerWithMissingDog();
    const { id, body } = await postedDog();
    // The finder opened the link we e-mailed: the address reads our mail, and the owner's messages may follow.
    await new Session(app.url).get(await mailedManagePath(body.contact));

    const res = await claim(owner, id, pet.id, 'That is our Bella! Can I call you?');

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ petId: pet.id, petName: pet.name });
    const [report] = await reportsOn(pet.id);
    expect(report).toMatchObject({ id: res.body.finderReportId, finderContact: body.contact });
    expect(report.finderLatitude).not.toBe(String(body.lat));
    const onProfile = await owner.get(`/api/pets/${pet.id}/messages`);
    expect(onProfile.body.map((m: { body: string }) => m.body)).toContain('That is our Bella! Can I call you?');
    const toFinder = await mailTo(body.contact);
    expect(toFinder).toHaveLength(2);
    const reply = toFinder.find((mail) => mail.body.includes('That is our Bella! Can I call you?'));
    expect(reply?.body).toMatch(/\/c\/[A-Za-z0-9_-]{32}/);

    // The same claim again changes nothing.
    expect((await claim(owner, id, pet.id)).body.finderReportId).toBe(res.body.finderReportId);
    expect(await reportsOn(pet.id)).toHaveLength(1);
    // The finder's page offers the conversation.
    expect((await new Session(app.url).get(await mailedManagePath(body.contact))).text).toContain(
      'An owner says this is their pet.',
    );

    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: false })).status).toBe(200);
    expect((await new Session(app.url).get(`/api/found-reports/${id}`)).body.status).toBe('reunited');
    expect((await new Session(app.url).get(`/found-pet/${id}`)).text).toContain('Reunited');
    // Home: the owner is no longer asked whether it is their pet.
    const ownersPage = (await owner.get(`/found-pet/${id}`)).text;
    expect(ownersPage).toContain('Reunited');
    expect(ownersPage).not.toContain('Is this your pet?');
  });

  it('when an owner claims a found dog without words (matching’s confirm, the API), then nothing is stored as their message, the finder is e-mailed of the claim, and the profile and both sides’ e-mails speak of the found dog, not of a report the finder sent', async () => {
    const { owner, pet } = await ownerWithMissingDog({ name: 'Biscuit' });
    const { id, body } = await postedDog();
    await new Session(app.url).get(await mailedManagePath(body.contact));

    const res = await claim(owner, id, pet.id);
    expect(res.status).toBe(201);
    const reportId = res.body.finderReportId as string;

    // No greeting passed off as the owner's words.
    expect(await app.database.db.select().from(messages).where(eq(messages.reportId, reportId))).toHaveLength(0);
    // The profile reads it as a found report linking the found dog, not as a finder's shared position.
    const [onProfile] = (await owner.get(`/api/pets/${pet.id}/reports`)).body;
    expect(onProfile).toMatchObject({ id: reportId, claimedFoundPet: { id, species: 'dog' }, message: null });

    // The finder is told of the claim: not 'the owner replied to the report you sent'.
    const [, told] = await mailTo(body.contact);
    expect(told.subject).toBe('An owner says the pet you found is theirs');
    expect(told.body).toContain(
      'The owner of Biscuit, a missing pet, says the pet you posted as found on Homeward is theirs.',
    );
    expect(told.body).toContain(`The pet you found: ${app.url}/found-pet/${id}`);
    expect(told.body).not.toMatch(/report you sent|Their reply|Hello!/);

    // Their page opens with Homeward's line, then the finder answers: the owner hears of the found dog.
    const token = /\/c\/([A-Za-z0-9_-]{32})/.exec(told.body)?.[1] as string;
    const request = { params: { token }, query: {}, get: () => undefined } as unknown as Request;
    // What the page shows, before the words its script carries.
    const page = (await conversationPrerender(app.services).render(request))?.body.split('<script')[0];
    expect(page).toContain('The Pet You Found');
    expect(page).toContain('Biscuit&#x27;s owner says this is their pet.');
    expect(page).toContain(`href="/found-pet/${id}"`);
    expect(page).not.toContain('Shared GPS position');
    expect(
      (await new Session(app.url).post(`/api/conversations/${token}/messages`, { body: 'Yes, come by!' })).status,
    ).toBe(201);
    const [toOwner] = await mailTo(owner.user.email as string);
    expect(toOwner.subject).toBe('Biscuit: the finder of the dog you said is Biscuit wrote to you');
    expect(toOwner.body).toContain('The person who found the dog you said is Biscuit sent you a message.');
    expect(toOwner.body).toContain(`The found dog: ${app.url}/found-pet/${id}`);

    // The owner's reply reaches the finder as a reply about the dog they found.
    expect((await owner.post(`/api/reports/${reportId}/replies`, { body: 'On our way.' })).status).toBe(201);
    const reply = (await mailTo(body.contact)).at(-1);
    expect(reply?.subject).toBe('An owner replied about the pet you found, on Homeward');
    expect(reply?.body).toContain('The owner of Biscuit, who says the pet you found is theirs, replied on Homeward.');
    expect(reply?.body).toContain('Their message:\n> On our way.');
    expect(reply?.body).not.toContain('report you sent');
  });

  it('when the pet is not the claimer’s, not missing, or a cat, then the claim is refused and nothing changes', async () => {
    const { owner } = await ownerWithMissingDog();
    const stranger = await insertOwner(app.database.db);
    const othersDog = await insertPet(app.database.db, stranger.id, { species: 'dog', isMissing: true });
    const safeDog = await insertPet(app.database.db, owner.user.id, { species: 'dog', isMissing: false });
    const missingCat = await insertPet(app.database.db, owner.user.id, { species: 'cat', isMissing: true });
    const { id } = await postedDog();

    expect((await claim(owner, id, othersDog.id)).status).toBe(404);
    expect((await claim(owner, id, safeDog.id)).status).toBe(400);
    const asCat = await claim(owner, id, missingCat.id);
    expect([asCat.status, asCat.body.message]).toEqual([
      400,
      `This found pet is a dog, and ${missingCat.name} is a cat`,
    ]);
    expect((await claim(owner, id, crypto.randomUUID())).status).toBe(404);
    expect((await claim(new Session(app.url), id, othersDog.id)).status).toBe(401);

    for (const petId of [othersDog.id, safeDog.id, missingCat.id]) expect(await reportsOn(petId)).toHaveLength(0);
    const [row] = await app.database.db.select().from(foundReports).where(eq(foundReports.id, id));
    expect(row).toMatchObject({ status: 'open' });
    expect(await claimsOf(id)).toHaveLength(0);
    expect(await app.database.db.select().from(messages).where(eq(messages.authorUserId, owner.user.id))).toHaveLength(
      0,
    );
  });

  it('when a missing hamster (a species off the found pets’ list) meets a found pet of another kind, then it may be claimed as such; a dog may not', async () => {
    const owner = await signedInOwner(app);
    const place = { lat: -44.3 + Math.random() / 10, lng: 170.1 + Math.random() / 10 };
    const hamster = await insertPet(app.database.db, owner.user.id, {
      species: 'Hamster',
      isMissing: true,
      lastSeenLat: place.lat,
      lastSeenLng: place.lng,
    });
    const { id } = await postedDog({ species: 'other', lat: place.lat + 0.005, lng: place.lng });
    expect((await claim(owner, id, hamster.id)).status).toBe(201);

    const dog = await insertPet(app.database.db, owner.user.id, { species: 'dog', isMissing: true });
    const asDog = await claim(owner, id, dog.id);
    expect([asDog.status, asDog.body.message]).toEqual([
      400,
      `This found pet is not a dog, cat, bird or rabbit, and ${dog.name} is a dog`,
    ]);
    const { id: foundDog } = await postedDog({ lat: place.lat + 0.005, lng: place.lng });
    const asHamster = await claim(owner, foundDog, hamster.id);
    expect(asHamster.body.message).toBe(
      `This found pet is a dog, and ${hamster.name} is not a dog, cat, bird or rabbit`,
    );
  });

  it('when the finder left only a phone, then the owner who claims never gets it, and the finder follows the conversation from the management page', async () => {
    const { owner, pet } = await ownerWithMissingDog();
    const phone = `+1 555 ${crypto.randomInt(100, 999)} ${crypto.randomInt(1000, 9999)}`;
    const { id, managePath } = await postedDog({ contact: phone });

    const res = await claim(owner, id, pet.id, 'That is our dog!');
    expect(res.status).toBe(201);

    const reports = await owner.get(`/api/pets/${pet.id}/reports`);
    expect(reports.status).toBe(200);
    expect(JSON.stringify(reports.body)).not.toContain(phone);
    expect(reports.body[0].finderPhone).toBeNull();
    const [row] = await reportsOn(pet.id);
    expect(row.finderContact).toBeNull();
    // The management page offers the conversation, and it opens on the owner's words.
    const page = await new Session(app.url).get(managePath);
    const [claimRow] = await claimsOf(id);
    expect(page.text).toContain(`action="${managePath}/claims/${claimRow.id}/conversation"`);
    const opened = await formPost(`${managePath}/claims/${claimRow.id}/conversation`);
    expect(opened.status).toBe(303);
    const token = (opened.headers.get('location') as string).split('/c/')[1];
    const conversation = await new Session(app.url).get(`/api/conversations/${token}`);
    expect(JSON.stringify(conversation.body)).toContain('That is our dog!');
  });

  it.each([
    ['last seen 30 km away', () => ({ far: 30, lastSeenDate: today() }), 'too far'],
    ['missing only since after it was found', () => ({ far: 1, lastSeenDate: daysFromNow(0) }), 'before'],
  ])(
    'when the pet was %s, then the claim is refused as implausible and nothing changes',
    async (_what, make, reason) => {
      const { far, lastSeenDate } = make();
      const { id, body } = await postedDog({ foundAt: daysFromNow(-5) });
      const lastSeen = north({ lat: body.lat as number, lng: body.lng as number }, far);
      const { owner, pet } = await ownerWithMissingDog({
        lastSeenLat: lastSeen.lat,
        lastSeenLng: lastSeen.lng,
        lastSeenDate,
      });

      const res = await claim(owner, id, pet.id);

      expect(res.status).toBe(400);
      expect(res.body.message).toContain(reason);
      expect(await reportsOn(pet.id)).toHaveLength(0);
      const [row] = await app.database.db.select().from(foundReports).where(eq(foundReports.id, id));
      expect(row).toMatchObject({ status: 'open' });
      expect(await claimsOf(id)).toHaveLength(0);
    },
  );

  it('when the pet was last seen just within 10 km of the found pet’s grid cell, then the claim is taken, however far its exact point: a refusal must not measure the finder’s exact point', async () => {
    // Found a tenth of a cell above its row's bottom edge: some 110 m south of the cell's centre.
    const place = aPlace();
    const lat = -90 + (Math.floor((place.lat + 90) / GRID_DEGREES) + 0.1) * GRID_DEGREES;
    const { id } = await postedDog({ foundAt: daysFromNow(-2), lat, lng: place.lng });
    const [row] = await app.database.db.select().from(foundReports).where(eq(foundReports.id, id));
    const cell = { lat: row.cellLat as number, lng: row.cellLng as number };
    // North of the cell's centre by 9.98 km: some 10.09 km from where the pet was found.
    const lastSeen = north(cell, 9.98);
    expect((lastSeen.lat - lat) * 111.2, 'the exact point is beyond 10 km').toBeGreaterThan(10);
    const { owner, pet } = await ownerWithMissingDog({
      lastSeenLat: lastSeen.lat,
      lastSeenLng: cell.lng,
      lastSeenDate: daysFromNow(-3),
    });
    expect((await claim(owner, id, pet.id)).status).toBe(201);
  });

  it('when the pet was last seen 4 km away the day before it was found, then the claim is plausible', async () => {
    const { id, body } = await postedDog({ foundAt: daysFromNow(-2) });
    const lastSeen = north({ lat: body.lat as number, lng: body.lng as number }, 4);
    const { owner, pet } = await ownerWithMissingDog({
      lastSeenLat: lastSeen.lat,
      lastSeenLng: lastSeen.lng,
      lastSeenDate: daysFromNow(-3),
    });
    expect((await claim(owner, id, pet.id)).status).toBe(201);
  });

  it('when two owners say a found dog is theirs, then each gets their own conversation; the finder rejects one, whose conversation ends, and the other marks the dog safe', async () => {
    const first = await ownerWithMissingDog();
    const second = await ownerWithMissingDog();
    const { id, managePath, body } = await postedDog();
    await new Session(app.url).get(await mailedManagePath(body.contact));

    const one = await claim(first.owner, id, first.pet.id, 'Ours, surely!');
    const two = await claim(second.owner, id, second.pet.id, 'No, ours!');
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.finderReportId).not.toBe(two.body.finderReportId);
    const [firstReport] = await reportsOn(first.pet.id);
    const [secondReport] = await reportsOn(second.pet.id);
    expect(firstReport.finderContact).toBe(body.contact);
    expect(secondReport.finderContact).toBe(body.contact);

    // The finder sees both claims, and says the first is not the pet they found.
    const page = await new Session(app.url).get(managePath);
    expect(page.text).toContain(first.pet.name);
    expect(page.text).toContain(second.pet.name);
    const firstClaim = (await claimsOf(id)).find((c) => c.petId === first.pet.id);
    const conversationPath = (await formPost(`${managePath}/claims/${firstClaim?.id}/conversation`)).headers.get(
      'location',
    );
    expect(conversationPath).toMatch(/^\/c\//);
    expect((await turnDown(managePath, firstClaim?.id)).status).toBe(303);
    // The finder's link to it, from an earlier e-mail or page, says that it ended.
    const token = conversationPath?.slice('/c/'.length);
    const request = { params: { token }, query: {}, get: () => undefined } as unknown as Request;
    const ended = await conversationPrerender(app.services).render(request);
    expect(ended?.status).toBe(404);
    expect(ended?.body).toContain('This conversation has ended');
    const afterOne = (await new Session(app.url).get(managePath)).text;
    expect(afterOne).toContain('You said this is not their pet.');
    // The other claim still stands: the heading still says an owner claims the dog.
    expect(afterOne).toContain('An owner says this is their pet.');
    // That owner's conversation reaches the finder no more, and they cannot claim again.
    expect((await reportsOn(first.pet.id))[0].finderContact).toBeNull();
    expect((await formPost(`${managePath}/claims/${firstClaim?.id}/conversation`)).status).toBe(404);
    expect((await claim(first.owner, id, first.pet.id)).status).toBe(409);
    // A claim of another report cannot be rejected through this one's link.
    const other = await postedDog();
    const secondClaim = (await claimsOf(id)).find((c) => c.petId === second.pet.id);
    expect((await turnDown(other.managePath, secondClaim?.id)).status).toBe(404);

    // The rejected owner marking their dog safe reunites nothing; the other owner's does.
    expect((await first.owner.patch(`/api/pets/${first.pet.id}`, { isMissing: false })).status).toBe(200);
    expect((await new Session(app.url).get(`/api/found-reports/${id}`)).body.status).toBe('open');
    expect((await second.owner.patch(`/api/pets/${second.pet.id}`, { isMissing: false })).status).toBe(200);
    expect((await new Session(app.url).get(`/api/found-reports/${id}`)).body.status).toBe('reunited');
  });

  it('when an owner whose claim is not the only one, or who claimed two found dogs, marks their dog safe, then no found dog is closed as reunited: which one came home is not known', async () => {
    const statusOf = async (id: string) => (await new Session(app.url).get(`/api/found-reports/${id}`)).body.status;
    // Two owners claim one found dog; the first one's dog comes home (perhaps by another road).
    const first = await ownerWithMissingDog();
    const second = await ownerWithMissingDog();
    const shared = await postedDog();
    expect((await claim(first.owner, shared.id, first.pet.id)).status).toBe(201);
    expect((await claim(second.owner, shared.id, second.pet.id)).status).toBe(201);
    expect((await first.owner.patch(`/api/pets/${first.pet.id}`, { isMissing: false })).status).toBe(200);
    expect(await statusOf(shared.id)).toBe('open');
    // The other owner's claim still stands and can be confirmed.
    expect((await second.owner.patch(`/api/pets/${second.pet.id}`, { isMissing: false })).status).toBe(200);
    expect(await statusOf(shared.id)).toBe('reunited');

    // One owner claims two found dogs; one of them was theirs, which is not known.
    const third = await ownerWithMissingDog();
    const [a, b] = [await postedDog(), await postedDog()];
    expect((await claim(third.owner, a.id, third.pet.id)).status).toBe(201);
    expect((await claim(third.owner, b.id, third.pet.id)).status).toBe(201);
    expect((await third.owner.patch(`/api/pets/${third.pet.id}`, { isMissing: false })).status).toBe(200);
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['open', 'open']);
  });

  it('when the finder rejects a claim, then that owner can no longer write in the conversation (409, nothing stored), their profile says the finder closed it, and an e-mail tells them', async () => {
    const { owner, pet } = await ownerWithMissingDog();
    const { id, managePath } = await postedDog();
    const claimed = await claim(owner, id, pet.id, 'Ours, surely!');
    expect(claimed.status).toBe(201);
    const reportId = claimed.body.finderReportId as string;
    const reply = (body: string) => owner.post(`/api/reports/${reportId}/replies`, { body });
    // Before the finder answers, the owner may write again.
    expect((await reply('He has a white patch on his chest.')).status).toBe(201);

    const [claimRow] = await claimsOf(id);
    expect((await turnDown(managePath, claimRow.id)).status).toBe(303);
    // The finder's page lists the refused claim apart, not as a claim that stands, nor asks again.
    const managed = (await new Session(app.url).get(managePath)).text;
    expect(managed).toContain('Claims you turned down');
    expect(managed).not.toContain('An owner says this is their pet.');
    expect(managed).not.toContain('If this is not their pet, say so');

    const refused = await reply('But he is ours!');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `The finder closed this conversation: they said the pet they found is not ${pet.name}. Your messages no longer reach them.`,
    );
    const written = await app.database.db.select().from(messages).where(eq(messages.reportId, reportId));
    expect(written.map((message) => message.body)).not.toContain('But he is ours!');
    const [onProfile] = (await owner.get(`/api/pets/${pet.id}/reports`)).body;
    expect(onProfile).toMatchObject({ id: reportId, closedByFinder: true, finderReachable: false });
    // The owner is told by e-mail, not left waiting on a conversation that reaches no one.
    const told = (await mailTo(owner.person.email)).filter((mail) => mail.subject.includes('the finder says'));
    expect(told.map((mail) => mail.subject)).toEqual([`${pet.name}: the finder says the found dog is not ${pet.name}`]);
    expect(told[0].body).toContain('They closed your conversation: your messages no longer reach them.');
    expect(told[0].body).toContain(`${app.url}/found-pet/${id}`);
    // The found pet's page says so, and offers that pet no more (claiming it again would be refused).
    const page = (await owner.get(`/found-pet/${id}`)).text;
    expect(page).toContain(`The finder has said this is not ${pet.name}.`);
    expect(page).not.toContain(`value="${pet.id}"`);
    expect(page).not.toContain('None of your pets');
  });

  it('when the pet of a phone-only finder’s found report comes home, then Thank the Finders thanks them in the conversation they follow from the management page', async () => {
    const { owner, pet } = await ownerWithMissingDog({ name: 'Biscuit' });
    const phone = `+1 555 ${crypto.randomInt(100, 999)} ${crypto.randomInt(1000, 9999)}`;
    const { id, managePath } = await postedDog({ contact: phone });
    expect((await claim(owner, id, pet.id, 'That is Biscuit!')).status).toBe(201);
    const [onProfile] = (await owner.get(`/api/pets/${pet.id}/reports`)).body;
    // The owners never see the phone, yet know the finder can be thanked.
    expect(onProfile).toMatchObject({ finderPhone: null, finderHasEmail: false, finderReachable: true });
    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: false })).status).toBe(200);

    const thanked = await owner.post(`/api/pets/${pet.id}/thanks`, {});
    expect(thanked.body).toEqual({ thanked: 1 });
    expect((await owner.post(`/api/pets/${pet.id}/thanks`, {})).body).toEqual({ thanked: 0 });

    const page = await new Session(app.url).get(managePath);
    expect(page.text).toContain('The owner of “Biscuit” thanked you: their message is in the conversation.');
    const [claimRow] = await claimsOf(id);
    const opened = await formPost(`${managePath}/claims/${claimRow.id}/conversation`);
    const token = (opened.headers.get('location') as string).split('/c/')[1];
    const conversation = await new Session(app.url).get(`/api/conversations/${token}`);
    const thanks = conversation.body.messages.filter((m: { body: string }) => m.body.includes('is grateful'));
    expect(thanks).toHaveLength(1);
    expect(thanks[0]).toMatchObject({ author: 'owner' });
  });

  it('when the finder rejected a claim, then that owner’s Thank the Finders does not write into the closed conversation', async () => {
    const { owner, pet } = await ownerWithMissingDog();
    const { id, managePath } = await postedDog({ contact: `+1 555 ${crypto.randomInt(100, 999)} 0000` });
    const claimed = await claim(owner, id, pet.id);
    const [claimRow] = await claimsOf(id);
    await turnDown(managePath, claimRow.id);
    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: false })).status).toBe(200);

    expect((await owner.post(`/api/pets/${pet.id}/thanks`, {})).body).toEqual({ thanked: 0 });
    const written = await app.database.db
      .select()
      .from(messages)
      .where(eq(messages.reportId, claimed.body.finderReportId));
    // The claim wrote nothing either: the conversation holds no message at all.
    expect(written).toHaveLength(0);
  });

  it("when the finder taps 'Not the Pet I Found', then the page says what refusing does, with the way back focused (which focuses the button again), and turns the claim down only when told yes", async () => {
    const { owner, pet } = await ownerWithMissingDog();
    const { id, managePath } = await postedDog();
    expect((await claim(owner, id, pet.id, 'Ours, surely!')).status).toBe(201);
    const [claimRow] = await claimsOf(id);

    const asked = await formPost(`${managePath}/claims/${claimRow.id}/reject`);
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain(`Not the pet you found? Turn down the claim of the owner of “${pet.name}”?`);
    expect(page).toContain(`The owner is told, on “${pet.name}”’s profile, that you said it is not their pet`);
    expect(page).toContain('The claim moves to ‘Claims you turned down’.');
    // The final form is the same one with confirm=yes; the focus is on the way back.
    expect(page).toMatch(
      new RegExp(
        `<form action="${managePath}/claims/${claimRow.id}/reject" method="post"><input type="hidden" name="confirm" value="yes"/>`,
      ),
    );
    const back = /<a[^>]*href="([^"]+)"[^>]*autofocus=""[^>]*>Keep the Claim<\/a>/.exec(page)?.[1] ?? '';
    expect(back).toBe(`${managePath}?back=reject-${claimRow.id}`);
    expect((await claimsOf(id))[0].rejectedAt).toBeNull();
    expect((await reportsOn(pet.id))[0].closedByFinderAt).toBeNull();

    // Back on the page, the button tapped has the focus again.
    const returned = (await new Session(app.url).get(back)).text;
    expect(returned).toMatch(new RegExp(`<button[^>]*id="reject-${claimRow.id}"[^>]*autofocus=""`));

    expect((await turnDown(managePath, claimRow.id)).status).toBe(303);
    expect((await claimsOf(id))[0].rejectedAt).not.toBeNull();
    const after = (await new Session(app.url).get(managePath)).text;
    // Listed apart: under 'Claims you turned down', and no longer as a claim that stands.
    const turnedDown = /<section[^>]*aria-labelledby="turned-down"[^>]*>(.*?)<\/section>/.exec(after)?.[1] ?? '';
    expect(turnedDown).toContain('Claims you turned down');
    expect(turnedDown).toContain(pet.name);
    expect(after).not.toContain('aria-labelledby="claimed"');
  });

  it.each([
    ['closed as reunited', 'reunited'],
    ['expired', 'expired'],
  ])(
    "when the report is %s, then 'Not the Pet I Found' is not offered, and asking or confirming is refused (409) with nothing changed",
    async (_what, how) => {
      const { owner, pet } = await ownerWithMissingDog();
      const { id, managePath } = await postedDog();
      expect((await claim(owner, id, pet.id)).status).toBe(201);
      const [claimRow] = await claimsOf(id);
      if (how === 'reunited') expect((await manage(managePath, 'reunited')).status).toBe(303);
      else
        await app.database.db
          .update(foundReports)
          .set({ expiresAt: new Date(Date.now() - 60_000) })
          .where(eq(foundReports.id, id));

      const page = (await new Session(app.url).get(managePath)).text;
      expect(page).toContain(`Owner of “${pet.name}”`);
      expect(page).not.toContain('Not the Pet I Found');
      for (const fields of [{}, { confirm: 'yes' }] as Record<string, string>[]) {
        const res = await formPost(`${managePath}/claims/${claimRow.id}/reject`, fields);
        expect(res.status).toBe(409);
        expect(await res.text()).toContain('This report is closed: nothing was changed.');
      }
      expect((await claimsOf(id))[0].rejectedAt).toBeNull();
      expect((await reportsOn(pet.id))[0]).toMatchObject({ closedByFinderAt: null });
    },
  );

  it('when a found report is closed, then it cannot be claimed (409)', async () => {
    const { owner, pet } = await ownerWithMissingDog();
    const { id, managePath } = await postedDog();
    await manage(managePath, 'reunited');
    expect((await claim(owner, id, pet.id)).status).toBe(409);
    expect(await reportsOn(pet.id)).toHaveLength(0);
  });
});

describe('Report a Found Pet without scripts (/found/report)', () => {
  /** The form as a browser without scripts posts it: multipart, the photos as files. */
  function formOf(fields: Record<string, string | string[]>, photos: Buffer[]) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields))
      for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
    for (const [index, bytes] of photos.entries())
      form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `dog-${index}.jpg`);
    // The two inputs left empty are sent too, as browsers do.
    for (let i = photos.length; i < 3; i++)
      form.append('photo', new Blob([], { type: 'application/octet-stream' }), '');
    return form;
  }
  const fields = (overrides: Record<string, string | string[]> = {}) => ({
    species: 'dog',
    colors: ['tan', 'white'],
    size: 'large',
    sex: '',
    marks: 'Green collar',
    location: 'Corner of Oak St and 5th Ave',
    lat: '',
    lng: '',
    foundAt: today(),
    whereNow: 'vet',
    shelterName: '',
    contact: `finder-${crypto.randomBytes(5).toString('hex')}@example.com`,
    ...overrides,
  });
  const postForm = (form: FormData, origin = app.url) =>
    fetch(`${app.url}/found/report`, { method: 'POST', body: form, redirect: 'manual', headers: { origin } });
  /** The control `id` of a refused form is marked invalid, and among what describes it is `reason`. */
  const expectRefusedField = (html: string, id: string, reason: string) => {
    const control = new RegExp(`<(?:input|select|textarea)[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(control).toContain('aria-invalid="true"');
    const described = (/aria-describedby="([^"]+)"/.exec(control)?.[1] ?? '')
      .split(' ')
      .map((ref) => new RegExp(`id="${ref}"[^>]*>([^<]*)<`).exec(html)?.[1]);
    expect(described).toContainEqual(expect.stringContaining(reason));
  };

  it('when the form is opened, then every input has a label, and /found offers it beside the code lookup', async () => {
    const page = await new Session(app.url).get('/found/report');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/enctype="multipart\/form-data"/i);
    const ids = [...page.text.matchAll(/<(?:input|select|textarea)[^>]*\bid="([^"]+)"/g)].map(([, id]) => id);
    // The place's numbers too: typed without scripts, where the pin map writes them with scripts.
    expect(ids).toEqual(expect.arrayContaining(['found-lat', 'found-lng']));
    for (const id of ids) expect(page.text).toContain(`for="${id}"`);
    expect(page.text).not.toMatch(/<input[^>]*type="hidden"/);
    // Nothing has the focus on a form not yet refused.
    expect(autofocused(page.text)).toEqual([]);
    // Checkboxes and radios are wrapped in their label.
    expect(page.text).toMatch(/<label[^>]*><input type="checkbox" name="colors" value="golden"\/>Golden<\/label>/);
    // Before posting, the place's hint (read without scripts) and the pin map's (with them) say what a
    // report without a pin misses, and the hint how to pin it later.
    // Without scripts (no map, no position) it speaks of the numbers that can be typed; with them, of the pin.
    const hint = /<p id="found-location-hint"[^>]*>(.*?)<\/p>/.exec(page.text)?.[1] ?? '';
    expect(scriptedWords(hint)).toEqual({
      withScripts:
        'A street, park or landmark: shown on the public page. Without a pin on the map, this is required, and the pet is not on the found-pets board nor compared with missing pets until its place is pinned: you can pin it later from the link you get after posting.',
      withoutScripts:
        'A street, park or landmark: shown on the public page. Without a latitude and longitude, this is required, and the pet is not on the found-pets board nor compared with missing pets until they are given: you can add them later from the link you get after posting.',
    });
    expect(page.text).toContain(
      '"pinHint":"Tap the map where you found the pet. Without a pin, it is not on the found-pets board nor compared with missing pets.',
    );
    const found = await new Session(app.url).get('/found');
    expect(found.text).toContain('href="/found/report"');
    expect(found.text).toContain('Report a Found Pet');
  });

  it('when a finder posts the form with a photo and a place in words, then the thank-you gives the management link and says what happens next, and the page shows the pet', async () => {
    const values = fields();
    const res = await postForm(formOf(values, [await phonePhotoWithGps()]));
    expect(res.status).toBe(303);
    const location = res.headers.get('location') as string;
    expect(location).toMatch(/^\/found-pet\/manage\/[A-Za-z0-9_-]{43}\?posted=1$/);

    const thanks = await new Session(app.url).get(location);
    expect(thanks.text).toContain('Thank you! The pet you found is posted.');
    // Words only, no point: not on the board nor compared, and the place form below says how to fix it.
    expect(thanks.text).not.toContain('compared with pets reported missing nearby');
    expect(thanks.text).toContain('It is not on the found-pets board yet, and not compared with missing pets');
    expect(thanks.text).not.toContain('on the board and compared with missing pets.');
    expect(thanks.text).toContain('but not on the board nor compared with missing pets until its place is pinned');
    expect(thanks.text).toContain(`action="${location.split('?')[0]}/point"`);
    // An e-mail finder hears of a claim only once the address is confirmed by the first e-mail's link.
    expect(thanks.text).toContain('once you have opened the link in the e-mail we just sent');
    expect(thanks.text).not.toContain('we tell you at the contact you gave');
    expect(thanks.text).toContain(`${app.url}${location.split('?')[0]}`);
    const [row] = await rowsWithContact(values.contact);
    expect(row).toMatchObject({
      species: 'dog',
      colors: ['tan', 'white'],
      size: 'large',
      sex: null,
      whereNow: 'vet',
      lat: null,
    });

    const page = await new Session(app.url).get(`/found-pet/${row.id}`);
    expect(page.text).toContain('Corner of Oak St and 5th Ave');
    expect(page.text).toContain('At a vet');
  });

  it('when a finder who left a phone posts a pet that is with them, then the thank-you says claims show on its page, and the public page says the pet is with the finder', async () => {
    const values = fields({ contact: `+1 503 555 ${String(crypto.randomInt(1000, 9999))}`, whereNow: 'finder' });
    const res = await postForm(formOf(values, [JPEG_3X2]));
    expect(res.status).toBe(303);
    const thanks = await new Session(app.url).get(res.headers.get('location') as string);
    expect(thanks.text).toContain('it shows on this page, your report&#x27;s page: keep its link');
    expect(thanks.text).not.toContain('e-mail');
    const [row] = await rowsWithContact(values.contact);
    const page = await new Session(app.url).get(`/found-pet/${row.id}`);
    expect(page.text).toContain('With the finder');
    expect(page.text).not.toContain('With me');
  });

  it.each([
    ['no place at all', { location: '' }, [JPEG_3X2], 'Say where you found the pet.', 'found-location'],
    ['no photo', {}, [], 'Add one to three photos.', 'found-photo-1'],
    [
      'a file that is not an image',
      {},
      [Buffer.from('GIF89a not really')],
      'A photo is not a JPEG, PNG or WebP image',
      'found-photo-1',
    ],
    ['a date in the future', { foundAt: daysFromNow(5) }, [JPEG_3X2], 'Give the day you found the pet', 'found-at'],
    ['no species', { species: '' }, [JPEG_3X2], 'Choose the species.', 'found-species'],
    [
      'a date long ago',
      { foundAt: '1999-01-01' },
      [JPEG_3X2],
      'That is too long ago: give a day within the last 365 days.',
      'found-at',
    ],
  ])(
    'when the form has %s, then it comes back with the reason at its top and beside the field, filled in, and nothing is stored',
    async (_what, overrides, photos, reason, id) => {
      const values = fields(overrides as Record<string, string>);
      const res = await postForm(formOf(values, photos as Buffer[]));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toMatch(new RegExp(`role="alert"[^>]*>${reason.replace('.', '\\.')}`));
      expectRefusedField(html, id, reason);
      expect(html).toContain(`value="${values.contact}"`);
      expect(await rowsWithContact(values.contact)).toHaveLength(0);
    },
  );

  it('when a form with good photos is refused for another field, then it says beside the photos that they were not kept and must be chosen again', async () => {
    const twoKept = await postForm(formOf(fields({ species: '' }), [JPEG_3X2, JPEG_3X2]));
    expect(twoKept.status).toBe(400);
    const html = await twoKept.text();
    expect(html).toMatch(
      /<p id="found-photos-again"[^>]*>Your 2 photos were not kept: please choose them again\.<\/p>/,
    );
    expect(html).toMatch(/<fieldset[^>]*aria-describedby="found-photos-again found-photos-hint"/);

    const oneKept = await postForm(formOf(fields({ foundAt: daysFromNow(5) }), [JPEG_3X2]));
    expect(await oneKept.text()).toContain('Your photo was not kept: please choose it again.');

    // In the finder's language; the second photo refused, the first one alone is said to be gone.
    const spanish = await fetch(`${app.url}/found/report`, {
      method: 'POST',
      body: formOf(fields(), [JPEG_3X2, Buffer.from('GIF89a not really')]),
      redirect: 'manual',
      headers: { origin: app.url, 'accept-language': 'es' },
    });
    expect(await spanish.text()).toContain('Tu foto no se guardó: vuelve a elegirla.');

    // Photos refused as a whole (their count), or none chosen: nothing to say.
    const tooMany = await postForm(formOf(fields(), [JPEG_3X2, JPEG_3X2, JPEG_3X2, JPEG_3X2]));
    expect(await tooMany.text()).not.toContain('found-photos-again');
    const none = await postForm(formOf(fields({ species: '' }), []));
    expect(await none.text()).not.toContain('found-photos-again');
  });

  it('when the form has no species, no place, no photo, a shelter without its name and no contact, then one refusal marks every one of them, the first at the top', async () => {
    const values = fields({ species: '', location: '', whereNow: 'shelter', shelterName: '', contact: '' });
    const res = await postForm(formOf(values, []));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/role="alert"[^>]*>Choose the species\./);
    expectRefusedField(html, 'found-species', 'Choose the species.');
    expectRefusedField(html, 'found-location', 'Say where you found the pet.');
    expectRefusedField(html, 'found-photo-1', 'Add one to three photos.');
    expectRefusedField(html, 'found-shelter', 'Give the shelter');
    expectRefusedField(html, 'found-contact', 'phone number or an email address');
    // The page answers with the focus on the first field to mend, in the form's order, and nowhere else.
    expect(autofocused(html)).toEqual(['found-species']);
  });

  it('when only the colours, or only the second photo, are refused, then the focus is on the first colour, or on that photo input', async () => {
    const colours = await (await postForm(formOf(fields({ colors: [] }), [JPEG_3X2]))).text();
    expect(/<input[^>]*autofocus=""[^>]*>/.exec(colours)?.[0]).toMatch(
      /name="colors" value="black"|value="black"[^>]*name="colors"/,
    );
    expect(autofocused(colours)).toHaveLength(1);
    const second = await (await postForm(formOf(fields(), [JPEG_3X2, Buffer.from('GIF89a not really')]))).text();
    expect(autofocused(second)).toEqual(['found-photo-2']);
  });

  it('when the finder types the latitude and longitude (a decimal comma too) and no place in words, then the report is pinned and matched as with a map pin', async () => {
    const place = aPlace();
    const comma = (n: number) => String(n).replace('.', ',');
    const values = fields({ location: '', lat: ` ${comma(place.lat)} `, lng: comma(place.lng) });
    const res = await postForm(formOf(values, [JPEG_3X2]));
    expect(res.status).toBe(303);
    const [row] = await rowsWithContact(values.contact);
    expect({ lat: row.lat, lng: row.lng }).toEqual(place);
    expect(row.cellLat).not.toBeNull();
    // Queued for matching, as a report posted with a pin is.
    const queued = await app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `matches.found-report:${row.id}`));
    expect(queued).toHaveLength(1);
    // On the board around the point, and the thank-you says it is compared.
    expect((await board(place)).body.map((report: { id: string }) => report.id)).toContain(row.id);
    const thanks = await new Session(app.url).get(res.headers.get('location') as string);
    expect(thanks.text).toContain('compared with pets reported missing nearby');
  });

  it.each([
    [
      'one number alone',
      { lat: '45.52', lng: '' },
      'Both a latitude and a longitude are needed: type the other one too.',
    ],
    [
      'words',
      { lat: 'north', lng: '-122.68' },
      'Latitude and longitude must be numbers of degrees, such as 51.5072 and -0.1276.',
    ],
    [
      'a latitude past the pole',
      { lat: '95', lng: '10' },
      'Latitude must be between -90 and 90, and longitude between -180 and 180.',
    ],
  ])(
    'when the finder types %s for the place, then the form comes back unfolded with the numbers typed, why beside them, the focus on the latitude, and nothing is stored',
    async (_what, typed, reason) => {
      const values = fields({ ...typed, location: 'Behind the old mill' });
      const res = await postForm(formOf(values, [JPEG_3X2]));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toMatch(new RegExp(`role="alert"[^>]*>${reason.replace(/[.()]/g, '\\$&')}`));
      expectRefusedField(html, 'found-lat', reason);
      expectRefusedField(html, 'found-lng', reason);
      expect(html).toMatch(/<details open="">/);
      expect(/<input[^>]*id="found-lat"[^>]*>/.exec(html)?.[0]).toContain(`value="${typed.lat}"`);
      expect(/<input[^>]*id="found-lng"[^>]*>/.exec(html)?.[0]).toContain(`value="${typed.lng}"`);
      expect(autofocused(html)).toEqual(['found-lat']);
      expect(await rowsWithContact(values.contact)).toHaveLength(0);
    },
  );

  it('when more than three photos are sent, then the form comes back saying so with everything typed, and nothing is stored', async () => {
    const values = fields({ whereNow: 'finder' });
    const form = formOf(values, [JPEG_3X2, JPEG_3X2, JPEG_3X2, JPEG_3X2]);
    const res = await postForm(form);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/role="alert"[^>]*>Add one to three photos\./);
    expectRefusedField(html, 'found-photo-1', 'Add one to three photos.');
    expect(html).toContain(`value="${values.contact}"`);
    expect(html).toContain('value="Corner of Oak St and 5th Ave"');
    expect(html).toMatch(/<input[^>]*value="dog"[^>]*checked=""|<option[^>]*value="dog"[^>]*selected=""/);
    expect(html).toMatch(/<input type="checkbox" name="colors" checked="" value="tan"\/>/);
    expect(await rowsWithContact(values.contact)).toHaveLength(0);
  });

  it('when the second photo is not an image, then only that input is marked, beside the error, with everything typed', async () => {
    const values = fields();
    const res = await postForm(formOf(values, [JPEG_3X2, Buffer.from('GIF89a not really')]));
    expect(res.status).toBe(400);
    const html = await res.text();
    expectRefusedField(html, 'found-photo-2', 'A photo is not a JPEG, PNG or WebP image');
    for (const id of ['found-photo-1', 'found-photo-3'])
      expect(new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0]).not.toContain('aria-invalid');
    expect(html).toContain(`value="${values.contact}"`);
    expect(await rowsWithContact(values.contact)).toHaveLength(0);
  });

  it('when a field is refused and a photo is not an image, then both are said at once, not the photo on the next post', async () => {
    const values = fields({ species: '' });
    const res = await postForm(formOf(values, [Buffer.from('%PDF-1.7 not a photo'), JPEG_3X2]));
    expect(res.status).toBe(400);
    const html = await res.text();
    expectRefusedField(html, 'found-species', 'Choose the species.');
    expectRefusedField(html, 'found-photo-1', 'A photo is not a JPEG, PNG or WebP image');
    expect(/<input[^>]*id="found-photo-2"[^>]*>/.exec(html)?.[0]).not.toContain('aria-invalid');
    expect(await rowsWithContact(values.contact)).toHaveLength(0);
  });

  it('when the collar or markings run far past the form’s limit, then the form comes back blaming that field, not a photo, filled in, and nothing is stored', async () => {
    // 10,000 characters: beyond the parser's cap on a field, not only the schema's 1,000.
    const values = fields({ marks: 'm'.repeat(10_000) });
    const res = await postForm(formOf(values, [JPEG_3X2]));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Collar or markings (optional): Must be 1,000 characters or fewer');
    expectRefusedField(html, 'found-marks', 'Collar or markings (optional): Must be 1,000 characters or fewer');
    expect(html).not.toContain('A photo is not a JPEG, PNG or WebP image');
    expect(html).toMatch(/<textarea[^>]*name="marks"[^>]*>m{1000}/);
    expect(html).toContain(`value="${values.contact}"`);
    expect(await rowsWithContact(values.contact)).toHaveLength(0);
  });

  it('when a fourth file is sent, or the post comes from another site, then it is refused and nothing is stored', async () => {
    const values = fields();
    const form = formOf(values, [JPEG_3X2, JPEG_3X2, JPEG_3X2]);
    form.append('photo', new Blob([new Uint8Array(JPEG_3X2)], { type: 'image/jpeg' }), 'fourth.jpg');
    expect((await postForm(form)).status).toBe(400);
    expect((await postForm(formOf(values, [JPEG_3X2]), 'https://evil.example')).status).toBe(403);
    expect(await rowsWithContact(values.contact)).toHaveLength(0);
  });
});

describe("'This Is My Pet' without scripts", () => {
  it('when a signed-in owner with a missing dog opens a found dog, then the page offers their dog, and posting it opens the conversation on the profile', async () => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id, { species: 'dog', isMissing: true });
    await insertPet(app.database.db, owner.user.id, { species: 'cat', isMissing: true, name: 'Whiskers the cat' });
    const { id, body } = await postedDog();
    // Two more missing dogs with a pin: one 2 km away, one 400 km away, which cannot be this one.
    const found = { lat: body.lat as number, lng: body.lng as number };
    const near = await insertPet(app.database.db, owner.user.id, {
      species: 'dog',
      isMissing: true,
      name: 'Zed near',
      lastSeenLat: north(found, 2).lat,
      lastSeenLng: found.lng,
    });
    await insertPet(app.database.db, owner.user.id, {
      species: 'dog',
      isMissing: true,
      name: 'Aaron far',
      lastSeenLat: north(found, 400).lat,
      lastSeenLng: found.lng,
    });

    const page = await owner.get(`/found-pet/${id}`);
    expect(page.text).toContain(`<option value="${pet.id}">${pet.name}</option>`);
    expect(page.text).not.toContain('Whiskers the cat');
    // The one last seen nearby first, then those without a pin; never one lost far away.
    expect(page.text.indexOf(near.name)).toBeLessThan(page.text.indexOf(pet.name));
    expect(page.text).not.toContain('Aaron far');

    const posted = await owner.raw('POST', `/found-pet/${id}/claim`, {
      body: new URLSearchParams({ petId: pet.id, message: 'Our dog! Thank you so much.' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
    });
    expect(posted.status).toBe(303);
    const after = await owner.get(`/found-pet/${id}`);
    expect(after.text).toContain(`Your conversation is on the profile of ${pet.name}.`);
    const onProfile = await owner.get(`/api/pets/${pet.id}/messages`);
    expect(onProfile.body.map((m: { body: string }) => m.body)).toContain('Our dog! Thank you so much.');
    // Anyone else now reads that an owner has said so.
    expect((await new Session(app.url).get(`/found-pet/${id}`)).text).toContain(
      'An owner has already said this is their pet.',
    );
  });

  it('when an owner’s claim stands and another of their missing dogs was lost nearby, then the page shows the claim and offers that dog alone, and claims it too', async () => {
    const owner = await signedInOwner(app);
    const { id } = await postedDog();
    const bella = await insertPet(app.database.db, owner.user.id, { species: 'dog', isMissing: true, name: 'Bella' });
    const max = await insertPet(app.database.db, owner.user.id, { species: 'dog', isMissing: true, name: 'Max' });
    const claim = (petId: string) =>
      owner.raw('POST', `/found-pet/${id}/claim`, {
        body: new URLSearchParams({ petId }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      });
    expect((await claim(bella.id)).status).toBe(303);

    const page = (await owner.get(`/found-pet/${id}`)).text;
    expect(page).toContain('Your conversation is on the profile of Bella.');
    expect(page).toContain(`href="/pet/${bella.id}"`);
    expect(page).toContain('Could it be another of your missing pets?');
    expect(page).toContain(`<option value="${max.id}">Max</option>`);
    expect(page).not.toContain(`<option value="${bella.id}">`);
    // Their own claim is not another owner's.
    expect(page).not.toContain('An owner has already said this is their pet.');

    expect((await claim(max.id)).status).toBe(303);
    const after = (await owner.get(`/found-pet/${id}`)).text;
    expect(after).toContain('Your conversation is on the profile of Bella.');
    expect(after).toContain('Your conversation is on the profile of Max.');
    expect(after).toContain('Open the Profile of Max');
    // Nothing left to pick, and no 'none of your pets is missing' beside two claims.
    expect(after).not.toContain('name="petId"');
    expect(after).not.toContain('None of your pets of this species is reported missing.');
    const claims = await app.database.db
      .select()
      .from(foundReportClaims)
      .where(eq(foundReportClaims.foundReportId, id));
    expect(claims.map((row) => row.petId).sort()).toEqual([bella.id, max.id].sort());
  });

  it('when another owner has claimed the found dog, then an owner with a claim of their own reads both', async () => {
    const { id } = await postedDog();
    const other = await signedInOwner(app);
    const theirs = await insertPet(app.database.db, other.user.id, { species: 'dog', isMissing: true });
    expect((await other.post(`/api/found-reports/${id}/claim`, { petId: theirs.id })).status).toBe(201);
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id, { species: 'dog', isMissing: true, name: 'Rex' });
    expect((await owner.post(`/api/found-reports/${id}/claim`, { petId: pet.id })).status).toBe(201);

    const page = (await owner.get(`/found-pet/${id}`)).text;
    expect(page).toContain('Your conversation is on the profile of Rex.');
    expect(page).toContain('An owner has already said this is their pet.');
  });
});
