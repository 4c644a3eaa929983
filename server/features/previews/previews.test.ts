import { eq } from 'drizzle-orm';
import type { Request } from 'express';
import ogs from 'open-graph-scraper';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_DEFAULTS } from '../../../shared/contracts/pets';
import type { FoundPreview, PetPreview } from '../../../shared/contracts/previews';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { rateLimits } from '../../../shared/schema';
import { insertPet, type OwnerSession, signedInOwner } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { fillTemplate } from '../../client-assets';
import { dataUrl, png } from '../pets/test-images';
import { scanPrerender } from '../scan/scan-prerender';
import { canDraw } from './card-fonts';
import { foundCardWords } from './found-card-words';
import { petPreviewWords } from './pet-preview-words';
import { drawCard, drawFoundCard, squarePhoto } from './preview-card';
import { previewDescription } from './previews.presenter';
import { CARD_DRAW_LIMIT } from './previews.service';

let app: TestApp;
let owner: OwnerSession;
// Every request here comes from this address, whose card allowance one test spends: on PostgreSQL
// the counter outlives the run, so it is cleared before and after.
const CARD_COUNTER = `${CARD_DRAW_LIMIT.name}:127.0.0.1`;
const clearCardCounter = () => app.database.db.delete(rateLimits).where(eq(rateLimits.key, CARD_COUNTER));

beforeAll(async () => {
  app = await startTestApp();
  owner = await signedInOwner(app);
  await clearCardCounter();
});
afterAll(() => app?.close());

// The page template as the client build writes it: the scan page is served inside it.
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Homeward</title></head>' +
  '<body><div id="root"></div><script type="module" crossorigin src="/assets/main.js"></script></body></html>';

/** The scan page's HTML as an unfurler receives it: no cookie, no script run; `query` as the shared link had it. */
async function scanPageHtml(petId: string, query: Record<string, string> = {}) {
  const req = { params: { id: petId }, query, get: () => undefined } as unknown as Request;
  const page = await scanPrerender(app.services).render(req);
  if (!page) throw new Error('no page rendered');
  return fillTemplate(TEMPLATE, page, { url: '/assets/scan.js', imports: [], stylesheets: [] });
}

/** What an independent Open Graph parser reads from the scan page. */
async function unfurl(petId: string, query: Record<string, string> = {}) {
  const { result } = await ogs({ html: await scanPageHtml(petId, query) });
  return result;
}

