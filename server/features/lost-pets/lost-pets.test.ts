import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { petMembers, pets, users } from '../../../shared/schema';
import { buildPet, insertOwner, insertPet, signedInOwner } from '../../../tests/support/factories';
import { aPointIn } from '../../../tests/support/places';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { findLostPetsNear } from './lost-pets.repository';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const KM_PER_DEGREE_LAT = 111.2;

/**
 * A place of this test's own, far from every other test's (the PostgreSQL database outlives a run):
 * somewhere in a wide band of the southern Pacific, where no other test puts a pet.
 */
const aPlace = () => aPointIn(-55, -150, 10, 40);
const north = (place: { lat: number; lng: number }, km: number) => ({
  ...place,
  lat: place.lat + km / KM_PER_DEGREE_LAT,
});

async function aMissingPetAt(place: { lat: number; lng: number }, overrides = {}) {
  const owner = await insertOwner(app.database.db);
  const pet = await insertPet(app.database.db, owner.id, {
    isMissing: true,
    lastSeenDate: '2026-11-20',
    lastSeenLocation: 'By the bakery on Elm Street',
    lastSeenLat: place.lat,
    lastSeenLng: place.lng,
    ...overrides,
  });
  return { owner, pet };
}

const board = (place: { lat: number; lng: number }, km?: number) =>
  new Session(app.url).get(`/api/lost-pets?lat=${place.lat}&lng=${place.lng}${km ? `&km=${km}` : ''}`);

const idsOn = async (place: { lat: number; lng: number }, km?: number) =>
  ((await board(place, km)).body as { id: string }[]).map((pet) => pet.id);

