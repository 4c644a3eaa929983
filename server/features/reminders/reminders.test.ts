import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderView as Reminder } from '../../../shared/contracts/reminders';
import { petMembers, reminders } from '../../../shared/schema';
import { insertPet, signedInOwner } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** A signed-in owner with one pet of their own. */
async function ownerWithPet() {
  const session = await signedInOwner(app);
  const pet = await insertPet(app.database.db, session.user.id);
  return { session, pet };
}

const reminderFor = (petId: string, overrides: Record<string, unknown> = {}) => ({
  petId,
  type: 'vaccine',
  title: 'Annual rabies vaccine',
  description: 'Bring the vaccination booklet',
  dueDate: '2030-03-15',
  isCompleted: false,
  completedAt: '',
  ...overrides,
});

async function createReminder(session: Session, petId: string, overrides: Record<string, unknown> = {}) {
  const res = await session.post<Reminder>('/api/reminders', reminderFor(petId, overrides));
  expect(res.status).toBe(201);
  return res.body;
}

const listOf = async (session: Session) => (await session.get<Reminder[]>('/api/reminders')).body;
/** Whose the stored reminder is: responses no longer say. */
const storedOwnerOf = async (id: string) =>
  (await app.database.db.select().from(reminders).where(eq(reminders.id, id)))[0].userId;

describe('reminders when signed out', () => {
  it('when a visitor calls any reminder route, then it answers 401', async () => {
    const visitor = new Session(app.url);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await visitor.get('/api/reminders')).status).toBe(401);
    expect((await visitor.post('/api/reminders', reminderFor(id))).status).toBe(401);
    expect((await visitor.patch(`/api/reminders/${id}`, { isCompleted: true })).status).toBe(401);
    expect((await visitor.delete(`/api/reminders/${id}`)).status).toBe(401);
  });
});