async function createPet(body: Record<string, unknown>) {
  const res = await owner.post('/api/pets', {
    name: 'Mochi',
    species: 'dog',
    breed: 'Beagle',
    ownerName: 'Alex Tester',
    ownerPhone: '555-0177',
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; shortCode: string };
}

describe('a link to a pet’s scan page, unfurled', () => {
  it('when the pet is missing, then the preview says so with where and when it was last seen, and its card is a 1200×630 image', async () => {
    const pet = await createPet({
      isMissing: true,
      lastSeenLocation: 'Maple Park',
      lastSeenDate: '2026-11-20',
      photoUrl: dataUrl('image/png', png(400, 300, [200, 120, 40])),
    });
    const tags = await unfurl(pet.id);
    expect(tags.ogTitle).toBe('Mochi is missing');
    expect(tags.ogDescription).toBe(
      'Dog · Beagle. Last seen near Maple Park on November 20, 2026. Please share and help Mochi get home.',
    );
    expect(tags.ogUrl).toBe(`${app.url}/scan/${pet.id}`);
    expect(tags.ogType).toBe('website');
    expect(tags.ogLocale).toBe('en_US');
    expect(tags.twitterCard).toBe('summary_large_image');
    const [image] = tags.ogImage ?? [];
    expect(image.url).toMatch(new RegExp(`^${app.url}/api/pets/${pet.id}/card\\.jpg\\?v=[0-9a-f]{16}&lang=en$`));
    expect([image.width, image.height]).toEqual(['1200', '630']);

    const res = await fetch(image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const bytes = Buffer.from(await res.arrayBuffer());
    const { width, height, format } = await sharp(bytes).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'jpeg' });
    // The photo is on the card: its left half is the photo's orange, not the plain initial's grey.
    const { dominant } = await sharp(bytes).extract({ left: 0, top: 0, width: 600, height: 630 }).stats();
    expect(dominant.r).toBeGreaterThan(dominant.b + 80);

    // Asked again with the version it holds, a client downloads nothing.
    const again = await fetch(image.url, { headers: { 'If-None-Match': res.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });

  it('when the link names a language, then the preview and its card speak it, and the link it gives keeps it', async () => {
    const pet = await createPet({ isMissing: true, lastSeenLocation: 'Maple Park', lastSeenDate: '2026-11-20' });
    const english = await unfurl(pet.id);
    const german = await unfurl(pet.id, { lang: 'de' });
    expect(german.ogTitle).toBe('Mochi wird vermisst');
    expect(german.ogDescription).toBe(
      'Hund · Beagle. Zuletzt gesehen: Maple Park, 20. November 2026. Bitte teilen Sie dies und helfen Sie Mochi, nach Hause zu finden.',
    );
    expect(german.ogLocale).toBe('de_DE');
    expect(german.ogUrl).toBe(`${app.url}/scan/${pet.id}?lang=de`);
    expect(german.ogImage?.[0].alt).toBe('VERMISST: Mochi, Hund · Beagle');
    // The page's own description, for what reads it rather than the tags, is the same.
    const req = { params: { id: pet.id }, query: { lang: 'de' }, get: () => undefined } as unknown as Request;
    expect((await scanPrerender(app.services).render(req))?.description).toBe(german.ogDescription);

    // Each language's card under its own address, drawn in its words.
    const cards = await Promise.all(
      [english, german].map(async (tags) => {
        const url = tags.ogImage?.[0].url ?? '';
        const res = await fetch(url);
        expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
        return { url, bytes: Buffer.from(await res.arrayBuffer()) };
      }),
    );
    expect(cards[1].url).toMatch(/&lang=de$/);
    expect(cards[1].url).not.toBe(cards[0].url);
    expect(cards[1].bytes.equals(cards[0].bytes)).toBe(false);

    const chinese = await unfurl(pet.id, { lang: 'zh-Hans' });
    expect(chinese.ogTitle).toBe('Mochi走失了');
    expect(chinese.ogDescription).toBe('狗 · Beagle。最后出现：Maple Park，2026年11月20日。请转发，帮助Mochi回家。');
    expect((await fetch(chinese.ogImage?.[0].url ?? '')).status).toBe(200);
  });

  it('when the owner changes where the pet was last seen, then the preview links a new card, drawn anew', async () => {
    const pet = await createPet({ isMissing: true, lastSeenLocation: 'Maple Park', lastSeenDate: '2026-11-20' });
    const before = (await unfurl(pet.id)).ogImage?.[0].url ?? '';
    const oldCard = Buffer.from(await (await fetch(before)).arrayBuffer());
    expect((await owner.patch(`/api/pets/${pet.id}`, { lastSeenLocation: 'Harbour Road' })).status).toBe(200);
    const after = await unfurl(pet.id);
    expect(after.ogDescription).toContain('Last seen near Harbour Road');
    const now = after.ogImage?.[0].url ?? '';
    expect(now).not.toBe(before);
    const newCard = Buffer.from(await (await fetch(now)).arrayBuffer());
    expect(newCard.equals(oldCard)).toBe(false);
    // The old address (say, in a chat that unfurled it before) gets the card as it is now, revalidated.
    const old = await fetch(before);
    expect(old.headers.get('cache-control')).not.toContain('immutable');
    expect(Buffer.from(await old.arrayBuffer()).equals(newCard)).toBe(true);
  });

  it.each([
    ['English', 'Near the fountain', 'Last seen near the fountain on'],
    ['English, other words', 'close to the old mill', 'Last seen close to the old mill on'],
    ['Spanish', 'Cerca de la fuente', 'Last seen cerca de la fuente on'],
    ['French', 'Près de la fontaine', 'Last seen près de la fontaine on'],
    ['German', 'In der Nähe des Brunnens', 'Last seen in der Nähe des Brunnens on'],
    ['Portuguese', 'Perto da fonte', 'Last seen perto da fonte on'],
    ['Simplified Chinese', '喷泉附近', 'Last seen 喷泉附近 on'],
    ['a place that only begins like the word', 'Nearside Road', 'Last seen near Nearside Road on'],
  ])(
    'when the owner’s place already says near (%s), then the preview does not say it twice',
    async (_language, place, said) => {
      const pet = await createPet({ isMissing: true, lastSeenLocation: place, lastSeenDate: '2026-11-20' });
      const tags = await unfurl(pet.id);
      expect(tags.ogDescription).toContain(`${said} November 20, 2026.`);
      expect(tags.twitterDescription).toContain(said);
    },
  );

  it('when the pet is safe, then the preview says it is safe and tells nothing of where it was last seen', async () => {
    const pet = await createPet({ isMissing: false, lastSeenLocation: 'Maple Park', lastSeenDate: '2026-11-20' });
    const tags = await unfurl(pet.id);
    expect(tags.ogTitle).toBe('Mochi is safe');
    expect(tags.ogDescription).toBe('Dog · Beagle. Mochi is safe at home with their family.');
    const html = await scanPageHtml(pet.id);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/Maple Park|2026|November/);
    expect((await app.services.pets.preview(pet.id))?.lastSeenLocation).toBeNull();
    const card = await fetch(tags.ogImage?.[0].url ?? '');
    expect(card.status).toBe(200);
  });

  it('when the owner hides every detail from strangers, then neither the tags nor what the card is drawn from carry one', async () => {
    const hidden = Object.fromEntries(Object.keys(PUBLIC_PAGE_DEFAULTS).map((key) => [key, false]));
    const pet = await insertPet(app.database.db, owner.user.id, {
      name: 'Pepper',
      isMissing: true,
      lastSeenLocation: 'Elm Street',
      ownerName: 'Jordan Hidden',
      ownerPhone: '555-0123',
      ownerEmail: 'jordan@example.com',
      ownerAddress: '9 Secret Lane',
      medicalNotes: 'Needs insulin',
      publicPage: hidden as typeof PUBLIC_PAGE_DEFAULTS,
    });
    const html = await scanPageHtml(pet.id);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('Pepper is missing');
    // The phone whole and as bare digits: a fragment such as '555' may be part of the server's port.
    for (const secret of [
      'Jordan',
      '555-0123',
      '5550123',
      'jordan@example.com',
      'Secret Lane',
      'insulin',
      'Happy Paws',
    ])
      expect(head).not.toContain(secret);
    const preview = await app.services.pets.preview(pet.id);
    expect(Object.keys(preview ?? {}).sort()).toEqual(
      [
        'breed',
        'homeSafe',
        'id',
        'isMissing',
        'lastSeenDate',
        'lastSeenLocation',
        'name',
        'photoHash',
        'species',
        'tagCode',
      ].sort(),
    );
  });

  it('when a pet’s name is markup, then the tags hold it as text that an unfurler reads back whole', async () => {
    // Within the 50 characters a name may have; the script comes in the place words.
    const name = `"><meta property="og:title" content="Free money`;
    const place = `<script>alert('x')</script><b>Park</b> & "Lake"`;
    const pet = await createPet({ name, isMissing: true, lastSeenLocation: place });
    const html = await scanPageHtml(pet.id);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('<script>alert');
    expect(head.match(/<meta property="og:title"/g)).toHaveLength(1);
    const tags = await unfurl(pet.id);
    expect(tags.ogTitle).toBe(`${name} is missing`);
    expect(tags.ogDescription).toContain(`Last seen near ${place}.`);
    expect((await fetch(tags.ogImage?.[0].url ?? '')).status).toBe(200);
  });

  it('when the link is opened by a signed-in visitor, then the app page they get carries the same tags', async () => {
    const pet = await createPet({ isMissing: true, lastSeenLocation: 'Maple Park' });
    const signedIn = {
      params: { id: pet.id },
      query: {},
      get: (name: string) => (name === 'cookie' ? 'homeward.sid=s%3Aabc' : undefined),
    } as unknown as Request;
    const prerender = scanPrerender(app.services);
    expect(await prerender.render(signedIn)).toBeUndefined();
    const { result } = await ogs({ html: `<html><head>${await prerender.appHead?.(signedIn)}</head></html>` });
    expect(result.ogTitle).toBe('Mochi is missing');
    expect(result.ogImage?.[0].url).toContain(`/api/pets/${pet.id}/card.jpg?v=`);
  });

  it('when a name carries emoji, which the shipped font lacks, then the card leaves them out rather than draw empty boxes', async () => {
    const pet = await createPet({ name: 'Bella', isMissing: true, lastSeenLocation: 'Maple Park' });
    const preview = await app.services.pets.preview(pet.id);
    if (!preview) throw new Error('no preview');
    const plain = await drawCard(preview, undefined, 'en');
    expect(await drawCard({ ...preview, name: 'Bella 🐶🇬🇧' }, undefined, 'en')).toEqual(plain);
    expect(await drawCard({ ...preview, name: 'Bello' }, undefined, 'en')).not.toEqual(plain);
    // A name in Cyrillic, Polish or Vietnamese is in the font: drawn, and differently from another.
    const cyrillic = await drawCard({ ...preview, name: 'Жучка' }, undefined, 'en');
    expect((await sharp(cyrillic).metadata()).width).toBe(1200);
    expect(cyrillic).not.toEqual(await drawCard({ ...preview, name: 'Жучко' }, undefined, 'en'));
  });

  it('when a place is one long word, then it breaks within the words’ column and the photo keeps its whole square', async () => {
    const pet = await createPet({ name: 'Bella', isMissing: true, lastSeenLocation: 'Maple Park' });
    const preview = await app.services.pets.preview(pet.id);
    if (!preview) throw new Error('no preview');
    const photo = await squarePhoto(png(400, 300, [200, 120, 40]));
    const card = await drawCard(
      { ...preview, lastSeenLocation: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch'.repeat(2) },
      photo,
      'en',
    );
    // The photo's last columns, just left of where the words begin, are still its orange.
    const { dominant } = await sharp(card).extract({ left: 610, top: 0, width: 15, height: 630 }).stats();
    expect(dominant.r).toBeGreaterThan(dominant.b + 80);
  });

  it('when a name or a place is in a script the shipped fonts lack (Hebrew, Arabic, Hangul), then the card leaves it out rather than draw empty boxes', async () => {
    const pet = await createPet({ name: 'Bella', isMissing: true, lastSeenLocation: 'Maple Park' });
    const preview = await app.services.pets.preview(pet.id);
    if (!preview) throw new Error('no preview');
    const plain = await drawCard(preview, undefined, 'en');
    expect(
      await drawCard({ ...preview, name: 'Bella שוקו', lastSeenLocation: 'Maple Park 보리' }, undefined, 'en'),
    ).toEqual(plain);
    // Hangul the Chinese font's package lists in its parts' ranges, and has no glyph for.
    expect(await drawCard({ ...preview, lastSeenLocation: 'Maple Park 강남역' }, undefined, 'en')).toEqual(plain);
    // A name of such letters alone leaves the big initial blank, not a box.
    expect(await drawCard({ ...preview, name: 'مشمش' }, undefined, 'en')).toEqual(
      await drawCard({ ...preview, name: '' }, undefined, 'en'),
    );
  });

  it('when a name is in Chinese, then the card draws its characters, not the same empty box for each', async () => {
    const pet = await createPet({ name: 'Bella', isMissing: true, lastSeenLocation: '人民公园' });
    const preview = await app.services.pets.preview(pet.id);
    if (!preview) throw new Error('no preview');
    // Two names of two characters each: drawn as boxes, they would be the same picture.
    expect(await drawCard({ ...preview, name: '小白' }, undefined, 'en')).not.toEqual(
      await drawCard({ ...preview, name: '小黑' }, undefined, 'en'),
    );
  });

  it.each([
    ['an unknown pet', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-pet'],
  ])('when the card of %s is asked for, then the answer is 404', async (_what, id) => {
    const res = await fetch(`${app.url}/api/pets/${id}/card.jpg?v=0123456789abcdef`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  // Last: it spends this address's drawing allowance for the minute.
  it('when an address has had its cards for the minute, then a new card is refused with 429, and one already drawn is still served', async () => {
    const drawn = await createPet({ isMissing: true });
    const drawnCard = (await unfurl(drawn.id)).ogImage?.[0].url ?? '';
    expect((await fetch(drawnCard)).status).toBe(200);
    const fresh = await createPet({ isMissing: true, name: 'Pepper' });
    const freshCard = (await unfurl(fresh.id)).ogImage?.[0].url ?? '';
    try {
      for (let i = 0; i < CARD_DRAW_LIMIT.limit; i++) await app.services.rateLimits.hit(CARD_DRAW_LIMIT, '127.0.0.1');
      const refused = await fetch(freshCard);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
      expect((await fetch(drawnCard)).status).toBe(200);
    } finally {
      await clearCardCounter();
    }
  });
});

describe('a link to a page about many pets, unfurled', () => {
  it('when the lost-pets board, the found pets’ board or /found is shared, then it previews with its heading, its introduction in its language (its description too) and the app’s icon', async () => {
    const stranger = new Session(app.url);
    const pages = [
      {
        path: '/lost?lat=48.8566&lng=2.3522&lang=es',
        shared: '/lost?lat=48.8566&lng=2.3522&lang=es',
        title: 'Mascotas perdidas cerca',
        description: /^Mascotas reportadas como perdidas/,
        locale: 'es_ES',
      },
      {
        path: '/found-pets?lat=48.8566&lng=2.3522&lang=en',
        shared: '/found-pets?lat=48.8566&lng=2.3522&lang=en',
        title: 'Found Pets Nearby',
        description: /^Pets people found near a place/,
        locale: 'en_US',
      },
      // A refusal on /found is its own address: the link shared is the form's.
      {
        path: '/found?lang=pt',
        shared: '/found',
        title: 'Encontrou um pet?',
        description: /^Digite o código/,
        locale: 'pt_BR',
      },
    ];
    for (const { path, shared, title, description, locale } of pages) {
      const html = (await stranger.get(path)).text;
      const { result } = await ogs({ html });
      // A search engine's snippet is the page's own introduction too, in its language, given once.
      const contents = (tag: string) =>
        [...html.matchAll(new RegExp(`<meta ${tag} content="([^"]*)">`, 'g'))].map((match) => match[1]);
      expect(contents('name="description"'), path).toEqual(contents('property="og:description"'));
      // The locale as Open Graph writes it (language_TERRITORY), not the page's language tag.
      expect(result.ogLocale, path).toBe(locale);
      expect(result.ogTitle, path).toBe(title);
      expect(result.ogDescription, path).toMatch(description);
      expect(result.ogUrl, path).toBe(`${app.config.publicUrl}${shared}`);
      expect(result.ogImage?.[0]).toMatchObject({
        url: `${app.config.publicUrl}/icons/icon-512.png`,
        width: '512',
        height: '512',
      });
      expect(result.twitterCard).toBe('summary');
      expect((await stranger.raw('GET', path)).headers.get('x-robots-tag'), path).toBeNull();
    }
    // The image is what its tags say.
    const icon = await sharp('client/public/icons/icon-512.png').metadata();
    expect(icon).toMatchObject({ format: 'png', width: 512, height: 512 });
  });
});

describe('a found pet’s card', () => {
  const foundDog: FoundPreview = {
    id: '00000000-0000-4000-8000-000000000000',
    species: 'dog',
    colors: ['brown', 'white'],
    size: 'medium',
    location: 'Riverside park',
    foundAt: '2026-11-20T10:00:00.000Z',
    status: 'open',
    shelterName: null,
    photoUrl: null,
    lang: 'en',
  };

  it('when its page is in German, then the card’s words are German, and it is drawn other than the English card', async () => {
    expect(foundCardWords(foundDog)).toEqual({
      badge: 'FOUND',
      species: 'Dog',
      looks: 'Brown and white · Medium',
      heading: 'WHERE AND WHEN',
      where: 'Riverside park',
      when: 'November 20, 2026',
      foot: 'Is this your pet?',
    });
    const german = { ...foundDog, lang: 'de' } as const;
    expect(foundCardWords(german)).toEqual({
      badge: 'GEFUNDEN',
      species: 'Hund',
      looks: 'Braun und weiß · Mittel',
      heading: 'WO UND WANN',
      where: 'Riverside park',
      when: '20. November 2026',
      foot: 'Ist das Ihr Tier?',
    });
    const [english, drawnInGerman] = await Promise.all([
      drawFoundCard(foundDog, undefined),
      drawFoundCard(german, undefined),
    ]);
    expect((await sharp(drawnInGerman).metadata()).width).toBe(1200);
    const pixels = (card: Buffer) => sharp(card).raw().toBuffer();
    expect((await pixels(drawnInGerman)).equals(await pixels(english))).toBe(false);
  });

  it('when it is at a shelter, then the shelter to ask at is named in the card’s language', () => {
    const atShelter = { ...foundDog, status: 'shelter', shelterName: 'Tierheim Nord', lang: 'de' } as const;
    expect(foundCardWords(atShelter)).toMatchObject({
      badge: 'IM TIERHEIM',
      foot: 'Fragen Sie bei Tierheim Nord nach diesem Tier.',
    });
    expect(foundCardWords({ ...atShelter, shelterName: null, lang: 'fr' }).foot).toBe(
      'Renseignez-vous auprès des refuges proches.',
    );
  });

  it.each(LANGUAGES)(
    'when its page is in %s, then the shipped fonts draw every character of its words, whatever became of the pet',
    (lang) => {
      for (const status of ['open', 'reunited', 'shelter', 'expired'] as const) {
        const words = foundCardWords({ ...foundDog, status, shelterName: 'Eastside', lang });
        const undrawn = Array.from(Object.values(words).join('')).filter((char) => !canDraw(char));
        expect(undrawn, status).toEqual([]);
      }
    },
  );
});

describe('a pet’s card', () => {
  const mochi: PetPreview = {
    id: '00000000-0000-4000-8000-000000000000',
    name: 'Mochi',
    species: 'cat',
    breed: null,
    isMissing: true,
    homeSafe: false,
    lastSeenLocation: 'Riverside park',
    lastSeenDate: '2026-11-20',
    tagCode: 'ABC-DEFG',
    photoHash: null,
  };

  it.each(LANGUAGES)(
    'when its page is in %s, then the shipped fonts draw every character of its words, missing or safe',
    (lang) => {
      for (const isMissing of [true, false]) {
        const words = petPreviewWords({ ...mochi, isMissing }, lang);
        const undrawn = Array.from(Object.values(words).join('')).filter((char) => !canDraw(char));
        expect(undrawn, isMissing ? 'missing' : 'safe').toEqual([]);
      }
    },
  );

  it('when the place is long, then the description still gives the day and the plea to share', () => {
    const words = petPreviewWords(
      { ...mochi, breed: 'B'.repeat(100), lastSeenLocation: 'Behind the '.repeat(18) },
      'en',
    );
    const description = previewDescription(words);
    expect(description).toMatch(/… on November 20, 2026\. Please share and help Mochi get home\.$/);
    expect(description.length).toBeLessThanOrEqual(300);
    // The card has room for the place's own two lines.
    expect(words.where).toBe('Behind the '.repeat(18).trim());
  });

  it('when the pet is safe, then its words say nothing of where or when it was last seen', () => {
    const words = petPreviewWords({ ...mochi, isMissing: false }, 'fr');
    expect(words).toMatchObject({ title: 'Animal en sécurité : Mochi', badge: 'EN SÉCURITÉ' });
    expect(words.description).toBe('Chat. Mochi est en sécurité à la maison avec sa famille.');
  });
});