describe('GET /api/lost-pets', () => {
  it('when a stranger is 2 km from where a missing pet was last seen, then the pet is listed with its distance; 30 km away it is not', async () => {
    const seen = aPlace();
    const { pet } = await aMissingPetAt(seen);

    const near = await board(north(seen, 2));
    expect(near.status).toBe(200);
    expect(near.body).toHaveLength(1);
    const [listed] = near.body;
    expect(listed).toMatchObject({
      id: pet.id,
      name: pet.name,
      species: 'dog',
      breed: 'Beagle',
      lastSeenDate: '2026-11-20',
      photoUrl: null,
    });
    // Measured from the pet's grid cell, some 280 m wide: about 2 km, never exactly the true distance.
    expect(listed.distanceKm).toBeGreaterThan(1.6);
    expect(listed.distanceKm).toBeLessThan(2.4);
    // The owner's own words may be their street: they stay on the owner's side.
    expect(listed).not.toHaveProperty('lastSeenLocation');

    expect(await idsOn(north(seen, 30), 25)).toEqual([]);
  });

  it('when several missing pets are near, then the nearest comes first, and the radius (5 km unless asked) bounds the list', async () => {
    const here = aPlace();
    const { pet: far } = await aMissingPetAt(north(here, 4));
    const { pet: near } = await aMissingPetAt(north(here, 0.8));
    const { pet: beyond } = await aMissingPetAt(north(here, 8));

    expect(await idsOn(here)).toEqual([near.id, far.id]);
    expect(await idsOn(here, 1)).toEqual([near.id]);
    expect(await idsOn(here, 10)).toEqual([near.id, far.id, beyond.id]);
  });

  it('when a pet is safe, has no point, is switched off the map, deleted or its owner’s account is gone, then it is never listed', async () => {
    const here = aPlace();
    const { pet: listed } = await aMissingPetAt(here);
    await aMissingPetAt(here, { isMissing: false });
    await aMissingPetAt(here, { lastSeenLat: null, lastSeenLng: null });
    await aMissingPetAt(here, { listOnLostMap: false });
    const { pet: deleted } = await aMissingPetAt(here);
    await app.database.db.delete(pets).where(eq(pets.id, deleted.id));
    // Deleting an account deletes its row (account.repository.ts); its pets go with it.
    const { owner: gone } = await aMissingPetAt(here);
    await app.database.db.delete(users).where(eq(users.id, gone.id));

    expect(await idsOn(here)).toEqual([listed.id]);
  });

  it('when the owner turns "List on the lost-pets map" off, then the pet leaves the board at once, and comes back when it is on', async () => {
    const here = aPlace();
    const owner = await signedInOwner(app);
    const created = await owner.post(
      '/api/pets',
      buildPet({ isMissing: true, lastSeenLat: here.lat, lastSeenLng: here.lng }),
    );
    expect(created.status).toBe(201);
    expect(created.body.listOnLostMap).toBe(true);
    expect(await idsOn(here)).toEqual([created.body.id]);

    const off = await owner.patch(`/api/pets/${created.body.id}`, { listOnLostMap: false });
    expect(off.body.listOnLostMap).toBe(false);
    expect(await idsOn(here)).toEqual([]);

    await owner.patch(`/api/pets/${created.body.id}`, { listOnLostMap: true });
    expect(await idsOn(here)).toEqual([created.body.id]);
  });

  it('when an uploaded photo exists, then the entry links to its thumbnail', async () => {
    const here = aPlace();
    const { pet } = await aMissingPetAt(here, { photoHash: 'abc123' });
    const [listed] = (await board(here)).body;
    expect(listed.photoUrl).toBe(`/api/pets/${pet.id}/photo?v=abc123&size=160`);
  });

  it.each([
    ['lat=abc&lng=10', 'lat: Latitude must be a number'],
    ['lat=NaN&lng=10', 'lat: Latitude must be a number'],
    ['lat=91&lng=10', 'lat: Latitude must be between -90 and 90'],
    ['lat=10&lng=-180.5', 'lng: Longitude must be between -180 and 180'],
    ['lat=10&lng=Infinity', 'lng: Longitude must be a number'],
    ['lat=10&lng=10&km=3', 'km: km must be one of 1, 5, 10, 25'],
    ['lng=10', 'lat: Latitude is required'],
    ['lat=10&lat=11&lng=10', 'lat: Given more than once'],
  ])('when the query is %s, then it answers 400 saying why', async (query, message) => {
    const res = await new Session(app.url).get(`/api/lost-pets?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request', message });
  });

  it('when the board searches, then the database answers from the board’s index, not by reading every pet', async () => {
    const query = findLostPetsNear(app.database.db, { lat: 48.85, lng: 2.35 }, 5);
    // The table here is small, where reading it whole is cheapest: forbidding that shows whether the
    // query can use the index at all. The bench shows the planner choosing it on a million pets.
    const plan = await app.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('pets_lost_board_idx');
  });
});

describe('the last-seen point on a pet', () => {
  it('when the owner saves a point, then the owners (creator and co-owner) get it exact, and strangers only its grid cell', async () => {
    const seen = { lat: 51.507_351, lng: -0.127_758 };
    const owner = await signedInOwner(app);
    const created = await owner.post(
      '/api/pets',
      buildPet({ isMissing: true, lastSeenLat: seen.lat, lastSeenLng: seen.lng }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ lastSeenLat: seen.lat, lastSeenLng: seen.lng });
    const id = created.body.id;

    const coOwner = await signedInOwner(app);
    await app.database.db.insert(petMembers).values({ petId: id, userId: coOwner.user.id });
    expect((await coOwner.get(`/api/pets/${id}`)).body).toMatchObject({ lastSeenLat: seen.lat, lastSeenLng: seen.lng });
    expect((await owner.get(`/api/pets/${id}`)).body).toMatchObject({ lastSeenLat: seen.lat, lastSeenLng: seen.lng });

    const strangers = [
      await new Session(app.url).get(`/api/pets/${id}`),
      await (await signedInOwner(app)).get(`/api/pets/${id}`),
      await board(seen),
    ];
    for (const res of strangers) {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(String(seen.lat));
      expect(res.text).not.toContain(String(seen.lng));
    }
    const [signedOut, signedIn, [listed]] = strangers.map((res) => res.body);
    expect(signedOut).toMatchObject({ lastSeenLat: signedIn.lastSeenLat, lastSeenLng: signedIn.lastSeenLng });
    expect({ lat: signedOut.lastSeenLat, lng: signedOut.lastSeenLng }).toEqual({ lat: listed.lat, lng: listed.lng });
    // Within the cell (about 280 m), not on the point.
    expect(Math.abs(signedOut.lastSeenLat - seen.lat)).toBeLessThan(0.0013);
    expect(Math.abs(signedOut.lastSeenLng - seen.lng)).toBeLessThan(0.0021);
    expect(signedOut.lastSeenLat).not.toBe(seen.lat);
  });

  it('when two points lie in one cell, then strangers are shown the same place for both: asking again teaches nothing', async () => {
    const owner = await signedInOwner(app);
    const shownFor = async (lat: number, lng: number) => {
      const { body } = await owner.post('/api/pets', buildPet({ isMissing: true, lastSeenLat: lat, lastSeenLng: lng }));
      const res = await new Session(app.url).get(`/api/pets/${body.id}`);
      return { lat: res.body.lastSeenLat, lng: res.body.lastSeenLng };
    };
    const centre = await shownFor(40.4171, -3.7032);
    // A cell is 0.0025° high and, here, about 0.0033° wide: these lie inside it, on either side.
    expect(await shownFor(centre.lat + 0.001, centre.lng - 0.0012)).toEqual(centre);
    expect(await shownFor(centre.lat - 0.0011, centre.lng + 0.0014)).toEqual(centre);
    // The next cell north is another place.
    expect((await shownFor(centre.lat + 0.0025, centre.lng)).lat).toBeCloseTo(centre.lat + 0.0025, 6);
  });

  it('when a missing pet has no point, then a stranger gets none, and no board lists it, not even at the pole', async () => {
    const { pet } = await aMissingPetAt(aPlace(), { lastSeenLat: null, lastSeenLng: null });
    const res = await new Session(app.url).get(`/api/pets/${pet.id}`);
    expect(res.body).toMatchObject({ isMissing: true, lastSeenLat: null, lastSeenLng: null });
    // least() skips a null: the cell of no point once came out at the top row of the grid.
    expect(await idsOn({ lat: 89.99875, lng: 120 }, 25)).not.toContain(pet.id);
  });

  it('when the pet is not missing, then a stranger gets no point at all', async () => {
    const { pet } = await aMissingPetAt(aPlace(), { isMissing: false });
    const res = await new Session(app.url).get(`/api/pets/${pet.id}`);
    expect(res.body).toMatchObject({ lastSeenLat: null, lastSeenLng: null });
  });

  it.each([
    [{ lastSeenLat: 90.5, lastSeenLng: 10 }, 'lastSeenLat: Latitude must be between -90 and 90'],
    [{ lastSeenLat: 10, lastSeenLng: 181 }, 'lastSeenLng: Longitude must be between -180 and 180'],
    [{ lastSeenLat: '52.1', lastSeenLng: 10 }, 'lastSeenLat: Latitude must be a number'],
    [{ lastSeenLat: 'NaN', lastSeenLng: 10 }, 'lastSeenLat: Latitude must be a number'],
    [{ lastSeenLat: 52.1 }, 'lastSeenLng: Latitude and longitude must be given together'],
    [{ lastSeenLat: 52.1, lastSeenLng: null }, 'lastSeenLng: Latitude and longitude must be given together'],
  ])('when a pet is created or changed with %j, then it answers 400 and stores nothing', async (point, message) => {
    const owner = await signedInOwner(app);
    const name = `Pointless ${crypto.randomBytes(3).toString('hex')}`;
    const created = await owner.post('/api/pets', { ...buildPet({ name }), ...point });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'invalid_request', message });
    expect(await app.database.db.select().from(pets).where(eq(pets.name, name))).toEqual([]);

    const { body: pet } = await owner.post('/api/pets', buildPet({ lastSeenLat: 1.5, lastSeenLng: 2.5 }));
    const changed = await owner.patch(`/api/pets/${pet.id}`, { name: 'Renamed', ...point });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe(message);
    expect((await owner.get(`/api/pets/${pet.id}`)).body).toMatchObject({
      name: pet.name,
      lastSeenLat: 1.5,
      lastSeenLng: 2.5,
    });
  });

  it('when the owner clears the point (both null), then it is gone and the pet leaves the board', async () => {
    const here = aPlace();
    const owner = await signedInOwner(app);
    const { body: pet } = await owner.post(
      '/api/pets',
      buildPet({ isMissing: true, lastSeenLat: here.lat, lastSeenLng: here.lng }),
    );
    const cleared = await owner.patch(`/api/pets/${pet.id}`, { lastSeenLat: null, lastSeenLng: null });
    expect(cleared.body).toMatchObject({ lastSeenLat: null, lastSeenLng: null });
    expect(await idsOn(here)).toEqual([]);
  });
});
