import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOwner, insertPet } from '../../../tests/support/factories';
import { aPointIn } from '../../../tests/support/places';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

// A place of this test's own, in the southern Indian Ocean, where no other test puts a pet.
const aPlace = () => aPointIn(-45, 60, 10, 40);
const north = (place: { lat: number; lng: number }, km: number) => ({ ...place, lat: place.lat + km / 111.2 });
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function aMissingPetAt(place: { lat: number; lng: number }, overrides = {}) {
  const owner = await insertOwner(app.database.db);
  return insertPet(app.database.db, owner.id, {
    isMissing: true,
    lastSeenLat: place.lat,
    lastSeenLng: place.lng,
    lastSeenDate: daysAgo(2),
    ...overrides,
  });
}

/** The page as a browser without scripts gets it: the server's HTML is all there is. */
const page = (query: string, headers: Record<string, string> = {}) =>
  new Session(app.url).raw('GET', `/lost${query}`, { headers });

describe('GET /lost, the board rendered by the server', () => {
  it('when a stranger 2 km away opens it, then the pet is listed with photo, species, when and how far, linking to its scan page; 30 km away it is not', async () => {
    const seen = aPlace();
    const pet = await aMissingPetAt(seen, { breed: null, species: 'cat', photoHash: 'f00d' });
    // A few metres east too: the stranger's own point, which the page repeats, is not the pet's.
    const here = { ...north(seen, 2), lng: seen.lng + 0.00037 };

    const res = await page(`?lat=${here.lat}&lng=${here.lng}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<h1 class="font-bold text-3xl">Lost Pets Nearby</h1>');
    expect(html).toContain(`href="/scan/${pet.id}"`);
    expect(html).toContain(pet.name);
    expect(html).toContain('Cat');
    expect(html).toMatch(/Last seen 2 days ago, about (1\.[7-9]|2|2\.[0-3]) km away/);
    expect(html).toContain(`src="/api/pets/${pet.id}/photo?v=f00d&amp;size=160"`);
    // For the map's script: the searched point on the map element, each pet's cell on its item.
    expect(html).toMatch(
      new RegExp(`<div id="lost-map" [^>]*data-lat="${here.lat}" data-lng="${here.lng}" data-km="5"></div>`),
    );
    // Watch My Area, around the searched point.
    expect(html).toMatch(
      /Hear the moment a pet goes missing near here:(<!-- -->)? <a [^>]*href="\/watch-areas\?lat=-?[\d.]+&amp;lng=-?[\d.]+">Watch My Area<\/a>/,
    );
    const item = new RegExp(`<li data-pet-id="${pet.id}" data-lat="(-?[\\d.]+)" data-lng="(-?[\\d.]+)">`).exec(html);
    expect(item).not.toBeNull();
    const [, lat, lng] = item as RegExpExecArray;
    expect(Math.abs(Number(lat) - seen.lat)).toBeLessThan(0.0013);
    expect(Math.abs(Number(lng) - seen.lng)).toBeLessThan(0.002);
    // Never the exact point.
    expect(html).not.toContain(String(seen.lat));
    expect(html).not.toContain(String(seen.lng));

    const far = north(seen, 30);
    const farHtml = await (await page(`?lat=${far.lat}&lng=${far.lng}&km=25`)).text();
    expect(farHtml).not.toContain(pet.id);
    expect(farHtml).toContain('No missing pets were reported within 25 km of this place.');
  });

  it('when the radius is changed without scripts, then the form keeps the point and asks for the new radius', async () => {
    const here = aPlace();
    const html = await (await page(`?lat=${here.lat}&lng=${here.lng}&km=10`)).text();
    expect(html).toMatch(/<form [^>]*action="\/lost" method="get">/);
    expect(html).toMatch(new RegExp(`<input id="lost-lat" inputMode="decimal"[^>]* name="lat" value="${here.lat}"/>`));
    expect(html).toMatch(new RegExp(`<input id="lost-lng" inputMode="decimal"[^>]* name="lng" value="${here.lng}"/>`));
    expect(html).toMatch(/<label for="lost-km"[^>]*>Distance<\/label>/);
    expect(html).toContain('<option value="10" selected="">Within 10 km</option>');
  });

  it('when no point is given, then the page invites the visitor to give one and lists nothing', async () => {
    const res = await page('');
    expect(res.status).toBe(200);
    const html = await res.text();
    // With scripts, the map and the phone's position; without, only the numbers typed work, and the page says so.
    expect(html).toContain(
      '<span class="noscript:hidden">To see missing pets near you, share your position, pick a place on the map, or type its latitude and longitude.',
    );
    expect(html).toContain(
      '<span class="hidden noscript:inline">To see missing pets near a place, type its latitude and longitude above.',
    );
    expect(html).toMatch(/<div id="lost-map" class="[^"]*"><\/div>/);
    expect(html).toMatch(/<label for="lost-lat"[^>]*>Latitude<\/label>/);
    expect(html).toMatch(/<input id="lost-lat" inputMode="decimal"[^>]* name="lat"\/>/);
  });

  it('when a place is typed as latitude and longitude without scripts, a decimal comma too, then the board lists the pets near it', async () => {
    const seen = aPlace();
    const pet = await aMissingPetAt(seen);
    const typed = (n: number) => String(n).replace('.', ',');
    const res = await page(
      `?lat=${encodeURIComponent(typed(seen.lat))}&lng=${encodeURIComponent(typed(seen.lng))}&km=5`,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`data-pet-id="${pet.id}"`);
  });

  it.each([
    ['?lat=abc&lng=10', 'the latitude must be a number from -90 to 90'],
    ['?lat=95&lng=10', 'the latitude must be a number from -90 to 90'],
    ['?lat=10&lng=NaN', 'the longitude must be a number from -180 to 180'],
    ['?lat=10&lng=10&km=3', 'the distance must be 1, 5, 10 or 25 km'],
    ['?lat=10', 'both a latitude and a longitude are needed'],
  ])('when the address is %s, then the board shows no point and says why', async (query, reason) => {
    const res = await page(query);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`The place asked for could not be read (${reason}), so no pets are shown.`);
    // Without scripts it asks for what works there: the numbers.
    expect(html).toContain(
      `<span class="hidden noscript:inline">The place asked for could not be read (${reason}), so no pets are shown. Type its latitude and longitude instead.</span>`,
    );
    // What was typed comes back, unfolded, to be mended.
    expect(html).toMatch(/<details class="basis-full" open="">/);
    const typed = new URLSearchParams(query).get('lat') ?? '';
    expect(html).toMatch(new RegExp(`<input id="lost-lat"[^>]* name="lat" value="${typed}"/>`));
    expect(html).toMatch(/<div id="lost-map" class="[^"]*"><\/div>/);
    expect(html).not.toContain('data-pet-id');
  });

  // The page asks for a position, a place on the map or numbers, never an address: its refusal never says one.
  it.each([
    ['en', /address/i],
    ['de', /Adresse/i],
    ['es', /direcci[oó]n/i],
    ['fr', /adresse/i],
    ['pt', /endere[cç]o/i],
    ['zh-Hans', /地址/],
  ])(
    'when a link’s place cannot be read in %s, then the refusal speaks of the link’s place, not of an address',
    async (lang, address) => {
      const html = await (await page('?lat=north&lng=10', { 'accept-language': lang })).text();
      const alert = /<p role="alert"[^>]*>(.*?)<\/p>/.exec(html)?.[1];
      expect(alert).toBeTruthy();
      expect(alert).not.toMatch(address);
    },
  );

  it('when the visitor reads Spanish, then the board is in Spanish, numbers included', async () => {
    const seen = aPlace();
    await aMissingPetAt(seen, { lastSeenDate: daysAgo(0) });
    const here = north(seen, 1.5);
    const html = await (await page(`?lat=${here.lat}&lng=${here.lng}`, { 'accept-language': 'es' })).text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Mascotas perdidas cerca');
    expect(html).toMatch(/Vista por última vez hoy, a unos 1,\d km/);
  });

  it('when the visitor picks one language after another on the switch, then each page is in the one just picked', async () => {
    const visitor = new Session(app.url);
    for (const [lang, heading] of [
      ['es', 'Mascotas perdidas cerca'],
      ['fr', 'Animaux perdus à proximité'],
      ['en', 'Lost Pets Nearby'],
    ]) {
      const html = await (await visitor.raw('GET', `/lost?lang=${lang}`)).text();
      expect(html, lang).toContain(`<html lang="${lang}">`);
      expect(html, lang).toContain(heading);
    }
  });

  it('when 50 missing pets are near, then the page lists them all, nearest first, in at most 40 KB', async () => {
    const here = aPlace();
    const owner = await insertOwner(app.database.db);
    await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        insertPet(app.database.db, owner.id, {
          name: `Lostling ${String(n).padStart(2, '0')} ${'x'.repeat(10)}`,
          breed: 'Staffordshire Bull Terrier',
          isMissing: true,
          lastSeenDate: daysAgo(n % 9),
          // 300 m apart, more than a cell: each in a row of its own, farther than the one before.
          lastSeenLat: north(here, 0.3 * (n + 1)).lat,
          lastSeenLng: here.lng,
          photoHash: crypto.randomBytes(32).toString('hex'),
        }),
      ),
    );
    const res = await page(`?lat=${here.lat}&lng=${here.lng}&km=25`);
    const html = await res.text();
    expect(html.match(/data-pet-id=/g)).toHaveLength(50);
    const names = [...html.matchAll(/Lostling (\d\d)/g)].map((match) => Number(match[1]));
    expect(names).toEqual([...names].sort((a, b) => a - b));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(40 * 1024);
  });
});