describe('creating and listing reminders', () => {
  it('when an owner adds a reminder, then it is stored pending and listed', async () => {
    const { session, pet } = await ownerWithPet();
    const created = await createReminder(session, pet.id);
    expect(created).toMatchObject(reminderFor(pet.id));
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await listOf(session)).toEqual([created]);
  });

  it('when the list is read, then reminders come soonest first', async () => {
    const { session, pet } = await ownerWithPet();
    await createReminder(session, pet.id, { title: 'Later', dueDate: '2031-01-01' });
    await createReminder(session, pet.id, { title: 'Sooner', dueDate: '2029-06-30' });
    await createReminder(session, pet.id, { title: 'Middle', dueDate: '2030-12-31' });
    expect((await listOf(session)).map((r) => r.title)).toEqual(['Sooner', 'Middle', 'Later']);
  });

  it('when the body names an id, owner or creation date, then the server decides them', async () => {
    const { session, pet } = await ownerWithPet();
    const other = await signedInOwner(app);
    const forged = {
      id: '11111111-1111-4111-8111-111111111111',
      userId: other.user.id,
      createdAt: '2001-01-01T00:00:00.000Z',
    };
    const created = await createReminder(session, pet.id, forged);
    expect(created.id).not.toBe(forged.id);
    expect(await storedOwnerOf(created.id)).toBe(session.user.id);
    expect(created.createdAt).not.toBe(forged.createdAt);
    expect(await listOf(other)).toEqual([]);
  });

  it('when a pending reminder is sent with a completion date, then completedAt stays empty', async () => {
    const { session, pet } = await ownerWithPet();
    const created = await createReminder(session, pet.id, { completedAt: '2030-01-01T10:00:00.000Z' });
    expect(created).toMatchObject({ isCompleted: false, completedAt: '' });
  });

  it('when a reminder is created already completed without a date, then completedAt is now', async () => {
    const { session, pet } = await ownerWithPet();
    const before = Date.now();
    const created = await createReminder(session, pet.id, { isCompleted: true, completedAt: '' });
    expect(created.isCompleted).toBe(true);
    expect(Date.parse(created.completedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('when only the required fields are sent, then the defaults apply', async () => {
    const { session, pet } = await ownerWithPet();
    const res = await session.post('/api/reminders', {
      petId: pet.id,
      type: 'vet-visit',
      title: 'Checkup',
      dueDate: '2030-02-28',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isCompleted: false, completedAt: '', description: null });
  });

  it("when the pet is another owner's, then it answers 400 and stores nothing", async () => {
    const { session } = await ownerWithPet();
    const { pet: theirPet } = await ownerWithPet();
    const res = await session.post('/api/reminders', reminderFor(theirPet.id));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'petId: Pet not found', errors: [{ path: 'petId' }] });
    expect(await listOf(session)).toEqual([]);
  });

  it('when the pet does not exist, then it answers exactly as for a stranger’s pet', async () => {
    const { session } = await ownerWithPet();
    const res = await session.post('/api/reminders', reminderFor('22222222-2222-4222-8222-222222222222'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('petId: Pet not found');
  });
});

// Each body that a create refuses, with the start of the reason it gives. An edit refuses them alike.
const invalid: [string, Record<string, unknown>, string][] = [
  ['no pet', { petId: '' }, 'petId: Please select a pet'],
  ['a malformed pet id', { petId: 'not-a-uuid' }, 'petId: Please select a pet'],
  ['an unknown type', { type: 'surgery' }, 'type: Please select a type'],
  ['a blank title', { title: '   ' }, 'title: Required'],
  ['a title of 201 characters', { title: 'x'.repeat(201) }, 'title: Must be 200 characters or fewer'],
  ['no due date', { dueDate: '' }, 'dueDate: Required'],
  ['31 February', { dueDate: '2030-02-31' }, 'dueDate: Due date must be a date'],
  ['month 13', { dueDate: '2030-13-01' }, 'dueDate: Due date must be a date'],
  // A day that does not exist is not said to be out of range.
  [
    '29 February of a common year',
    { dueDate: '2026-02-29' },
    'dueDate: Due date must be a date that exists, such as 2026-03-01',
  ],
  ['a date with a time', { dueDate: '2030-01-01T10:00:00Z' }, 'dueDate: Due date must be a date'],
  ['words for a date', { dueDate: 'next tuesday' }, 'dueDate: Due date must be a date'],
  // The calendar feed could not write the day after 9999-12-31.
  ['the last day of year 9999', { dueDate: '9999-12-31' }, 'dueDate: Due date must be a date between 1900 and 2999'],
  ['a day in 1899', { dueDate: '1899-12-31' }, 'dueDate: Due date must be a date between 1900 and 2999'],
  ['a completion date that is not one', { isCompleted: true, completedAt: 'yesterday' }, 'completedAt:'],
  ['a completion on 30 February', { isCompleted: true, completedAt: '2027-02-30T00:00:00Z' }, 'completedAt:'],
  ['a completion at 24:00', { isCompleted: true, completedAt: '2027-01-01T24:00:00Z' }, 'completedAt:'],
  ['a completion in year 0', { isCompleted: true, completedAt: '0000-01-01T00:00:00Z' }, 'completedAt:'],
  ['a number for a title', { title: 42 }, 'title:'],
  ['a string for a flag', { isCompleted: 'yes' }, 'isCompleted:'],
  ['a description of 5001 characters', { description: 'x'.repeat(5001) }, 'description:'],
];

describe('validation', () => {
  for (const [what, overrides, message] of invalid) {
    it(`when a reminder has ${what}, then it answers 400 with the reason and stores nothing`, async () => {
      const { session, pet } = await ownerWithPet();
      const res = await session.post('/api/reminders', reminderFor(pet.id, overrides));
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
      expect(res.body.errors?.length).toBeGreaterThan(0);
      expect(await listOf(session)).toEqual([]);
    });
  }

  it('when the body is hostile, then every answer is a 4xx and nothing is stored', async () => {
    const { session, pet } = await ownerWithPet();
    const bodies: unknown[] = [
      [],
      [reminderFor(pet.id)],
      '"just a string"',
      'null',
      '42',
      '{"petId":',
      { ...reminderFor(pet.id), title: { $ne: '' } },
      { ...reminderFor(pet.id), type: ['vaccine'] },
      { ...reminderFor(pet.id), title: 'nul\u0000byte' },
      { ...reminderFor(pet.id), description: 'x'.repeat(3_000_000) },
    ];
    for (const body of bodies) {
      const res = await session.post('/api/reminders', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    expect(await listOf(session)).toEqual([]);
  });

  it('when the body smuggles __proto__, then it is ignored', async () => {
    const { session, pet } = await ownerWithPet();
    const json = JSON.stringify(reminderFor(pet.id)).replace(/}$/, ',"__proto__":{"isCompleted":true}}');
    const res = await session.post('/api/reminders', json);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isCompleted: false, completedAt: '' });
  });

  it('when the body is not JSON, then it answers 415', async () => {
    const { session, pet } = await ownerWithPet();
    const res = await session.request(
      'POST',
      '/api/reminders',
      new URLSearchParams(reminderFor(pet.id) as never).toString(),
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(res.status).toBe(415);
  });
});

describe('completing and un-completing', () => {
  it('when the page ticks a reminder with the current time, then it is completed at that time', async () => {
    const { session, pet } = await ownerWithPet();
    const reminder = await createReminder(session, pet.id);
    const now = new Date().toISOString();
    const res = await session.patch<Reminder>(`/api/reminders/${reminder.id}`, {
      ...reminder,
      isCompleted: true,
      completedAt: now,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: reminder.id, isCompleted: true, completedAt: now });
    expect((await listOf(session))[0]).toMatchObject({ isCompleted: true, completedAt: now });
  });

  it('when a reminder is completed without a time, then the server sets one', async () => {
    const { session, pet } = await ownerWithPet();
    const reminder = await createReminder(session, pet.id);
    const res = await session.patch<Reminder>(`/api/reminders/${reminder.id}`, { isCompleted: true });
    expect(res.status).toBe(200);
    expect(Date.now() - Date.parse(res.body.completedAt)).toBeLessThan(60_000);
  });

  it('when a completed reminder is unticked, then completedAt is cleared even if one is sent', async () => {
    const { session, pet } = await ownerWithPet();
    const reminder = await createReminder(session, pet.id, {
      isCompleted: true,
      completedAt: '2030-01-01T09:00:00.000Z',
    });
    const res = await session.patch<Reminder>(`/api/reminders/${reminder.id}`, {
      ...reminder,
      isCompleted: false,
      completedAt: '2030-01-01T09:00:00.000Z',
    });
    expect(res.body).toMatchObject({ isCompleted: false, completedAt: '' });
  });

  it('when a completed reminder is edited without a time, then its completion time is kept', async () => {
    const { session, pet } = await ownerWithPet();
    const reminder = await createReminder(session, pet.id, {
      isCompleted: true,
      completedAt: '2030-01-01T09:00:00.000Z',
    });
    const res = await session.patch<Reminder>(`/api/reminders/${reminder.id}`, { title: 'Booster', completedAt: '' });
    expect(res.body).toMatchObject({ title: 'Booster', isCompleted: true, completedAt: '2030-01-01T09:00:00.000Z' });
  });

  it('when the whole reminder is sent back, then its id, owner and creation date stay', async () => {
    const { session, pet } = await ownerWithPet();
    const reminder = await createReminder(session, pet.id);
    const res = await session.patch<Reminder>(`/api/reminders/${reminder.id}`, {
      ...reminder,
      id: '33333333-3333-4333-8333-333333333333',
      userId: '44444444-4444-4444-8444-444444444444',
      createdAt: '2001-01-01T00:00:00.000Z',
      isCompleted: true,
    });
    expect(res.body).toMatchObject({ id: reminder.id, createdAt: reminder.createdAt });
    expect(await storedOwnerOf(reminder.id)).toBe(session.user.id);
  });

  it('when an edit is invalid, then it answers 400 and the reminder is untouched', async () => {
    const { session, pet } = await ownerWithPet();
    const reminder = await createReminder(session, pet.id);
    for (const body of [{ dueDate: '2030-02-30' }, { type: 'bath' }, { title: '' }, [], { isCompleted: null }]) {
      const res = await session.patch(`/api/reminders/${reminder.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await listOf(session)).toEqual([reminder]);
  });

  it("when an edit moves a reminder to another owner's pet, then it answers 400", async () => {
    const { session, pet } = await ownerWithPet();
    const { pet: theirPet } = await ownerWithPet();
    const reminder = await createReminder(session, pet.id);
    const res = await session.patch(`/api/reminders/${reminder.id}`, { petId: theirPet.id });
    expect(res.status).toBe(400);
    expect((await listOf(session))[0].petId).toBe(pet.id);
  });
});

describe('editing a reminder from its dialog', () => {
  /** The body the Edit Reminder dialog sends: the form's fields, without the completion state. */
  const editFor = (petId: string, overrides: Record<string, unknown> = {}) => ({
    petId,
    type: 'medication',
    title: 'Heartworm tablet',
    description: 'With food',
    dueDate: '2031-07-04',
    ...overrides,
  });

  it('when the owner saves the form, then every field changes and the completion state stays as it was', async () => {
    const { session, pet } = await ownerWithPet();
    const otherPet = await insertPet(app.database.db, session.user.id, { name: 'Pepper' });
    const pending = await createReminder(session, pet.id);
    const completed = await createReminder(session, pet.id, {
      isCompleted: true,
      completedAt: '2030-01-01T09:00:00.000Z',
    });

    const res = await session.patch<Reminder>(`/api/reminders/${pending.id}`, editFor(otherPet.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...pending, ...editFor(otherPet.id) });
    const done = await session.patch<Reminder>(`/api/reminders/${completed.id}`, editFor(pet.id, { title: 'Booster' }));
    expect(done.body).toMatchObject({ title: 'Booster', isCompleted: true, completedAt: '2030-01-01T09:00:00.000Z' });

    expect(await listOf(session)).toEqual([res.body, done.body]);
    expect(await storedOwnerOf(pending.id)).toBe(session.user.id);
  });

  for (const [what, overrides, message] of invalid) {
    it(`when an edit has ${what}, then it answers 400 with the create's reason and changes nothing`, async () => {
      const { session, pet } = await ownerWithPet();
      const reminder = await createReminder(session, pet.id);
      const res = await session.patch(`/api/reminders/${reminder.id}`, { ...editFor(pet.id), ...overrides });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
      expect(res.body.errors?.length).toBeGreaterThan(0);
      expect(await listOf(session)).toEqual([reminder]);
    });
  }

  it("when an edit names a pet that is not the owner's, or none that exists, then it answers 400 and changes nothing", async () => {
    const { session, pet } = await ownerWithPet();
    const { pet: theirPet } = await ownerWithPet();
    const reminder = await createReminder(session, pet.id);
    for (const petId of [theirPet.id, '66666666-6666-4666-8666-666666666666']) {
      const res = await session.patch(`/api/reminders/${reminder.id}`, editFor(petId));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('petId: Pet not found');
    }
    expect(await listOf(session)).toEqual([reminder]);
  });

  it("when another owner saves an edit of someone's reminder, then it answers 404 and changes nothing", async () => {
    const { session, pet } = await ownerWithPet();
    const { session: stranger, pet: strangersPet } = await ownerWithPet();
    const reminder = await createReminder(session, pet.id);
    const res = await stranger.patch(`/api/reminders/${reminder.id}`, editFor(strangersPet.id));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Reminder not found', code: 'not_found' });
    expect(await listOf(session)).toEqual([reminder]);
  });

  it("when a member of the pet's Safety Circle saves an edit, then it is saved, and stays the creator's", async () => {
    const { session, pet } = await ownerWithPet();
    const member = await signedInOwner(app);
    await app.database.db.insert(petMembers).values({ petId: pet.id, userId: member.user.id });
    const reminder = await createReminder(session, pet.id);
    const res = await member.patch<Reminder>(`/api/reminders/${reminder.id}`, editFor(pet.id));
    expect(res.status).toBe(200);
    expect(await listOf(session)).toEqual([{ ...reminder, ...editFor(pet.id) }]);
    expect(await storedOwnerOf(reminder.id)).toBe(session.user.id);

    // Moved to a pet of the member's alone, the reminder would leave its creator's list and feed.
    const membersOwn = await insertPet(app.database.db, member.user.id, { name: 'Pepper' });
    const moved = await member.patch(`/api/reminders/${reminder.id}`, editFor(membersOwn.id));
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('petId: A reminder can only move to a pet its creator also looks after');
    expect(await listOf(session)).toEqual([{ ...reminder, ...editFor(pet.id) }]);
    // So the member is offered only the pets they share with its creator; the creator, any of theirs.
    expect((await listOf(member)).map((one) => one.petChoices)).toEqual([[pet.id]]);
    expect((await listOf(session)).map((one) => one.petChoices)).toEqual([null]);
  });
});

describe("another owner's reminders", () => {
  it('when another owner lists, edits or deletes a reminder, then they see nothing and it stays as it was', async () => {
    const { session, pet } = await ownerWithPet();
    const reminder = await createReminder(session, pet.id);
    const stranger = await signedInOwner(app);
    expect(await listOf(stranger)).toEqual([]);
    const patched = await stranger.patch(`/api/reminders/${reminder.id}`, { isCompleted: true });
    expect(patched.status).toBe(404);
    expect(patched.body).toMatchObject({ message: 'Reminder not found', code: 'not_found' });
    expect((await stranger.delete(`/api/reminders/${reminder.id}`)).status).toBe(404);
    expect(await listOf(session)).toEqual([reminder]);
  });

  it('when an id is malformed or unknown, then it answers 404', async () => {
    const { session } = await ownerWithPet();
    for (const id of ['123', 'not-an-id', '55555555-5555-4555-8555-555555555555']) {
      expect((await session.patch(`/api/reminders/${id}`, { isCompleted: true })).status).toBe(404);
      expect((await session.delete(`/api/reminders/${id}`)).status).toBe(404);
    }
  });
});

describe('deleting', () => {
  it('when an owner deletes a reminder, then it answers 204 and the reminder is gone', async () => {
    const { session, pet } = await ownerWithPet();
    const keep = await createReminder(session, pet.id, { title: 'Keep' });
    const drop = await createReminder(session, pet.id, { title: 'Drop' });
    const res = await session.delete(`/api/reminders/${drop.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await listOf(session)).toEqual([keep]);
    expect((await session.delete(`/api/reminders/${drop.id}`)).status).toBe(404);
  });
});
