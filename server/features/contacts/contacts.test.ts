import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_DEFAULTS, type PublicPageChoices } from '../../../shared/contracts/pets';
import { notifications, type Pet, pets, secretLinks } from '../../../shared/schema';
import { eventually } from '../../../tests/support/eventually';
import { insertPet, type OwnerSession, signedInOwner } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { scanPrerender } from '../scan/scan-prerender';
import { LINK_REFUSED } from './contacts.service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const db = () => app.database.db;
const anonymous = () => new Session(app.url);
const storedPet = async (id: string) => (await db().select().from(pets).where(eq(pets.id, id)))[0];
const DAY_MS = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Makes the pet's details look last confirmed `days` ago (and, optionally, last asked about). */
async function age(petId: string, days: number, reminderDaysAgo?: number) {
  await db()
    .update(pets)
    .set({
      contactConfirmedAt: daysAgo(days),
      ...(reminderDaysAgo !== undefined && { contactReminderSentAt: daysAgo(reminderDaysAgo) }),
    })
    .where(eq(pets.id, petId));
}

const emailsTo = (owner: OwnerSession) =>
  db().select().from(notifications).where(eq(notifications.userId, owner.user.id));
/**
 * The owner's e-mails once `expected` have arrived: another test app on the same database may be
 * running its own round of the job and hold a pet's claim for a moment.
 */
function emailsOnceThere(owner: OwnerSession, expected: number) {
  return eventually(
    () => emailsTo(owner),
    (emails) => emails.length >= expected,
  );
}

/** Runs the reminder job once and answers the owner's e-mails. */
async function remind(owner: OwnerSession, expected: number) {
  await app.services.contacts.sendDueReminders();
  return emailsOnceThere(owner, expected);
}

