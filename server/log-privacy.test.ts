import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, rateLimits } from '../shared/schema';
import { buildFinderReport, buildPet } from '../tests/support/factories';
import { type ServerProcess, startServerProcess } from '../tests/support/server-process';
import { Session, signedIn } from '../tests/support/session';
import { type Database, openDatabase } from './db/connection';
import { runningEmbeddedPostgres } from './db/embedded';
import { dataUrl, JPEG_3X2 } from './features/pets/test-images';

// What the server writes, read from outside its process: whatever the logger is, this is the log.
let server: ServerProcess;
let database: Database;
beforeAll(async () => {
  server = await startServerProcess({ LOG_LEVEL: 'debug' });
  const embedded = runningEmbeddedPostgres(path.resolve('.data', `process-${process.env.VITEST_POOL_ID ?? '0'}`));
  database = await openDatabase({ mode: 'postgres', url: process.env.DATABASE_URL ?? (embedded as string) });
  // A busy machine takes a while to start a server process.
}, 90_000);
afterAll(async () => {
  await database?.close();
  await server?.stop();
});

describe('what the server log holds', { timeout: 60_000 }, () => {
  it('when a finder reports and the owner’s e-mail is queued, then the log names the user by id, never their details or the finder’s', async () => {
    const owner = await signedIn(server.url);
    const ownerId = (await owner.get('/api/auth/user')).body.id as string;
    const pet = buildPet({
      ownerPhone: '555-0142-317',
      ownerAddress: '77 Hidden Lane, Springfield',
      ownerEmail: 'family-contact@example.com',
      medicalNotes: 'Takes phenobarbital twice daily',
    });
    const created = await owner.post('/api/pets', pet);
    expect(created.status).toBe(201);
    const report = buildFinderReport(created.body.id, {
      finderName: 'Robin Quill',
      finderLocation: 'Behind the Oakwood library',
      finderLatitude: '45.523064',
      finderLongitude: '-122.676483',
      finderContact: '555-0199-864',
      message: 'Found him shivering, call me on 555-0199-864',
    });
    expect((await new Session(server.url).post('/api/gps-pings', report)).status).toBe(201);

    const log = await server.waitForOutput((text) =>
      text.split('\n').some((line) => line.includes(ownerId) && /e-mail/i.test(line)),
    );
    const [mail] = await database.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    expect(mail.recipient).toBe(owner.person.email);
    expect(log.split('\n').some((line) => line.includes(ownerId) && /queued/i.test(line))).toBe(true);

    const personal = [
      owner.person.email,
      owner.person.lastName,
      pet.ownerPhone,
      pet.ownerAddress,
      pet.ownerEmail,
      pet.medicalNotes,
      report.finderName,
      report.finderLocation,
      report.finderLatitude,
      report.finderLongitude,
      report.finderContact,
      report.message,
      mail.subject,
    ];
    for (const secret of personal) expect(log, secret as string).not.toContain(secret);
  });

  it('when a last-seen point is saved and strangers search the lost-pets board around it, then no coordinate reaches the log', async () => {
    const owner = await signedIn(server.url);
    const point = { lastSeenLat: 47.613_214, lastSeenLng: -122.331_864 };
    const created = await owner.post('/api/pets', buildPet({ isMissing: true, ...point }));
    expect(created.status).toBe(201);
    const stranger = new Session(server.url);
    // A good search, and bad ones, which the log records as 400s.
    for (const query of ['lat=47.613214&lng=-122.331864', 'lat=47.613214&lng=-222.331864', 'lat=47.613214'])
      await Promise.all([stranger.get(`/api/lost-pets?${query}`), stranger.raw('GET', `/lost?${query}`)]);
    const bad = await owner.patch(`/api/pets/${created.body.id}`, {
      lastSeenLat: 47.613_214,
      lastSeenLng: 222.331_864,
    });
    expect(bad.status).toBe(400);

    const log = await server.waitForOutput((text) => text.includes('/lost'));
    for (const secret of ['47.613214', '122.331864', '222.331864', '47.6132', '122.3318'])
      expect(log, secret).not.toContain(secret);
  });

  it('when a finder posts a found pet, strangers search around it and an owner claims it, then the log holds none of the finder’s words, contact, point or links', async () => {
    const found = {
      species: 'dog',
      colors: ['golden'],
      size: 'large',
      marks: 'Blue harness with a bell, limps on the left hind leg',
      photoUrls: [dataUrl('image/jpeg', JPEG_3X2)],
      lat: 51.507_351_7,
      lng: -0.127_758_3,
      location: 'Outside 14 Quiet Mews, the blue door',
      foundAt: new Date().toISOString().slice(0, 10),
      whereNow: 'shelter',
      shelterName: 'Battersea Test Shelter',
      contact: 'finder-private-4411@example.com',
    };
    // Posted from the address every test uses: under its flood limit whatever ran before.
    await database.db.delete(rateLimits).where(like(rateLimits.key, 'found-reports-%'));
    const posted = await new Session(server.url).post('/api/found-reports', found);
    expect(posted.status).toBe(201);
    const stranger = new Session(server.url);
    for (const query of ['lat=51.5073517&lng=-0.1277583&km=5', 'lat=51.5073517&lng=-0.1277583&km=99'])
      await Promise.all([stranger.get(`/api/found-reports?${query}`), stranger.raw('GET', `/found-pets?${query}`)]);
    await stranger.get(posted.body.managePath);

    const owner = await signedIn(server.url);
    const pet = await owner.post('/api/pets', buildPet({ species: 'dog', isMissing: true }));
    const claim = await owner.post(`/api/found-reports/${posted.body.id}/claim`, {
      petId: pet.body.id,
      message: 'It is Goldie, our dog! Call me at 07700 900461',
    });
    expect(claim.status).toBe(201);

    const log = await server.waitForOutput((text) => text.includes('found pet claimed'));
    expect(log).toContain('found pet posted');
    const token = posted.body.managePath.split('/').pop();
    for (const secret of [
      found.marks,
      found.location,
      found.shelterName,
      found.contact,
      '51.5073',
      '0.12775',
      token,
      '07700 900461',
    ])
      expect(log, secret).not.toContain(secret);
  });
});
