import { eq } from 'drizzle-orm';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_DEFAULTS } from '../../../shared/contracts/pets';
import { pets, scanVisits } from '../../../shared/schema';
import { eventually } from '../../../tests/support/eventually';
import { insertPet, signedInOwner } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { scanPrerender } from './scan-prerender';

let app: TestApp;
let ownerId: string;
beforeAll(async () => {
  app = await startTestApp();
  const owner = await signedInOwner(app);
  ownerId = (await owner.get('/api/auth/user')).body.id;
});
afterAll(() => app?.close());

const request = (
  id: string,
  cookie?: string,
  headers: Record<string, string> = {},
  query: Record<string, string> = {},
) =>
  ({
    params: { id },
    query,
    get: (name: string) => (name === 'cookie' ? cookie : headers[name.toLowerCase()]),
  }) as unknown as Request;
const render = (req: Request) => scanPrerender(app.services).render(req);
/** What the finder reads: the page without the data blocks its script starts from. */
const shown = (body = '') => body.slice(0, body.indexOf('<script'));
const dataBlock = (body = '', id: string) =>
  JSON.parse(body.match(new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`))?.[1] ?? '{}');

describe('the server-rendered scan page', () => {
  it('when a stranger opens a missing pet, then the HTML already holds the pet, the call link and the data', async () => {
    const pet = await insertPet(app.database.db, ownerId, { name: 'Mochi', isMissing: true, ownerPhone: '555-0177' });
    const page = await render(request(pet.id));
    expect(page?.title).toBe('Missing: Mochi · Homeward');
    expect(page?.body).toContain('MISSING PET');
    expect(page?.lang).toBe('en');
    expect(page?.body).toContain('Help Reunite Mochi with Their Family!');
    expect(page?.body).toContain('If you have found Mochi, call the owner or share where you found them.');
    expect(page?.body).toMatch(/href="tel:5550177"/);
    const data = dataBlock(page?.body, 'prerender-data');
    expect(data).toMatchObject({ id: pet.id, name: 'Mochi', isMissing: true });
    expect(data).not.toHaveProperty('userId');
    expect(data).not.toHaveProperty('vetPhone');
    // A signed-out visitor is not one of its owners: the visit goes to the owners' Recent Scans.
    const visits = await eventually(
      () => app.database.db.select().from(scanVisits).where(eq(scanVisits.petId, pet.id)),
      (rows) => rows.length > 0,
    );
    expect(visits).toHaveLength(1);
  });

  it('when a missing pet has where and when it was last seen, then the page says them, in the language asked for; a pet at home says neither', async () => {
    const seen = { lastSeenLocation: 'Maple Park, by the pond', lastSeenDate: '2026-11-20' };
    const missing = await insertPet(app.database.db, ownerId, { name: 'Juno', isMissing: true, ...seen });
    expect(shown((await render(request(missing.id)))?.body)).toContain(
      'Last seen:</span> Maple Park, by the pond · November 20, 2026',
    );
    const spanish = await render(request(missing.id, undefined, {}, { lang: 'es' }));
    expect(shown(spanish?.body)).toContain(
      'Último avistamiento:</span> Maple Park, by the pond · 20 de noviembre de 2026',
    );
    expect(dataBlock(spanish?.body, 'prerender-data')).toMatchObject(seen);

    // A day typed in words stays as typed; a place alone is said alone.
    const typed = await insertPet(app.database.db, ownerId, {
      isMissing: true,
      lastSeenLocation: '',
      lastSeenDate: 'Sunday evening',
    });
    expect(shown((await render(request(typed.id)))?.body)).toContain('Last seen:</span> Sunday evening</p>');

    const home = await insertPet(app.database.db, ownerId, { isMissing: false, ...seen });
    const page = await render(request(home.id));
    expect(shown(page?.body)).not.toContain('Maple Park');
    expect(dataBlock(page?.body, 'prerender-data')).toMatchObject({ lastSeenLocation: null, lastSeenDate: null });
  });

  it('when the pet came home less than a week ago, then the page thanks the finders instead of asking for help', async () => {
    const pet = await insertPet(app.database.db, ownerId, { name: 'Pepper', isMissing: false });
    await app.database.db.update(pets).set({ reunitedAt: new Date() }).where(eq(pets.id, pet.id));
    const page = await render(request(pet.id));
    expect(shown(page?.body)).toContain('Home safe. Thank you for helping!');
    expect(shown(page?.body)).not.toContain('Help Reunite');
  });

  it('when the owner shows none of their details, then Contact Owner says how to reach them instead of an empty list', async () => {
    const hidden = {
      ...PUBLIC_PAGE_DEFAULTS,
      ownerName: false,
      ownerPhone: false,
      ownerEmail: false,
      ownerAddress: false,
      backupContacts: false,
    };
    const pet = await insertPet(app.database.db, ownerId, { name: 'Nube', isMissing: true, publicPage: hidden });
    const page = shown((await render(request(pet.id, undefined, {}, { lang: 'es' })))?.body);
    expect(page).toContain(
      'El dueño prefiere no mostrar sus datos: con «Escribir al dueño» le escribes a través de Homeward.',
    );
    expect(page).not.toContain('Datos de contacto confirmados');
    // Nor is the finder told to call an owner whose phone is not on the page.
    expect(page).toContain('Si has encontrado a Nube, escribe a su dueño o comparte dónde estaba.');
    // One detail shown: the list, and when it was confirmed.
    const named = await insertPet(app.database.db, ownerId, {
      isMissing: true,
      ownerName: 'Ana',
      publicPage: { ...hidden, ownerName: true },
    });
    const withName = shown((await render(request(named.id)))?.body);
    expect(withName).toContain('Ana');
    expect(withName).not.toContain('keeps their details private');
    expect(withName).toContain('Contact details confirmed');
  });

  it('when a pet name holds markup, then it is shown as text and cannot end the data block', async () => {
    const pet = await insertPet(app.database.db, ownerId, { name: '</script><img src=x onerror=alert(1)>' });
    const page = await render(request(pet.id));
    expect(page?.body).not.toContain('<img src=x');
    // The pet's data and the page's words: two blocks, each closed once.
    expect(page?.body.match(/<\/script>/g)).toHaveLength(2);
  });

  it('when the visitor is signed in, then the plain app is served', async () => {
    const pet = await insertPet(app.database.db, ownerId);
    expect(await render(request(pet.id, 'homeward.sid=s%3Aabc'))).toBeUndefined();
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])(
    'when the code %s leads to no pet, then the page says so, in the finder’s language, and answers 404',
    async (id) => {
      const page = await render(request(id, undefined, { 'accept-language': 'es' }));
      expect(page?.status).toBe(404);
      expect(page?.lang).toBe('es');
      expect(page?.body).toContain('<h1 class="font-bold text-2xl">');
      const english = await render(request(id));
      expect(english?.title).toBe('Pet Not Found · Homeward');
      expect(english?.body).toContain('This QR code is not linked to any pet profile.');
      expect(page?.body).not.toContain('This QR code is not linked to any pet profile.');
    },
  );
});