const tokenIn = (body: string) => body.match(/\/confirm-contact\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';

/** What the server-rendered scan page shows: its HTML without the data and words for its script. */
const prerendered = async (id: string) => {
  const req = { params: { id }, query: {}, get: () => undefined } as unknown as Request;
  const body = (await scanPrerender(app.services).render(req))?.body ?? '';
  return body.replace(/<script type="application\/json"[^>]*>.*?<\/script>/gs, '');
};

// A value per field that appears nowhere else, so finding it in a page means the field reached it.
const DISTINCT = {
  ownerName: 'Quinn Zephyrine',
  ownerPhone: '555-013-7781',
  ownerEmail: 'quinn.zephyrine@example.com',
  ownerAddress: '77 Juniper Lane',
  medicalNotes: 'Takes thyroxine twice daily',
  specialNeeds: 'Deaf in one ear',
  vetName: 'Aldergrove Animal Clinic',
  vetPhone: '555-019-4432',
  vetAddress: '9 Birchwood Road',
};
const BACKUP = { name: 'Morgan Okafor', phone: '555-014-2290', relationship: 'Neighbour' };

// What each switch must keep from a stranger: the values it governs.
const GOVERNED: { [K in keyof PublicPageChoices]: string[] } = {
  ownerName: [DISTINCT.ownerName],
  ownerPhone: [DISTINCT.ownerPhone, 'tel:5550137781'],
  ownerEmail: [DISTINCT.ownerEmail],
  ownerAddress: [DISTINCT.ownerAddress],
  medicalNotes: [DISTINCT.medicalNotes],
  specialNeeds: [DISTINCT.specialNeeds],
  vet: [DISTINCT.vetName, DISTINCT.vetPhone, DISTINCT.vetAddress],
  backupContacts: [BACKUP.name, BACKUP.phone],
};
const allShown = Object.fromEntries(Object.keys(PUBLIC_PAGE_DEFAULTS).map((key) => [key, true])) as PublicPageChoices;

describe('the public page choices', () => {
  let owner: OwnerSession;
  beforeAll(async () => {
    owner = await signedInOwner(app);
  });

  it('when an owner adds a pet without choosing, then the spec page is shown: address and vet hidden', async () => {
    const res = await owner.post('/api/pets', { ...DISTINCT, name: 'Pip', species: 'cat', backupContacts: [BACKUP] });
    expect(res.status).toBe(201);
    expect(res.body.publicPage).toEqual(PUBLIC_PAGE_DEFAULTS);
    const view = await anonymous().get(`/api/pets/${res.body.id}`);
    expect(view.body).toMatchObject({
      ownerName: DISTINCT.ownerName,
      ownerPhone: DISTINCT.ownerPhone,
      ownerEmail: DISTINCT.ownerEmail,
      medicalNotes: DISTINCT.medicalNotes,
      specialNeeds: DISTINCT.specialNeeds,
      backupContacts: [BACKUP],
    });
    for (const hidden of [...GOVERNED.ownerAddress, ...GOVERNED.vet]) expect(view.text).not.toContain(hidden);
    expect(view.body).not.toHaveProperty('publicPage');
  });

  it('when everything is switched on, then a stranger sees every detail, in the JSON and in the server-rendered page', async () => {
    const pet = await insertPet(db(), owner.user.id, { ...DISTINCT, backupContacts: [BACKUP], publicPage: allShown });
    const view = await anonymous().get(`/api/pets/${pet.id}`);
    const html = await prerendered(pet.id);
    for (const value of Object.values(GOVERNED).flat()) {
      if (!value.startsWith('tel:')) expect(view.text).toContain(value);
      expect(html).toContain(value);
    }
  });

  it.each(Object.keys(GOVERNED) as (keyof PublicPageChoices)[])(
    'when the owner hides %s, then it reaches no stranger: not in the JSON, not in the page, not in its embedded data',
    async (choice) => {
      const res = await owner.post('/api/pets', {
        ...DISTINCT,
        name: `Hidden ${choice}`,
        species: 'dog',
        backupContacts: [BACKUP],
        publicPage: { ...allShown, [choice]: false },
      });
      expect(res.status).toBe(201);
      expect(res.body.publicPage[choice]).toBe(false);
      for (const as of [anonymous(), await signedInOwner(app)]) {
        const view = await as.get(`/api/pets/${res.body.id}`);
        expect(view.status).toBe(200);
        for (const secret of GOVERNED[choice]) expect(view.text).not.toContain(secret);
      }
      const html = await prerendered(res.body.id);
      expect(html).toContain(`Hidden ${choice}`);
      for (const secret of GOVERNED[choice]) expect(html).not.toContain(secret);
      // Everything else stays.
      const others = Object.entries(GOVERNED).filter(([key]) => key !== choice);
      for (const value of others.flatMap(([, values]) => values)) expect(html).toContain(value);
    },
  );

  it('when the phone is hidden on a missing pet, then the banner offers Message Owner instead of Call Owner', async () => {
    const pet = await insertPet(db(), owner.user.id, {
      ...DISTINCT,
      isMissing: true,
      publicPage: { ...PUBLIC_PAGE_DEFAULTS, ownerPhone: false },
    });
    const html = await prerendered(pet.id);
    expect(html).toContain('Message Owner');
    expect(html).not.toContain('Call Owner');
    // Without scripts it opens the server-rendered Share Location form, which carries a message.
    expect(html).toContain(`href="/scan/${pet.id}/share-location"`);
    const shown = await prerendered((await insertPet(db(), owner.user.id, { isMissing: true })).id);
    expect(shown).toContain('Call Owner');
    expect(shown).not.toContain('Message Owner');
  });

  it('when the phone is hidden on a safe pet, then the contact card offers Message Owner; with the phone shown it does not', async () => {
    const hidden = await insertPet(db(), owner.user.id, { publicPage: { ...PUBLIC_PAGE_DEFAULTS, ownerPhone: false } });
    const html = await prerendered(hidden.id);
    expect(html).toContain('Message Owner');
    expect(html).toContain(`href="/scan/${hidden.id}/share-location"`);
    expect(await prerendered((await insertPet(db(), owner.user.id)).id)).not.toContain('Message Owner');
  });

  it('when the owner changes a switch, then the next stranger no longer sees the field', async () => {
    const pet = await insertPet(db(), owner.user.id, DISTINCT);
    expect((await anonymous().get(`/api/pets/${pet.id}`)).body.ownerEmail).toBe(DISTINCT.ownerEmail);
    const res = await owner.patch(`/api/pets/${pet.id}`, {
      publicPage: { ...PUBLIC_PAGE_DEFAULTS, ownerEmail: false },
    });
    expect(res.status).toBe(200);
    expect((await anonymous().get(`/api/pets/${pet.id}`)).text).not.toContain(DISTINCT.ownerEmail);
  });

  it('when a switch is not a boolean, then 400 and the choices stay', async () => {
    const pet = await insertPet(db(), owner.user.id);
    const res = await owner.patch(`/api/pets/${pet.id}`, { publicPage: { ownerPhone: 'no' } });
    expect(res.status).toBe(400);
    expect((await storedPet(pet.id)).publicPage).toEqual(PUBLIC_PAGE_DEFAULTS);
  });

  it('when the confirmed month is shown to a stranger, then it is the month only', async () => {
    const pet = await insertPet(db(), owner.user.id);
    await db()
      .update(pets)
      .set({ contactConfirmedAt: new Date('2026-03-14T10:20:30Z') })
      .where(eq(pets.id, pet.id));
    const view = await anonymous().get(`/api/pets/${pet.id}`);
    expect(view.body.contactConfirmedMonth).toBe('2026-03');
    expect(view.text).not.toContain('2026-03-14');
    expect(await prerendered(pet.id)).toContain('Contact details confirmed March 2026');
  });
});

describe('backup contacts', () => {
  let owner: OwnerSession;
  beforeAll(async () => {
    owner = await signedInOwner(app);
  });
  const contact = (n: number) => ({ name: `Backup ${n}`, phone: `555-010-000${n}`, relationship: 'Friend' });

  it('when an owner saves three, then they are stored and the scan page offers each as "If no answer, call"', async () => {
    const pet = await insertPet(db(), owner.user.id);
    const three = [contact(1), contact(2), { name: 'Sam', phone: '+1 555 010 0003', relationship: '' }];
    const res = await owner.patch(`/api/pets/${pet.id}`, { backupContacts: three });
    expect(res.status).toBe(200);
    expect(res.body.backupContacts).toEqual(three);
    const html = await prerendered(pet.id);
    expect(html).toContain('If no answer, call Sam');
    expect(html).toContain('href="tel:+15550100003"');
    expect(html).toContain('href="tel:5550100001"');
  });

  it('when a fourth is sent, then 400 and the stored contacts are untouched', async () => {
    const pet = await insertPet(db(), owner.user.id, { backupContacts: [contact(1)] });
    const res = await owner.patch(`/api/pets/${pet.id}`, { backupContacts: [1, 2, 3, 4].map(contact) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('backupContacts: At most 3 backup contacts');
    expect((await storedPet(pet.id)).backupContacts).toEqual([contact(1)]);
  });

  it.each([
    ['without a name', { name: ' ', phone: '555-010-0001' }, 'backupContacts.0.name: Required'],
    [
      'with too few digits',
      { name: 'Sam', phone: '12-34' },
      'backupContacts.0.phone: Phone number must contain at least 7 digits',
    ],
    ['that is not an object', 'Sam 555-010-0001', undefined],
  ])('when a contact is sent %s, then 400 and nothing is stored', async (_case, bad, message) => {
    const pet = await insertPet(db(), owner.user.id);
    const res = await owner.patch(`/api/pets/${pet.id}`, { backupContacts: [bad] });
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    expect((await storedPet(pet.id)).backupContacts).toEqual([]);
  });
});

describe('confirming contact details', () => {
  it('when a pet is created, then its details count as confirmed now', async () => {
    const owner = await signedInOwner(app);
    const res = await owner.post('/api/pets', { name: 'Nova', species: 'dog', ownerName: 'A', ownerPhone: '5550100' });
    expect(Date.now() - Date.parse(res.body.contactConfirmedAt)).toBeLessThan(60_000);
  });

  it('when an owner edits a contact detail, then they count as confirmed; repeating them (the missing toggle) does not', async () => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(db(), owner.user.id);
    for (const [field, value] of [
      ['ownerName', 'New Name'],
      ['ownerPhone', '555-010-9999'],
      ['ownerEmail', 'new@example.com'],
      ['ownerAddress', '5 New Road'],
    ]) {
      await age(pet.id, 200);
      const res = await owner.patch(`/api/pets/${pet.id}`, { [field]: value });
      expect(res.status).toBe(200);
      expect(Date.now() - Date.parse(res.body.contactConfirmedAt), field).toBeLessThan(60_000);
    }
    await age(pet.id, 200);
    const whole = (await owner.get(`/api/pets/${pet.id}`)).body;
    await owner.patch(`/api/pets/${pet.id}`, { ...whole, isMissing: true, breed: 'Collie' });
    expect((await storedPet(pet.id)).contactConfirmedAt.getTime()).toBeLessThan(daysAgo(199).getTime());
  });

  it('when the owner presses Confirm Details, then the date moves to now; a stranger or a visitor cannot', async () => {
    const [owner, stranger] = await Promise.all([signedInOwner(app), signedInOwner(app)]);
    const pet = await insertPet(db(), owner.user.id);
    await age(pet.id, 200);
    expect((await stranger.post(`/api/pets/${pet.id}/contact-confirmation`)).status).toBe(404);
    expect((await anonymous().post(`/api/pets/${pet.id}/contact-confirmation`)).status).toBe(401);
    expect((await owner.post(`/api/pets/${crypto.randomUUID()}/contact-confirmation`)).status).toBe(404);
    expect((await owner.post('/api/pets/not-a-pet/contact-confirmation')).status).toBe(404);
    expect((await storedPet(pet.id)).contactConfirmedAt.getTime()).toBeLessThan(daysAgo(199).getTime());

    const res = await owner.post(`/api/pets/${pet.id}/contact-confirmation`);
    expect(res.status).toBe(200);
    expect(res.body.petId).toBe(pet.id);
    expect(Date.now() - Date.parse(res.body.contactConfirmedAt)).toBeLessThan(60_000);
    expect((await owner.get(`/api/pets/${pet.id}`)).body.contactConfirmedAt).toBe(res.body.contactConfirmedAt);
  });
});

describe('the dashboard banner list', () => {
  it('when pets were not confirmed for 180 days, then those, and only the owner’s own, are listed until confirmed', async () => {
    const [owner, other] = await Promise.all([signedInOwner(app), signedInOwner(app)]);
    const stale = await insertPet(db(), owner.user.id, { name: 'Stale' });
    const older = await insertPet(db(), owner.user.id, { name: 'Older' });
    const recent = await insertPet(db(), owner.user.id, { name: 'Recent' });
    const othersStale = await insertPet(db(), other.user.id, { name: 'Not yours' });
    await age(stale.id, 181);
    await age(older.id, 400);
    await age(recent.id, 179);
    await age(othersStale.id, 300);

    const res = await owner.get('/api/contact-checks');
    expect(res.status).toBe(200);
    expect(res.body.map((p: Pet) => p.name)).toEqual(['Older', 'Stale']);
    expect(Object.keys(res.body[0]).sort()).toEqual(['contactConfirmedAt', 'id', 'name']);

    await owner.post(`/api/pets/${stale.id}/contact-confirmation`);
    expect((await owner.get('/api/contact-checks')).body.map((p: Pet) => p.name)).toEqual(['Older']);
    expect((await anonymous().get('/api/contact-checks')).status).toBe(401);
  });
});

describe('the reminder e-mail and its confirmation link', () => {
  it('when a pet goes stale, then the job e-mails its owner once per period, with a confirm and an edit link', async () => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(db(), owner.user.id, { name: 'Clover', ownerPhone: '555-010-4242' });
    await age(pet.id, 181);

    const [email, ...more] = await remind(owner, 1);
    expect(more).toEqual([]);
    expect(email.recipient).toBe(owner.user.email);
    expect(email.petId).toBe(pet.id);
    expect(email.subject).toBe("Are Clover's contact details still right?");
    expect(email.body).toContain('555-010-4242');
    expect(email.body).toContain(`${app.url}/edit-pet/${pet.id}`);
    expect(tokenIn(email.body)).not.toBe('');

    // The same period: nothing more, however often the job runs.
    await app.services.contacts.sendDueReminders();
    await app.services.contacts.sendDueReminders(new Date(Date.now() + 100 * DAY_MS));
    expect(await emailsTo(owner)).toHaveLength(1);

    // 180 days after the last e-mail, still not confirmed: asked again.
    await age(pet.id, 400, 181);
    expect(await remind(owner, 2)).toHaveLength(2);
  });

  it('when two runs start at once, then the owner gets one e-mail per stale pet', async () => {
    const owner = await signedInOwner(app);
    const stalePets = await Promise.all([1, 2, 3].map(() => insertPet(db(), owner.user.id)));
    for (const pet of stalePets) await age(pet.id, 190);
    await Promise.all([app.services.contacts.sendDueReminders(), app.services.contacts.sendDueReminders()]);
    const emails = await emailsOnceThere(owner, 3);
    expect(emails).toHaveLength(3);
    expect(new Set(emails.map((e) => e.subject)).size).toBe(3);
  });

  it('when a confirmed pet is recent, then no e-mail is sent', async () => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(db(), owner.user.id);
    await age(pet.id, 179);
    await app.services.contacts.sendDueReminders();
    expect(await emailsTo(owner)).toEqual([]);
  });

  async function emailedLink() {
    const owner = await signedInOwner(app);
    const pet = await insertPet(db(), owner.user.id, { name: 'Juniper', ownerName: 'Robin Vale' });
    const sibling = await insertPet(db(), owner.user.id, { name: 'Sibling' });
    await age(pet.id, 200);
    const [email] = await remind(owner, 1);
    await age(sibling.id, 200);
    return { owner, pet, sibling, token: tokenIn(email.body) };
  }

  it('when the link is opened, then the page learns the pet and its details, and nothing is confirmed yet', async () => {
    const { pet, token } = await emailedLink();
    const res = await anonymous().get(`/api/contact-confirmations/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ petName: 'Juniper', ownerName: 'Robin Vale' });
    expect((await storedPet(pet.id)).contactConfirmedAt.getTime()).toBeLessThan(daysAgo(199).getTime());
  });

  it('when Confirm is pressed without signing in, then that pet only is confirmed, and the link works no more', async () => {
    const { owner, pet, sibling, token } = await emailedLink();
    const res = await anonymous().post(`/api/contact-confirmations/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.petId).toBe(pet.id);
    expect(Date.now() - (await storedPet(pet.id)).contactConfirmedAt.getTime()).toBeLessThan(60_000);
    expect((await storedPet(sibling.id)).contactConfirmedAt.getTime()).toBeLessThan(daysAgo(199).getTime());
    expect((await owner.get('/api/contact-checks')).body.map((p: Pet) => p.id)).toEqual([sibling.id]);

    for (const again of [
      await anonymous().post(`/api/contact-confirmations/${token}`),
      await anonymous().get(`/api/contact-confirmations/${token}`),
    ]) {
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(LINK_REFUSED);
    }
  });

  it('when the link has expired, then it is refused and nothing is confirmed', async () => {
    const { pet, token } = await emailedLink();
    await db()
      .update(secretLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(secretLinks.petId, pet.id));
    expect((await anonymous().get(`/api/contact-confirmations/${token}`)).status).toBe(404);
    const res = await anonymous().post(`/api/contact-confirmations/${token}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(LINK_REFUSED);
    expect((await storedPet(pet.id)).contactConfirmedAt.getTime()).toBeLessThan(daysAgo(199).getTime());
  });

  it('when the link is forged or malformed, then it is refused', async () => {
    const { pet, token } = await emailedLink();
    const forged = crypto.randomBytes(32).toString('base64url');
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [forged, altered, 'abc', `${token}x`, "'%20or%201=1"]) {
      const res = await anonymous().post(`/api/contact-confirmations/${bad}`);
      expect(res.status, bad).toBe(404);
    }
    expect((await storedPet(pet.id)).contactConfirmedAt.getTime()).toBeLessThan(daysAgo(199).getTime());
  });

  it('when the database keeps the link, then only its hash is stored, for this one purpose and 30 days', async () => {
    const { pet, token } = await emailedLink();
    const [link] = await db().select().from(secretLinks).where(eq(secretLinks.petId, pet.id));
    expect(link.tokenHash).not.toContain(token);
    expect(link.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(link.purpose).toBe('contact-confirmation');
    const days = (link.expiresAt.getTime() - link.createdAt.getTime()) / DAY_MS;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });
});
