import crypto from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PET_MESSAGE, SHORT_CODE_ALPHABET, TOO_MANY_LOOKUPS_MESSAGE } from '../../../shared/contracts/found';
import { rateLimits } from '../../../shared/schema';
import { insertOwner, insertPet } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { FOUND_LOOKUP_LIMIT } from './found.service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
// Every lookup here comes from one address: each test starts with that address's count at zero.
beforeEach(async () => {
  await app.database.db.delete(rateLimits).where(like(rateLimits.key, 'found:%'));
});

async function aPet(overrides = {}) {
  const owner = await insertOwner(app.database.db);
  return insertPet(app.database.db, owner.id, overrides);
}

/** A microchip number no other test's pet carries. */
const randomChip = () =>
  String(crypto.randomInt(100_000_000, 999_999_999)) + String(crypto.randomInt(100_000, 999_999));

/** The code as a finder might type it: lower case, with a dash and spaces. */
const typed = (code: string) =>
  ` ${code.slice(0, 3).toLowerCase()}-${code.slice(3, 5)} ${code.slice(5).toLowerCase()} `;

describe('every pet has a short code', () => {
  it('when a pet is created, then it gets 7 characters from the alphabet without look-alikes, its own', async () => {
    const pets = await Promise.all([aPet(), aPet(), aPet()]);
    for (const pet of pets) {
      expect(pet.shortCode).toMatch(new RegExp(`^[${SHORT_CODE_ALPHABET}]{7}$`));
      expect(pet.shortCode).not.toMatch(/[01OIL]/);
    }
    expect(new Set(pets.map((pet) => pet.shortCode)).size).toBe(3);
  });
});

describe('GET /api/found', () => {
  it('when the code is typed in any case, with spaces or dashes, then it answers that pet’s scan page', async () => {
    const pet = await aPet();
    const res = await new Session(app.url).get(`/api/found?code=${encodeURIComponent(typed(pet.shortCode))}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ petId: pet.id, scanPath: `/scan/${pet.id}` });
  });

  it('when the code is typed in full-width letters or with another dash, as some keyboards type them, then it answers that pet’s scan page', async () => {
    const pet = await aPet();
    const fullWidth = Array.from(pet.shortCode.toLowerCase(), (char) =>
      String.fromCodePoint((char.codePointAt(0) as number) + 0xfee0),
    ).join('');
    const enDash = `${pet.shortCode.slice(0, 3)}\u2013${pet.shortCode.slice(3)}`;
    for (const typedCode of [fullWidth, enDash]) {
      const res = await new Session(app.url).get(`/api/found?code=${encodeURIComponent(typedCode)}`);
      expect([res.status, res.body.petId]).toEqual([200, pet.id]);
    }
  });

  it('when a 15-digit microchip number is given, then it finds the pet however the owner wrote it', async () => {
    const chip = randomChip();
    const pet = await aPet({ microchipId: `${chip.slice(0, 3)} ${chip.slice(3, 9)}-${chip.slice(9)}` });
    const res = await new Session(app.url).get(`/api/found?code=${chip}`);
    expect(res.status).toBe(200);
    expect(res.body.petId).toBe(pet.id);
  });

  it('when the code names no pet or cannot be a code, then 404 in the finder’s words', async () => {
    const finder = new Session(app.url);
    for (const code of ['2222222', 'ABC', 'O0O0O0O', randomChip(), '<script>']) {
      const res = await finder.get(`/api/found?code=${encodeURIComponent(code)}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: NO_PET_MESSAGE, code: 'not_found' });
    }
  });

  it('when the code is missing or absurdly long, then 400', async () => {
    const finder = new Session(app.url);
    expect((await finder.get('/api/found')).status).toBe(400);
    expect((await finder.get(`/api/found?code=${'A'.repeat(65)}`)).status).toBe(400);
  });

  it('when one address guesses too often, then 429 with Retry-After, for the API and the page alike', async () => {
    const pet = await aPet();
    const finder = new Session(app.url);
    for (let i = 0; i < FOUND_LOOKUP_LIMIT.limit - 1; i++) {
      expect((await finder.get('/api/found?code=2222222')).status).toBe(404);
    }
    // The page's lookups count against the same allowance.
    expect((await finder.raw('GET', '/found?code=2222222')).status).toBe(404);
    const refused = await finder.get(`/api/found?code=${pet.shortCode}`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: TOO_MANY_LOOKUPS_MESSAGE, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await finder.raw('GET', `/found?code=${pet.shortCode}`);
    expect(page.status).toBe(429);
    expect(await page.text()).toContain(TOO_MANY_LOOKUPS_MESSAGE);
  });

  it('when an address looks up many codes that name pets, then none is held against it: only misses count', async () => {
    const pets = await Promise.all(Array.from({ length: 3 }, () => aPet()));
    const shelter = new Session(app.url);
    for (let i = 0; i < FOUND_LOOKUP_LIMIT.limit + 5; i++) {
      const pet = pets[i % pets.length];
      const path = i % 2 ? `/found?code=${pet.shortCode}` : `/api/found?code=${pet.shortCode}`;
      expect((await shelter.raw('GET', path)).status, `lookup ${i + 1}`).toBe(i % 2 ? 303 : 200);
    }
    for (let i = 0; i < FOUND_LOOKUP_LIMIT.limit; i++) {
      expect((await shelter.get('/api/found?code=2222222')).status).toBe(404);
    }
    expect((await shelter.get(`/api/found?code=${pets[0].shortCode}`)).status).toBe(429);
  });
});

describe('the /found page and /t/{code}', () => {
  it('when the page is opened, then it offers the form, without any script', async () => {
    const res = await new Session(app.url).raw('GET', '/found');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('Found a Pet?');
    const form = html.match(/<form[^>]*>/)?.[0];
    expect(form).toContain('action="/found"');
    expect(form).toContain('method="get"');
    expect(html).toContain('name="code"');
    expect(html).not.toContain('<script');
  });

  it('when a code is entered, then the browser is sent to the pet’s scan page', async () => {
    const pet = await aPet();
    const res = await new Session(app.url).raw('GET', `/found?code=${encodeURIComponent(typed(pet.shortCode))}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/scan/${pet.id}`);
  });

  it('when a tag’s short address is opened, then it leads to the pet’s scan page', async () => {
    const pet = await aPet();
    const res = await new Session(app.url).raw('GET', `/t/${pet.shortCode.toLowerCase()}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/scan/${pet.id}`);
  });

  it('when the code is wrong, then the form comes back with the message and what was typed, escaped', async () => {
    const finder = new Session(app.url);
    const res = await finder.raw('GET', `/found?code=${encodeURIComponent('<b>ZZ</b>')}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(NO_PET_MESSAGE);
    expect(html).toContain('value="&lt;b&gt;ZZ&lt;/b&gt;"');
    expect(html).not.toContain('<b>ZZ</b>');

    const tag = await finder.raw('GET', '/t/2222222');
    expect(tag.status).toBe(404);
    expect(await tag.text()).toContain(NO_PET_MESSAGE);
  });

  it('when the form is sent empty, then it asks for a code without counting a guess', async () => {
    const res = await new Session(app.url).raw('GET', '/found?code=');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter the code from the tag or a 15-digit microchip number.');
  });
});
