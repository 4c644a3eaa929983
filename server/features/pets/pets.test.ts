import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PET_FIELDS } from '../../../shared/contracts/pets';
import { finderReports, petMembers, petPhotos, pets, sightings } from '../../../shared/schema';
import { eventually } from '../../../tests/support/eventually';
import { buildPet, insertPet, type OwnerSession, signedInOwner } from '../../../tests/support/factories';
import { expectRefusedForTheHour } from '../../../tests/support/rate-limit';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { NEW_PETS_LIMIT, PHOTO_UPLOADS_LIMIT } from './pets.routes';
import { photosBeingEncoded } from './photo-encoder';
import {
  dataUrl,
  decompressionBomb,
  describeImage,
  JPEG_3X2,
  jpegClaiming,
  phonePhotoWithGps,
  png,
  WEBP_LOSSLESS_3X2,
  WEBP_LOSSY_3X2,
} from './test-images';

// The spec's scan page: the owner's name, phone and e-mail, medical notes and special needs, with
// the backup contacts and the month the details were confirmed.
const SHOWN_BY_DEFAULT = [
  'ownerName',
  'ownerPhone',
  'ownerEmail',
  'medicalNotes',
  'specialNeeds',
  'backupContacts',
  'contactConfirmedMonth',
  'homeSafe',
  // The last-seen point's grid cell (null without a point): see lost-pets.test.ts.
  'lastSeenLat',
  'lastSeenLng',
  // Where and when, in the owner's words, while missing (null otherwise): see scan-prerender.test.ts.
  'lastSeenLocation',
  'lastSeenDate',
];

let app: TestApp;
let owner: OwnerSession;
let stranger: OwnerSession;
let ownerId: string;

beforeAll(async () => {
  app = await startTestApp();
  [owner, stranger] = await Promise.all([signedInOwner(app), signedInOwner(app)]);
  ownerId = owner.user.id;
});
afterAll(() => app?.close());

const db = () => app.database.db;
const anonymous = () => new Session(app.url);
const storedPet = async (id: string) => (await db().select().from(pets).where(eq(pets.id, id)))[0];
const countOf = async (session: Session) => (await session.get('/api/pets')).body.length as number;
/** GETs as a browser does, accepting gzip: answers the bytes on the wire and the decoded text. */
function downloadGzipped(session: Session, url: string) {
  const cookies = (session as unknown as { cookies: Map<string, string> }).cookies;
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise<{ encoding?: string; wire: number; text: string }>((resolve, reject) => {
    http
      .get(new URL(url, app.url), { headers: { cookie, 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = (encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');
          resolve({ encoding, wire: body.length, text });
        });
      })
      .on('error', reject);
  });
}
const MALFORMED_IDS = ['not-a-uuid', '123', '00000000-0000-0000-0000-00000000000g', '%27%20or%201%3D1'];

