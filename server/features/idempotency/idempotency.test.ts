import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, pets, reminders } from '../../../shared/schema';
import { buildPet, insertPet, type OwnerSession, signedInOwner } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const newKey = () => crypto.randomUUID();
const addPet = (session: OwnerSession, body: unknown, key?: string) =>
  session.request('POST', '/api/pets', body, key === undefined ? {} : { 'Idempotency-Key': key });
const petsOf = async (session: OwnerSession) =>
  app.database.db.select().from(pets).where(eq(pets.userId, session.user.id));

const reminderFor = (petId: string) => ({
  petId,
  type: 'vaccine',
  title: 'Annual rabies vaccine',
  dueDate: '2030-03-15',
  description: '',
  isCompleted: false,
  completedAt: '',
});

describe('a create repeated with the same Idempotency-Key', () => {
  it('when Add Pet is sent twice with one key, then one pet exists and both answers are the same pet', async () => {
    const owner = await signedInOwner(app);
    const key = newKey();
    const first = await addPet(owner, buildPet({ name: 'Bella' }), key);
    const again = await addPet(owner, buildPet({ name: 'Bella' }), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await petsOf(owner)).map((pet) => pet.name)).toEqual(['Bella']);
  });

  it('when three copies arrive at once (a double tap and a retry), then one pet is made and each answer names it', async () => {
    const owner = await signedInOwner(app);
    const key = newKey();
    const body = buildPet({ name: 'Rex' });
    const answers = await Promise.all([addPet(owner, body, key), addPet(owner, body, key), addPet(owner, body, key)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await petsOf(owner)).toHaveLength(1);
  });

  it('when Add Reminder is sent twice with one key, then one reminder exists', async () => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id);
    const key = newKey();
    const headers = { 'Idempotency-Key': key };
    const [first, again] = await Promise.all([
      owner.request('POST', '/api/reminders', reminderFor(pet.id), headers),
      owner.request('POST', '/api/reminders', reminderFor(pet.id), headers),
    ]);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(await app.database.db.select().from(reminders).where(eq(reminders.petId, pet.id))).toHaveLength(1);
  });

  it('when two forms send different keys, then two pets are made (two pets of one name are allowed)', async () => {
    const owner = await signedInOwner(app);
    await addPet(owner, buildPet({ name: 'Twin' }), newKey());
    await addPet(owner, buildPet({ name: 'Twin' }), newKey());
    expect(await petsOf(owner)).toHaveLength(2);
  });

  it('when no key is sent, then every request creates, as the spec calls it', async () => {
    const owner = await signedInOwner(app);
    await addPet(owner, buildPet());
    await addPet(owner, buildPet());
    expect(await petsOf(owner)).toHaveLength(2);
  });

  it('when the same key comes with another body, then it answers 422 and stores nothing more', async () => {
    const owner = await signedInOwner(app);
    const key = newKey();
    await addPet(owner, buildPet({ name: 'First' }), key);
    const other = await addPet(owner, buildPet({ name: 'Second' }), key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request.');
    expect((await petsOf(owner)).map((pet) => pet.name)).toEqual(['First']);
  });

  it("when another owner sends the same key, then it is theirs alone: they get their own pet, not the first owner's", async () => {
    const [alice, bob] = [await signedInOwner(app), await signedInOwner(app)];
    const key = newKey();
    const body = buildPet({ name: 'Shared key' });
    const fromAlice = await addPet(alice, body, key);
    const fromBob = await addPet(bob, body, key);
    expect(fromBob.status).toBe(201);
    expect(fromBob.body.id).not.toBe(fromAlice.body.id);
    expect(await petsOf(bob)).toHaveLength(1);
  });

  it('when the first request failed, then a retry with the same key really runs', async () => {
    const owner = await signedInOwner(app);
    const stranger = await signedInOwner(app);
    const theirs = await insertPet(app.database.db, stranger.user.id);
    const mine = await insertPet(app.database.db, owner.user.id);
    const headers = { 'Idempotency-Key': newKey() };
    const refused = await owner.request('POST', '/api/reminders', reminderFor(theirs.id), headers);
    expect(refused.status).toBe(400);
    const retried = await owner.request('POST', '/api/reminders', reminderFor(mine.id), headers);
    expect(retried.status).toBe(201);
    expect(await app.database.db.select().from(reminders).where(eq(reminders.petId, mine.id))).toHaveLength(1);
  });

  it('when the key has expired, then the same key creates again', async () => {
    const owner = await signedInOwner(app);
    const key = newKey();
    await addPet(owner, buildPet({ name: 'Old' }), key);
    await app.database.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, key));
    const later = await addPet(owner, buildPet({ name: 'Old' }), key);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await petsOf(owner)).toHaveLength(2);
  });

  it('when the key is malformed, then it answers 400 and creates nothing', async () => {
    const owner = await signedInOwner(app);
    for (const key of ['short', 'x'.repeat(256), 'has spaces in the key ok']) {
      const res = await addPet(owner, buildPet(), key);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Idempotency-Key: Must be 16 to 255 visible ASCII characters');
    }
    expect(await petsOf(owner)).toHaveLength(0);
  });
});