describe('creating a pet', () => {
  it('when an owner posts a pet, then it is stored as theirs and answered whole', async () => {
    const res = await owner.post('/api/pets', buildPet({ name: 'Rex' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Rex', species: 'dog', userId: ownerId, isMissing: false, newReports: 0 });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(res.body.createdAt)).not.toBeNaN();
    expect(res.body).not.toHaveProperty('photoHash');
    expect(res.body).not.toHaveProperty('reportsSeenAt');
  });

  it('when the body names another owner, an id or a creation date, then those are ignored', async () => {
    const otherId = stranger.user.id;
    const forgedId = crypto.randomUUID();
    const res = await owner.post('/api/pets', {
      ...buildPet(),
      id: forgedId,
      userId: otherId,
      createdAt: '2001-01-01T00:00:00.000Z',
      photoHash: 'abc',
      reportsSeenAt: '2001-01-01T00:00:00.000Z',
      newReports: 99,
      isAdmin: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(forgedId);
    expect(res.body.userId).toBe(ownerId);
    expect(res.body.createdAt).not.toContain('2001');
    expect(res.body.newReports).toBe(0);
    expect((await storedPet(res.body.id)).userId).toBe(ownerId);
  });

  it('when a one-line field is sent with line breaks, then each is stored as a space', async () => {
    const res = await owner.post('/api/pets', {
      ...buildPet({ name: 'Evil\r\nBcc: victim@example.com\r\n\r\nbody', breed: 'Lab\nmix' }),
      lastSeenLocation: 'By the\u2028park',
    });
    expect(res.status).toBe(201);
    expect(await storedPet(res.body.id)).toMatchObject({
      name: 'Evil Bcc: victim@example.com body',
      breed: 'Lab mix',
      lastSeenLocation: 'By the park',
    });
  });

  it('when a one-line field carries controls that reorder text, then they are left out and the rest kept', async () => {
    const res = await owner.post('/api/pets', buildPet({ name: 'Bella\u202Eolleh', breed: '\u2067كلب\u2069 mix' }));
    expect(res.status).toBe(201);
    expect(await storedPet(res.body.id)).toMatchObject({ name: 'Bellaolleh', breed: 'كلب mix' });
  });

  it('when optional fields are blank, then they are stored as null and text is trimmed', async () => {
    const res = await owner.post('/api/pets', {
      ...buildPet({ name: '  Pip  ', breed: '', age: '   ', ownerEmail: '', vetName: '', medicalNotes: '' }),
      lastSeenLocation: '',
      lastSeenDate: '',
      photoUrl: '',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Pip',
      breed: null,
      age: null,
      ownerEmail: null,
      vetName: null,
      medicalNotes: null,
      lastSeenLocation: null,
      lastSeenDate: null,
      photoUrl: null,
    });
  });

  it('when signed out, then creating answers 401', async () => {
    const res = await anonymous().post('/api/pets', buildPet());
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: 'Unauthorized' });
  });

  it('when required fields are missing or blank, then 400 names them and nothing is stored', async () => {
    const before = await countOf(owner);
    // A zero-width space is as blank as spaces: it would show as a pet without a name.
    const res = await owner.post('/api/pets', {
      ...buildPet(),
      name: '   ',
      ownerName: '\u200b',
      ownerPhone: undefined,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('name: Required');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['name', 'ownerName', 'ownerPhone']);
    expect(await countOf(owner)).toBe(before);
  });

  it('when a field is too long, then 400 says so and nothing is stored', async () => {
    const before = await countOf(owner);
    const res = await owner.post('/api/pets', buildPet({ breed: 'x'.repeat(10_000) }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('breed: Must be 200 characters or fewer');
    expect(await countOf(owner)).toBe(before);
  });

  it('when the owner gives the pet’s sex, then it is stored, edited and cleared; any other value is refused with 400 and nothing stored; strangers never see it', async () => {
    const before = await countOf(owner);
    for (const sex of ['unknown', 'Male', '', 1]) {
      const res = await owner.post('/api/pets', { ...buildPet(), sex });
      expect(res.status, String(sex)).toBe(400);
      expect(res.body.message).toBe('sex: Sex must be male or female, or null when unknown');
    }
    expect(await countOf(owner)).toBe(before);
    const created = await owner.post('/api/pets', buildPet({ sex: 'female' }));
    expect(created.status).toBe(201);
    expect(created.body.sex).toBe('female');
    const id = created.body.id;
    expect((await owner.patch(`/api/pets/${id}`, { sex: 'male' })).body.sex).toBe('male');
    expect((await owner.patch(`/api/pets/${id}`, { sex: 'neutered' })).status).toBe(400);
    expect((await storedPet(id)).sex).toBe('male');
    expect((await owner.get(`/api/pets/${id}`)).body.sex).toBe('male');
    expect(
      await anonymous()
        .get(`/api/pets/${id}`)
        .then((r) => r.body),
    ).not.toHaveProperty('sex');
    expect((await owner.patch(`/api/pets/${id}`, { sex: null })).body.sex).toBeNull();
  });

  it('when a name is longer than a phone screen should hold, then 400 says how long it may be and nothing is stored', async () => {
    const before = await countOf(owner);
    const long = await owner.post('/api/pets', buildPet({ name: 'N'.repeat(51) }));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('name: Must be 50 characters or fewer');
    const owner101 = await owner.post('/api/pets', buildPet({ ownerName: 'O'.repeat(101) }));
    expect(owner101.body.message).toBe('ownerName: Must be 100 characters or fewer');
    expect(await countOf(owner)).toBe(before);
    expect((await owner.post('/api/pets', buildPet({ name: 'N'.repeat(50) }))).status).toBe(201);
  });

  it('when a phone number has too few digits to dial, then 400 says so and nothing is stored', async () => {
    const before = await countOf(owner);
    // Call Owner would dial '3' for the first: the finder's one button must reach someone.
    for (const ownerPhone of ['<script>alert(3)</script>', 'call my mobile', '555-12']) {
      const res = await owner.post('/api/pets', buildPet({ ownerPhone }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('ownerPhone: Phone number must contain at least 7 digits');
    }
    const vet = await owner.post('/api/pets', buildPet({ vetPhone: 'ask at the desk' }));
    expect(vet.body.message).toBe('vetPhone: Phone number must contain at least 7 digits');
    expect(await countOf(owner)).toBe(before);

    // Written as people write them, with a country code or without a vet, numbers are welcome.
    const ok = await owner.post('/api/pets', buildPet({ ownerPhone: '+44 (20) 7946-0958', vetPhone: '' }));
    expect(ok.status).toBe(201);
    const edit = await owner.patch(`/api/pets/${ok.body.id}`, { ownerPhone: 'none' });
    expect(edit.status).toBe(400);
    expect((await storedPet(ok.body.id)).ownerPhone).toBe('+44 (20) 7946-0958');
  });

  it('when the e-mail is not an address, then 400 says so and nothing is stored: the scan page would link to no one', async () => {
    const before = await countOf(owner);
    for (const ownerEmail of ['not-an-email', 'a@b', 'one@example.com, two@example.com']) {
      const res = await owner.post('/api/pets', buildPet({ ownerEmail }));
      expect([res.status, res.body.message]).toEqual([400, 'ownerEmail: Must be an email address']);
    }
    expect(await countOf(owner)).toBe(before);
    const ok = await owner.post('/api/pets', buildPet({ ownerEmail: 'jo@example.com' }));
    expect(ok.status).toBe(201);
    expect((await owner.patch(`/api/pets/${ok.body.id}`, { ownerEmail: 'nope' })).status).toBe(400);
    expect((await owner.patch(`/api/pets/${ok.body.id}`, { ownerEmail: '' })).status).toBe(200);
    expect((await storedPet(ok.body.id)).ownerEmail).toBeNull();
  });

  it('when the body is hostile in any shape, then it answers 400, never 500, and stores nothing', async () => {
    const before = await countOf(owner);
    const valid = buildPet();
    const bodies: unknown[] = [
      [],
      [valid],
      'null',
      '"a string"',
      '42',
      '{"name": "unterminated',
      { ...valid, name: 42 },
      { ...valid, name: ['Rex'] },
      { ...valid, name: { first: 'Rex' } },
      { ...valid, name: null },
      { ...valid, species: true },
      { ...valid, isMissing: 'yes' },
      { ...valid, isMissing: null },
      { ...valid, breed: { $ne: null } },
      { ...valid, ownerPhone: 'x'.repeat(10_000) },
      { ...valid, medicalNotes: 'x'.repeat(10_000) },
      { ...valid, photoUrl: 123 },
      { ...valid, photoUrl: ['data:image/png;base64,AAAA'] },
      { ...valid, photoUrl: 'x'.repeat(1_500_000) },
      { ...valid, name: '\u0000' },
      `{"__proto__": {"isAdmin": true}, "name": 1}`,
      `{"constructor": {"prototype": {"polluted": true}}, "species": []}`,
    ];
    for (const body of bodies) {
      const res = await owner.post('/api/pets', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await countOf(owner)).toBe(before);
  });

  it('when a __proto__ key rides along a valid pet, then it is dropped and the pet is stored', async () => {
    const res = await owner.post('/api/pets', `{"__proto__": {"userId": "x"}, ${JSON.stringify(buildPet()).slice(1)}`);
    expect(res.status).toBe(201);
    expect(res.body.userId).toBe(ownerId);
  });

  it('when the body is larger than the limit, then it answers 413', async () => {
    const res = await owner.post('/api/pets', { ...buildPet(), medicalNotes: 'x'.repeat(3 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'payload_too_large' });
  });

  it('when the body is not JSON, then it answers 415', async () => {
    const res = await owner.request('POST', '/api/pets', 'name=Rex', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
  });
});

describe('how many pets an owner may add', () => {
  it('when an owner adds more than 100 pets in an hour, then 429 with Retry-After and a sentence, nothing stored, and others unaffected', async () => {
    expect(NEW_PETS_LIMIT).toEqual({ limit: 100, windowMs: 3_600_000 });
    const hurried = await signedInOwner(app);
    for (let i = 0; i < NEW_PETS_LIMIT.limit; i++) {
      const res = await hurried.post('/api/pets', buildPet());
      expect(res.status, `pet ${i + 1}`).toBe(201);
    }

    const refused = await hurried.post('/api/pets', buildPet({ name: 'One Too Many' }));

    expectRefusedForTheHour(refused, 'You have added a lot of pets in the last hour. Please try again in 60 minutes.');
    expect(await countOf(hurried)).toBe(NEW_PETS_LIMIT.limit);
    // An invalid pet is still told what is wrong with it, and edits are not new pets.
    expect((await hurried.post('/api/pets', { name: '' })).status).toBe(400);
    const [first] = (await hurried.get('/api/pets')).body;
    expect((await hurried.patch(`/api/pets/${first.id}`, { ...buildPet(), name: 'Renamed' })).status).toBe(200);
    // The quota is each owner's own.
    expect((await stranger.post('/api/pets', buildPet())).status).toBe(201);
    // A hundred real requests through the whole stack: on a busy machine that takes longer than the default.
  }, 90_000);
});

describe('how many photos an owner may upload', () => {
  it('when an owner uploads more photos in an hour than the limit, then 429 with a sentence; edits without a photo and other owners go on', async () => {
    const uploader = await signedInOwner(app);
    const pet = await insertPet(app.database.db, uploader.user.id);
    const photo = dataUrl('image/jpeg', JPEG_3X2);
    for (let i = 0; i < PHOTO_UPLOADS_LIMIT.limit; i++)
      expect((await uploader.patch(`/api/pets/${pet.id}`, { photoUrl: photo })).status, `upload ${i + 1}`).toBe(200);

    const refused = await uploader.patch(`/api/pets/${pet.id}`, { photoUrl: photo, name: 'Not Saved' });
    expectRefusedForTheHour(
      refused,
      'You have uploaded a lot of photos in the last hour. Please try again in 60 minutes.',
    );
    expect((await uploader.post('/api/pets', buildPet({ photoUrl: photo }))).status).toBe(429);
    expect((await uploader.get(`/api/pets/${pet.id}`)).body.name).not.toBe('Not Saved');
    expect((await uploader.patch(`/api/pets/${pet.id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await stranger.post('/api/pets', buildPet({ photoUrl: photo }))).status).toBe(201);
  }, 90_000);

  it('when four owners upload large photos at once, then they are encoded one at a time and a finder’s read still answers meanwhile', async () => {
    const big = dataUrl('image/png', png(2000, 2000));
    const uploaders = await Promise.all(Array.from({ length: 4 }, () => signedInOwner(app)));
    const found = await insertPet(app.database.db, owner.user.id, { isMissing: true });
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, photosBeingEncoded());
    }, 2);
    const uploads = Promise.all(uploaders.map((uploader) => uploader.post('/api/pets', buildPet({ photoUrl: big }))));
    const read = await eventually(
      () => anonymous().get(`/api/pets/${found.id}`),
      () => most > 0,
    );
    expect(read.status, 'the public read answers while photos are encoded').toBe(200);
    const answers = await uploads;
    clearInterval(sampler);
    expect(answers.map((res) => res.status)).toEqual(Array(4).fill(201));
    expect(most).toBe(1);
  }, 90_000);
});

describe('pet photos', () => {
  const createWithPhoto = (photoUrl: string) => owner.post('/api/pets', buildPet({ photoUrl }));

  const download = async (url: string) => {
    const res = await anonymous().raw('GET', url);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('when a JPEG is uploaded, then responses link to it and the route serves it as a JPEG, cacheably', async () => {
    const created = await createWithPhoto(dataUrl('image/jpeg', JPEG_3X2));
    expect(created.status).toBe(201);
    const { id, photoUrl } = created.body;
    expect(photoUrl).toMatch(new RegExp(`^/api/pets/${id}/photo\\?v=[0-9a-f]{16}$`));
    expect((await owner.get(`/api/pets/${id}`)).body.photoUrl).toBe(photoUrl);

    // Public, as the scan page needs it.
    const { res, bytes } = await download(photoUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await describeImage(bytes)).toMatchObject({ format: 'jpeg', width: 3, height: 2 });
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{16}-800"$/);

    const again = await anonymous().raw('GET', photoUrl, { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it.each([
    ['image/png', png(4, 3)],
    ['image/webp', WEBP_LOSSY_3X2],
    ['image/webp', WEBP_LOSSLESS_3X2],
  ])('when a %s is uploaded, then it is served as a JPEG of the same size', async (type, bytes) => {
    const created = await createWithPhoto(dataUrl(type, bytes));
    expect(created.status).toBe(201);
    const served = await download(created.body.photoUrl);
    expect(served.res.headers.get('content-type')).toBe('image/jpeg');
    const { width, height } = await describeImage(bytes);
    expect(await describeImage(served.bytes)).toMatchObject({ format: 'jpeg', width, height });
  });

  it('when a phone photo with its GPS position is uploaded, then what anyone downloads has no EXIF, and stands upright', async () => {
    const original = await phonePhotoWithGps();
    expect(await describeImage(original)).toMatchObject({ hasExif: true, orientation: 6, width: 1200, height: 900 });
    const created = await createWithPhoto(dataUrl('image/jpeg', original));
    expect(created.status).toBe(201);

    const full = await download(created.body.photoUrl);
    expect(await describeImage(full.bytes)).toEqual({
      format: 'jpeg',
      width: 600,
      height: 800,
      hasExif: false,
      orientation: undefined,
    });
    expect(full.bytes.includes('HomewardTestPhone')).toBe(false);
    const thumbnail = await download(`${created.body.photoUrl}&size=160`);
    expect(thumbnail.res.headers.get('etag')).not.toBe(full.res.headers.get('etag'));
    expect(await describeImage(thumbnail.bytes)).toMatchObject({ width: 120, height: 160, hasExif: false });
    // The scan page's round photo on a phone: a quarter of the full photo's pixels.
    const medium = await download(`${created.body.photoUrl}&size=320`);
    expect(await describeImage(medium.bytes)).toMatchObject({ width: 240, height: 320, hasExif: false });
    expect(medium.bytes.length).toBeLessThan(full.bytes.length / 2);
  });

  it('when the size asked for is not one the photo comes in, then 400 says which ones it does', async () => {
    const created = await createWithPhoto(dataUrl('image/png', png(4, 3)));
    for (const size of ['abc', '1600', '']) {
      const res = await anonymous().get(`${created.body.photoUrl}&size=${size}`);
      expect(res.status, size).toBe(400);
      expect(res.body.message).toBe('size: size must be 160, 320 or 800');
    }
    const twice = await anonymous().get(`${created.body.photoUrl}&size=160&size=800`);
    expect([twice.status, twice.body.message]).toEqual([400, 'size: Given more than once']);
  });

  it('when a photo was stored before uploads were re-encoded, then it is still served, in every size, without its EXIF', async () => {
    const pet = await insertPet(db(), ownerId);
    const data = await phonePhotoWithGps();
    await db().insert(petPhotos).values({ petId: pet.id, contentType: 'image/jpeg', hash: 'a1b2c3d4e5f60718', data });
    await db().update(pets).set({ photoHash: 'a1b2c3d4e5f60718' }).where(eq(pets.id, pet.id));
    const { photoUrl } = (await owner.get(`/api/pets/${pet.id}`)).body;

    const thumbnail = await download(`${photoUrl}&size=160`);
    expect(thumbnail.res.status).toBe(200);
    expect(await describeImage(thumbnail.bytes)).toMatchObject({ width: 120, height: 160, hasExif: false });
    const medium = await download(`${photoUrl}&size=320`);
    expect(await describeImage(medium.bytes)).toMatchObject({ width: 240, height: 320, hasExif: false });
    const full = await download(photoUrl);
    expect(await describeImage(full.bytes)).toMatchObject({ width: 600, height: 800, hasExif: false });
  });

  it.each([
    ['a PNG labelled as JPEG', dataUrl('image/jpeg', png(2, 2)), 'Photo is not a valid JPEG, PNG or WebP image'],
    ['a JPEG labelled as WebP', dataUrl('image/webp', JPEG_3X2), 'Photo is not a valid JPEG, PNG or WebP image'],
    [
      'text labelled as PNG',
      dataUrl('image/png', Buffer.from('hello, not an image')),
      'Photo is not a valid JPEG, PNG or WebP image',
    ],
    [
      'a truncated PNG',
      dataUrl('image/png', png(2, 2).subarray(0, 20)),
      'Photo is not a valid JPEG, PNG or WebP image',
    ],
    ['garbage base64', 'data:image/png;base64,@@not*base64!!', 'Photo data is not valid base64'],
    ['badly padded base64', 'data:image/png;base64,AAAAA', 'Photo data is not valid base64'],
    ['an SVG', dataUrl('image/svg+xml', Buffer.from('<svg/>')), 'Photo must be a JPEG, PNG or WebP image'],
    ['a GIF', dataUrl('image/gif', Buffer.from('GIF89a')), 'Photo must be a JPEG, PNG or WebP image'],
    ['a data URL without base64', 'data:image/png,abc', 'Photo must be a JPEG, PNG or WebP image'],
    [
      'an image wider than 4000 px',
      dataUrl('image/png', png(4001, 1)),
      'Photo is too large: 4000 pixels per side at most',
    ],
    [
      'a JPEG taller than 4000 px',
      dataUrl('image/jpeg', jpegClaiming(10, 5000)),
      'Photo is too large: 4000 pixels per side at most',
    ],
    ['a JPEG claiming 0 px', dataUrl('image/jpeg', jpegClaiming(0, 0)), 'Photo is not a valid JPEG, PNG or WebP image'],
    [
      'a PNG whose pixels are cut off',
      dataUrl('image/png', png(40, 40, [1, 2, 3]).subarray(0, 60)),
      'Photo is not a valid JPEG, PNG or WebP image',
    ],
    [
      'a decompression bomb (a small PNG declaring 20000x20000 pixels)',
      dataUrl('image/png', decompressionBomb()),
      'Photo is too large: 4000 pixels per side at most',
    ],
    [
      'more than 1 MB',
      dataUrl('image/jpeg', Buffer.concat([JPEG_3X2, Buffer.alloc(1_048_400)])),
      'Photo is too large: 1 MB at most',
    ],
    ['an http link', 'http://example.com/rex.jpg', 'Photo must be a JPEG, PNG or WebP image or an https link'],
    ['a javascript link', 'javascript:alert(1)', 'Photo must be a JPEG, PNG or WebP image or an https link'],
    ['a relative path', '/etc/passwd', 'Photo must be a JPEG, PNG or WebP image or an https link'],
    [
      'a short link that escaping makes long',
      `https://example.com/${'"'.repeat(1000)}`,
      'Photo must be a JPEG, PNG or WebP image or an https link',
    ],
    ['another pet’s photo link', `/api/pets/${crypto.randomUUID()}/photo?v=abc`, 'Photo link belongs to another pet'],
  ])('when the photo is %s, then 400 explains it and nothing is stored', async (_what, photoUrl, message) => {
    const before = await countOf(owner);
    const res = await createWithPhoto(photoUrl);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual([{ path: 'photoUrl', message }]);
    expect(await countOf(owner)).toBe(before);
  });

  it('when the photo is an https link, then it is kept as given and no photo route serves it', async () => {
    const created = await createWithPhoto('https://images.example.com/rex.jpg');
    expect(created.body.photoUrl).toBe('https://images.example.com/rex.jpg');
    expect((await anonymous().get(`/api/pets/${created.body.id}/photo`)).status).toBe(404);
  });

  it('when an edit sends back the pet’s own photo link, then the photo is kept', async () => {
    const created = await createWithPhoto(dataUrl('image/png', png(5, 5)));
    const res = await owner.patch(`/api/pets/${created.body.id}`, { ...created.body, name: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Renamed');
    expect(res.body.photoUrl).toBe(created.body.photoUrl);
    expect((await anonymous().raw('GET', created.body.photoUrl)).status).toBe(200);
  });

  it('when an edit uploads a new photo, then the link changes and the new photo is served', async () => {
    const created = await createWithPhoto(dataUrl('image/png', png(5, 5)));
    const res = await owner.patch(`/api/pets/${created.body.id}`, { photoUrl: dataUrl('image/jpeg', JPEG_3X2) });
    expect(res.body.photoUrl).not.toBe(created.body.photoUrl);
    const photo = await download(res.body.photoUrl);
    expect(photo.res.headers.get('content-type')).toBe('image/jpeg');
    expect(await describeImage(photo.bytes)).toMatchObject({ width: 3, height: 2 });
  });

  it.each([[''], [null]])('when an edit sends the photo as %j, then the photo is removed', async (photoUrl) => {
    const created = await createWithPhoto(dataUrl('image/png', png(5, 5)));
    const res = await owner.patch(`/api/pets/${created.body.id}`, { photoUrl });
    expect(res.status).toBe(200);
    expect(res.body.photoUrl).toBeNull();
    expect((await anonymous().get(`/api/pets/${created.body.id}/photo`)).status).toBe(404);
    expect(await db().select().from(petPhotos).where(eq(petPhotos.petId, created.body.id))).toEqual([]);
  });

  it('when the pet has no photo, or the id is unknown or malformed, then the photo route answers 404', async () => {
    const pet = await insertPet(db(), ownerId);
    for (const id of [pet.id, crypto.randomUUID(), ...MALFORMED_IDS]) {
      expect((await anonymous().get(`/api/pets/${id}/photo`)).status).toBe(404);
    }
  });
});

describe('reading pets', () => {
  it('when an owner lists pets, then they get only theirs, newest first, with unseen finder reports and sightings counted', async () => {
    const session = await signedInOwner(app);
    const id = session.user.id;
    const older = await insertPet(db(), id, { name: 'Older' });
    const newer = await insertPet(db(), id, { name: 'Newer' });
    await insertPet(db(), ownerId, { name: 'Not theirs' });
    const seenAt = new Date(Date.now() - 60_000);
    await db().update(pets).set({ reportsSeenAt: seenAt }).where(eq(pets.id, older.id));
    const ping = { userId: id, petId: older.id, finderLocation: 'Park' };
    await db()
      .insert(finderReports)
      .values([
        { ...ping, createdAt: new Date(seenAt.getTime() - 1000) },
        { ...ping, createdAt: new Date(seenAt.getTime() + 1000) },
        { ...ping, createdAt: new Date(seenAt.getTime() + 2000) },
      ]);
    // A neighbour's sightings are news too, unless seen before or hidden as spam.
    const seen = { petId: older.id, location: 'By the bakery', seenAt };
    await db()
      .insert(sightings)
      .values([
        { ...seen, createdAt: new Date(seenAt.getTime() - 1000) },
        { ...seen, createdAt: new Date(seenAt.getTime() + 1000) },
        { ...seen, createdAt: new Date(seenAt.getTime() + 1000), hiddenAt: new Date() },
      ]);

    const res = await session.get('/api/pets');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Newer', 'Older']);
    expect(res.body.map((p: { newReports: number }) => p.newReports)).toEqual([0, 3]);
    expect(res.body[0].id).toBe(newer.id);
  });

  it('when signed out, then listing answers 401', async () => {
    expect((await anonymous().get('/api/pets')).status).toBe(401);
  });

  it('when the owner reads their pet, then they get the whole pet and it is never cached', async () => {
    const pet = await insertPet(db(), ownerId);
    const res = await owner.get(`/api/pets/${pet.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      id: pet.id,
      userId: ownerId,
      vetName: pet.vetName,
      vetPhone: pet.vetPhone,
      ownerAddress: pet.ownerAddress,
      newReports: 0,
    });
  });

  it.each([
    ['another owner', () => stranger],
    ['a signed-out visitor', anonymous],
  ])('when %s reads a pet, then only the public projection comes back, revalidated each time', async (_who, as) => {
    const pet = await insertPet(db(), ownerId, { isMissing: true });
    const res = await as().get(`/api/pets/${pet.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(Object.keys(res.body).sort()).toEqual([...PUBLIC_PET_FIELDS, ...SHOWN_BY_DEFAULT].sort());
    expect(res.body).toMatchObject({ id: pet.id, name: pet.name, ownerPhone: pet.ownerPhone, isMissing: true });
    for (const secret of [pet.vetName, pet.vetPhone, pet.vetAddress, pet.ownerAddress, ownerId]) {
      expect(res.text).not.toContain(secret);
    }
  });

  it('when a finder reads a pet, then the answer carries the API’s security headers and a request id, sets no cookie, and refuses a NUL byte', async () => {
    const pet = await insertPet(db(), ownerId, { isMissing: true });
    const secured = (res: Response) => {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('set-cookie')).toBeNull();
    };
    const read = await anonymous().raw('GET', `/api/pets/${pet.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('vary')).toBe('Cookie');
    secured(read);
    // An id in capitals is the same pet; one that names nothing is 404, not stored, secured the same.
    expect((await anonymous().get(`/api/pets/${pet.id.toUpperCase()}`)).body.id).toBe(pet.id);
    const missing = await anonymous().raw('GET', `/api/pets/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    secured(missing);
    expect((await anonymous().get(`/api/pets/${pet.id}%00`)).status).toBe(400);
    expect((await anonymous().get(`/api/pets/${pet.id}?view=everything`)).status).toBe(400);
  });

  it('when the owner asks for the public view, then they get exactly what a stranger gets, hidden details left out', async () => {
    const pet = await insertPet(db(), ownerId, { isMissing: true });
    const asOwner = await owner.get(`/api/pets/${pet.id}?view=public`);
    const asStranger = await anonymous().get(`/api/pets/${pet.id}`);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toEqual(asStranger.body);
    for (const secret of [pet.vetName, pet.ownerAddress, ownerId]) expect(asOwner.text).not.toContain(secret);
    expect((await owner.get(`/api/pets/${pet.id}?view=everything`)).status).toBe(400);
  });

  it('when the owner flags a pet missing and then safe, then a finder reading it again sees each change at once', async () => {
    const pet = await insertPet(db(), ownerId, { isMissing: false });
    const finder = anonymous();
    // Read enough times that every pooled connection has the public read prepared.
    for (let i = 0; i < 12; i++) expect((await finder.get(`/api/pets/${pet.id}`)).body.isMissing).toBe(false);
    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: true })).status).toBe(200);
    expect((await finder.get(`/api/pets/${pet.id}`)).body.isMissing).toBe(true);
    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: false })).status).toBe(200);
    expect((await finder.get(`/api/pets/${pet.id}`)).body.isMissing).toBe(false);
  });

  it('when a signed-out visitor asks for an unknown or malformed id, then reading answers 404', async () => {
    for (const id of [crypto.randomUUID(), ...MALFORMED_IDS]) {
      const res = await anonymous().get(`/api/pets/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ message: 'Pet not found' });
    }
  });

  it('when the id is unknown or malformed, then reading answers 404', async () => {
    for (const id of [crypto.randomUUID(), ...MALFORMED_IDS]) {
      const res = await owner.get(`/api/pets/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ message: 'Pet not found' });
    }
  });

  it('when an owner has 50 photographed pets, then the list carries links, not images, and stays under 30 KB', async () => {
    const session = await signedInOwner(app);
    const id = session.user.id;
    for (let i = 0; i < 50; i++) {
      const data = png(64, 64, [i, 100, 200]);
      const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 16);
      const pet = await insertPet(db(), id);
      await db().insert(petPhotos).values({ petId: pet.id, contentType: 'image/png', hash, data });
      await db().update(pets).set({ photoHash: hash }).where(eq(pets.id, pet.id));
    }
    const { encoding, wire, text } = await downloadGzipped(session, '/api/pets');
    expect(encoding).toBe('gzip');
    const list = JSON.parse(text);
    expect(list).toHaveLength(50);
    const photoLink = /^\/api\/pets\/[0-9a-f-]{36}\/photo\?v=[0-9a-f]{16}$/;
    expect(list.filter((p: { photoUrl: string }) => !photoLink.test(p.photoUrl))).toEqual([]);
    // The list carries what the dashboard shows; the whole pet comes from GET /api/pets/{id}.
    expect(Buffer.byteLength(text)).toBeLessThan(30 * 1024);
    expect(wire).toBeLessThan(Buffer.byteLength(text));
    expect(list[0]).not.toHaveProperty('medicalNotes');
    expect(list[0]).not.toHaveProperty('ownerPhone');
  });
});

describe('updating a pet', () => {
  it('when the owner sends one field, then only that field changes', async () => {
    const pet = await insertPet(db(), ownerId);
    const res = await owner.patch(`/api/pets/${pet.id}`, { color: 'Brown' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const stored = await storedPet(pet.id);
    expect(stored).toEqual({ ...pet, color: 'Brown' });
  });

  it('when the profile toggle sends the whole pet with isMissing flipped, then only the flag changes', async () => {
    const pet = await insertPet(db(), ownerId);
    const whole = (await owner.get(`/api/pets/${pet.id}`)).body;
    const res = await owner.patch(`/api/pets/${pet.id}`, { ...whole, isMissing: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...whole, isMissing: true, missingSince: expect.any(String) });
    const back = await owner.patch(`/api/pets/${pet.id}`, { ...res.body, isMissing: false });
    // Coming home from missing is the one other change: the reunion record.
    expect(back.body).toEqual({ ...whole, reunitedAt: expect.any(String), homeSafe: true });
  });

  it('when a missing pet is marked safe, then its last-seen details go with the absence, and reporting it missing again starts without them', async () => {
    const lastSeen = {
      lastSeenLocation: 'Hyde Park',
      lastSeenDate: '2026-11-20',
      lastSeenLat: 51.5073,
      lastSeenLng: -0.1657,
    };
    const pet = await insertPet(db(), ownerId, { isMissing: true, ...lastSeen });
    const whole = (await owner.get(`/api/pets/${pet.id}`)).body;
    expect(whole).toMatchObject(lastSeen);
    const onBoard = async () =>
      (await anonymous().get(`/api/lost-pets?lat=51.5073&lng=-0.1657`)).body.map((p: { id: string }) => p.id);
    expect(await onBoard()).toContain(pet.id);

    const safe = await owner.patch(`/api/pets/${pet.id}`, { ...whole, isMissing: false });
    const noLastSeen = { lastSeenLocation: null, lastSeenDate: null, lastSeenLat: null, lastSeenLng: null };
    expect(safe.body).toMatchObject(noLastSeen);
    const again = await owner.patch(`/api/pets/${pet.id}`, { ...safe.body, isMissing: true });
    expect(again.body).toMatchObject({ isMissing: true, ...noLastSeen });
    expect(await onBoard()).not.toContain(pet.id);

    const placed = await owner.patch(`/api/pets/${pet.id}`, { lastSeenLocation: 'Regent’s Park' });
    expect(placed.body.lastSeenLocation).toBe('Regent’s Park');
  });

  it('when the body carries another userId or id, then the pet stays with its owner', async () => {
    const pet = await insertPet(db(), ownerId);
    const res = await owner.patch(`/api/pets/${pet.id}`, {
      userId: stranger.user.id,
      id: crypto.randomUUID(),
      name: 'Still mine',
    });
    expect(res.status).toBe(200);
    expect(await storedPet(pet.id)).toMatchObject({ id: pet.id, userId: ownerId, name: 'Still mine' });
  });

  it('when the body is empty, then the pet comes back unchanged', async () => {
    const pet = await insertPet(db(), ownerId);
    const res = await owner.patch(`/api/pets/${pet.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(pet.name);
    expect(await storedPet(pet.id)).toEqual(pet);
  });

  it('when an optional field is cleared, then it is stored as null', async () => {
    const pet = await insertPet(db(), ownerId);
    const res = await owner.patch(`/api/pets/${pet.id}`, { breed: '', vetName: '  ' });
    expect(res.body).toMatchObject({ breed: null, vetName: null });
  });

  it('when fields are invalid, then 400 explains and nothing changes', async () => {
    const pet = await insertPet(db(), ownerId);
    for (const body of [
      { name: '' },
      { name: null },
      { ownerPhone: 5 },
      { isMissing: 'true' },
      { species: ['dog'] },
      { age: 'x'.repeat(10_000) },
      { photoUrl: dataUrl('image/jpeg', png(2, 2)) },
      [],
    ]) {
      const res = await owner.patch(`/api/pets/${pet.id}`, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await storedPet(pet.id)).toEqual(pet);
  });

  it('when the last-seen day is after today, over 30 years ago or no day at all, then 400 says so and nothing changes; a day up to tomorrow in UTC is kept for owners ahead of UTC', async () => {
    const pet = await insertPet(db(), ownerId, { isMissing: true });
    const utcDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    for (const lastSeenDate of [utcDay(2), `${utcDay(30)}T18:30`, '2999-01-01']) {
      const res = await owner.patch(`/api/pets/${pet.id}`, { lastSeenLocation: 'Riverside Park', lastSeenDate });
      expect(res.status, lastSeenDate).toBe(400);
      expect(res.body.message).toBe('lastSeenDate: Last seen date cannot be in the future');
    }
    expect(await storedPet(pet.id)).toEqual(pet);
    // A day no calendar has is said to be that, not to be in the future.
    for (const lastSeenDate of ['2026-13-45', '2026-02-30', '2025-02-29 evening']) {
      const res = await owner.patch(`/api/pets/${pet.id}`, { lastSeenDate });
      expect([res.status, res.body.message], lastSeenDate).toEqual([
        400,
        'lastSeenDate: Last seen date is not a day of the calendar (yyyy-mm-dd)',
      ]);
    }
    expect(await storedPet(pet.id)).toEqual(pet);
    const created = await owner.post('/api/pets', buildPet({ lastSeenDate: utcDay(2) }));
    expect(created.status).toBe(400);
    for (const lastSeenDate of ['1899-05-04', `${Number(utcDay(-2).slice(0, 4)) - 30}${utcDay(-2).slice(4)}`]) {
      const res = await owner.patch(`/api/pets/${pet.id}`, { lastSeenDate });
      expect(res.status, lastSeenDate).toBe(400);
      expect(res.body.message).toBe('lastSeenDate: Last seen date must be within the last 30 years');
    }
    expect(await storedPet(pet.id)).toEqual(pet);

    const thirtyYearsAgo = `${Number(utcDay(0).slice(0, 4)) - 30}${utcDay(0).slice(4)}`;
    for (const lastSeenDate of [thirtyYearsAgo, utcDay(-3), utcDay(0), utcDay(1), 'Saturday evening']) {
      const res = await owner.patch(`/api/pets/${pet.id}`, { lastSeenDate });
      expect(res.status, lastSeenDate).toBe(200);
      expect(res.body.lastSeenDate).toBe(lastSeenDate);
    }
  });

  it('when a pet stored before the phone and date rules is sent back whole, then the toggle still works, and only a changed value must keep them', async () => {
    const future = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    const pet = await insertPet(db(), ownerId, { ownerPhone: 'call my mobile', lastSeenDate: future });
    const whole = (await owner.get(`/api/pets/${pet.id}`)).body;

    const toggled = await owner.patch(`/api/pets/${pet.id}`, { ...whole, isMissing: true });
    expect(toggled.status).toBe(200);
    expect(toggled.body).toMatchObject({ isMissing: true, ownerPhone: 'call my mobile', lastSeenDate: future });

    const changed = await owner.patch(`/api/pets/${pet.id}`, { ...whole, ownerPhone: 'text me' });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe('ownerPhone: Phone number must contain at least 7 digits');
    // Another owner's stored values are no excuse: they are not this pet's to keep.
    const other = await stranger.patch(`/api/pets/${pet.id}`, { ownerPhone: 'call my mobile' });
    expect(other.status).toBe(400);
    expect((await storedPet(pet.id)).ownerPhone).toBe('call my mobile');
  });

  it('when a pet stored with a name longer than today’s limit is sent back whole, then it saves; a new long name is refused', async () => {
    const pet = await insertPet(db(), ownerId, { name: 'L'.repeat(120) });
    const whole = (await owner.get(`/api/pets/${pet.id}`)).body;
    expect((await owner.patch(`/api/pets/${pet.id}`, { ...whole, isMissing: true })).status).toBe(200);
    const renamed = await owner.patch(`/api/pets/${pet.id}`, { ...whole, name: 'M'.repeat(60) });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe('name: Must be 50 characters or fewer');
  });

  it('when another owner patches the pet, then it answers 404 and nothing changes', async () => {
    const pet = await insertPet(db(), ownerId);
    const res = await stranger.patch(`/api/pets/${pet.id}`, { name: 'Stolen', isMissing: true });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Pet not found' });
    expect(await storedPet(pet.id)).toEqual(pet);
  });

  it('when another owner tries to remove the photo, then it answers 404 and the photo stays', async () => {
    const created = await owner.post('/api/pets', buildPet({ photoUrl: dataUrl('image/png', png(3, 3)) }));
    expect((await stranger.patch(`/api/pets/${created.body.id}`, { photoUrl: null })).status).toBe(404);
    expect((await anonymous().raw('GET', created.body.photoUrl)).status).toBe(200);
  });

  it('when signed out, then patching answers 401 and nothing changes', async () => {
    const pet = await insertPet(db(), ownerId);
    expect((await anonymous().patch(`/api/pets/${pet.id}`, { name: 'Anon' })).status).toBe(401);
    expect(await storedPet(pet.id)).toEqual(pet);
  });

  it('when the id is unknown or malformed, then patching answers 404', async () => {
    for (const id of [crypto.randomUUID(), ...MALFORMED_IDS]) {
      expect((await owner.patch(`/api/pets/${id}`, { name: 'Ghost' })).status, id).toBe(404);
    }
  });
});

describe('deleting a pet', () => {
  it('when the owner deletes a pet, then it and its photo are gone', async () => {
    const created = await owner.post('/api/pets', buildPet({ photoUrl: dataUrl('image/png', png(3, 3)) }));
    const { id, photoUrl } = created.body;
    const res = await owner.delete(`/api/pets/${id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await owner.get(`/api/pets/${id}`)).status).toBe(404);
    expect((await anonymous().raw('GET', photoUrl)).status).toBe(404);
    expect((await owner.get('/api/pets')).body.some((p: { id: string }) => p.id === id)).toBe(false);
    expect((await owner.delete(`/api/pets/${id}`)).status).toBe(404);
  });

  it('when another owner deletes the pet, then it answers 404 and the pet stays', async () => {
    const pet = await insertPet(db(), ownerId);
    expect((await stranger.delete(`/api/pets/${pet.id}`)).status).toBe(404);
    expect(await storedPet(pet.id)).toEqual(pet);
  });

  it('when signed out, then deleting answers 401 and the pet stays', async () => {
    const pet = await insertPet(db(), ownerId);
    expect((await anonymous().delete(`/api/pets/${pet.id}`)).status).toBe(401);
    expect(await storedPet(pet.id)).toEqual(pet);
  });

  it('when the id is malformed, then deleting answers 404', async () => {
    for (const id of MALFORMED_IDS) expect((await owner.delete(`/api/pets/${id}`)).status, id).toBe(404);
  });
});

describe('a pet shared with a member of its Safety Circle', () => {
  /** The reminder the member may add and a stranger may not. */
  const boosterFor = (petId: string) => ({ petId, type: 'vaccine', title: 'Booster', dueDate: '2030-03-15' });

  it('when a pet is shared, then the member sees it whole, edits it and its reminders and reports, but only its creator may delete it', async () => {
    const [creator, member] = await Promise.all([signedInOwner(app), signedInOwner(app)]);
    const pet = await insertPet(db(), creator.user.id, { name: 'Shared Sam' });
    await db().insert(petMembers).values({ petId: pet.id, userId: member.user.id });

    expect((await member.get('/api/pets')).body.map((p: { id: string }) => p.id)).toContain(pet.id);
    const seen = await member.get(`/api/pets/${pet.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toHaveProperty('vetName', 'Happy Paws Clinic');
    expect((await member.patch(`/api/pets/${pet.id}`, { name: 'Sam' })).status).toBe(200);
    expect((await storedPet(pet.id)).name).toBe('Sam');

    const reminder = await member.post('/api/reminders', boosterFor(pet.id));
    expect(reminder.status).toBe(201);
    expect((await creator.get('/api/reminders')).body.map((r: { id: string }) => r.id)).toContain(reminder.body.id);
    expect((await member.get(`/api/pets/${pet.id}/reports`)).status).toBe(200);

    expect((await member.delete(`/api/pets/${pet.id}`)).status).toBe(404);
    expect(await storedPet(pet.id)).toBeDefined();
    expect((await creator.delete(`/api/pets/${pet.id}`)).status).toBe(204);
  });

  it('when a pet is not shared, then someone else still gets 404 for it and its reminders', async () => {
    const [creator, other] = await Promise.all([signedInOwner(app), signedInOwner(app)]);
    const pet = await insertPet(db(), creator.user.id);
    expect((await other.get('/api/pets')).body).toEqual([]);
    expect((await other.patch(`/api/pets/${pet.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await other.get(`/api/pets/${pet.id}/reports`)).status).toBe(404);
    const reminder = await other.post('/api/reminders', boosterFor(pet.id));
    expect(reminder.status).toBe(400);
  });
});

describe('the reunion record', () => {
  it('when a missing pet is marked safe, then its scan view says home safe for 7 days, and going missing again clears it', async () => {
    const pet = await insertPet(db(), ownerId, { isMissing: true });
    const publicView = async () => (await anonymous().get(`/api/pets/${pet.id}`)).body;
    expect(await publicView()).toMatchObject({ isMissing: true, homeSafe: false });

    const safe = await owner.patch(`/api/pets/${pet.id}`, { isMissing: false });
    expect(safe.body.homeSafe).toBe(true);
    const reunitedAt = (await storedPet(pet.id)).reunitedAt as Date;
    expect(Date.now() - reunitedAt.getTime()).toBeLessThan(60_000);
    expect(await publicView()).toMatchObject({ isMissing: false, homeSafe: true });
    expect(await publicView()).not.toHaveProperty('reunitedAt');

    // Saving the safe pet again (the whole form) keeps the day it came home.
    await owner.patch(`/api/pets/${pet.id}`, { isMissing: false, name: 'Renamed' });
    expect((await storedPet(pet.id)).reunitedAt).toEqual(reunitedAt);

    await db()
      .update(pets)
      .set({ reunitedAt: new Date(Date.now() - 7 * 86_400_000 - 1000) })
      .where(eq(pets.id, pet.id));
    expect((await publicView()).homeSafe).toBe(false);

    await owner.patch(`/api/pets/${pet.id}`, { isMissing: true });
    expect((await storedPet(pet.id)).reunitedAt).toBeNull();
    expect(await publicView()).toMatchObject({ isMissing: true, homeSafe: false });
  });

  it('when a pet that was never missing is saved as safe, then there is no reunion to show', async () => {
    const pet = await insertPet(db(), ownerId, { isMissing: false });
    await owner.patch(`/api/pets/${pet.id}`, { isMissing: false });
    expect((await storedPet(pet.id)).reunitedAt).toBeNull();
    expect((await anonymous().get(`/api/pets/${pet.id}`)).body.homeSafe).toBe(false);
  });
});
