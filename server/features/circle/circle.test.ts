import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, petMembers, pets, reminders, secretLinks, users } from '../../../shared/schema';
import { catalogue, payLocally } from '../../../tests/support/checkout';
import {
  buildCheckoutDetails,
  buildFinderReport,
  insertPet,
  type OwnerSession,
  signedInOwner,
} from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const db = () => app.database.db;
const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

/** The invitation e-mail sent to `email`, and the token its link carries. */
async function invitationTo(email: string) {
  const [mail] = await db().select().from(notifications).where(eq(notifications.recipient, email));
  const token = mail?.body.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
  return { mail, token: token as string };
}

/** The e-mails queued about the pet for the account `userId`. */
const mailsTo = (userId: string, petId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.petId, petId)));

/** A creator with a pet, and a person (signed in) that the creator invited and who has not accepted yet. */
async function invited() {
  const [creator, invitee] = await Promise.all([signedInOwner(app), signedInOwner(app)]);
  const pet = await insertPet(db(), creator.user.id, { name: 'Juniper' });
  const res = await creator.post(`/api/pets/${pet.id}/invitations`, { email: invitee.user.email.toUpperCase() });
  expect(res.status).toBe(201);
  const { mail, token } = await invitationTo(invitee.user.email.toLowerCase());
  return { creator, invitee, pet, mail, token };
}

/** A creator, a pet and a member of its Safety Circle who joined through an invitation. */
async function shared() {
  const scene = await invited();
  expect((await scene.invitee.post(`/api/invitations/${scene.token}/accept`)).status).toBe(200);
  return { ...scene, member: scene.invitee };
}

describe('inviting a co-owner', () => {
  it('when the creator invites an address, then an e-mail with a single-use link goes there and only its hash is stored', async () => {
    const { creator, invitee, pet, mail, token } = await invited();
    expect(mail.subject, 'no words the inviter typed').toBe('You are invited to co-own a pet on Homeward');
    expect(mail.body).toContain(`/invite/${token}`);
    expect(mail.body).toContain(
      `${creator.person.firstName} ${creator.person.lastName} gave this address on Homeward.`,
    );
    expect(mail.body).toMatch(/Refuse all e-mail from Homeward to this address: http\S+\/mail\/stop\/[\w-]{43}$/m);
    expect(token).toHaveLength(43);

    const [link] = await db().select().from(secretLinks).where(eq(secretLinks.petId, pet.id));
    expect(link.tokenHash).not.toContain(token);
    expect(JSON.stringify(link)).not.toContain(token);
    expect(link.email).toBe(invitee.user.email.toLowerCase());
    const days = (link.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const view = await new Session(app.url).get(`/api/invitations/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      petName: 'Juniper',
      invitedBy: `${creator.person.firstName} ${creator.person.lastName}`,
    });
    expect(view.body).not.toHaveProperty('forViewer');
    // Signed in, the page learns before anyone tries whether this account may accept it.
    expect((await invitee.get(`/api/invitations/${token}`)).body.forViewer).toBe('yes');
    expect((await creator.get(`/api/invitations/${token}`)).body.forViewer).toBe('yours');
    const other = await (await signedInOwner(app)).get(`/api/invitations/${token}`);
    expect(other.body.forViewer).toBe('another-address');
    expect(JSON.stringify(other.body)).not.toContain(invitee.user.email);

    const circle = await creator.get(`/api/pets/${pet.id}/circle`);
    expect(circle.body.pendingInvitations).toEqual([
      { email: invitee.user.email.toLowerCase(), expiresAt: link.expiresAt.toISOString() },
    ]);
  });

  it('when the invited person accepts, then the pet is theirs to see and edit, with its reminders, and the link is used up', async () => {
    const { creator, member, pet, token } = await shared();
    expect(idsOf((await member.get('/api/pets')).body)).toContain(pet.id);
    const whole = await member.get(`/api/pets/${pet.id}`);
    expect(whole.body).toHaveProperty('vetName', 'Happy Paws Clinic');
    expect((await member.patch(`/api/pets/${pet.id}`, { color: 'Brindle' })).status).toBe(200);

    await db()
      .insert(reminders)
      .values({ userId: creator.user.id, petId: pet.id, type: 'vaccine', title: 'Rabies', dueDate: '2031-01-01' });
    expect((await member.get('/api/reminders')).body.map((r: { title: string }) => r.title)).toContain('Rabies');

    const circle = await member.get(`/api/pets/${pet.id}/circle`);
    expect(circle.body.members).toEqual([
      { userId: creator.user.id, name: `${creator.person.firstName} ${creator.person.lastName}`, isCreator: true },
      { userId: member.user.id, name: `${member.person.firstName} ${member.person.lastName}`, isCreator: false },
    ]);
    // Pending invitations are the creator's business.
    expect(circle.body.pendingInvitations).toEqual([]);

    const again = await member.post(`/api/invitations/${token}/accept`);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe('This invitation has already been used.');
    expect((await new Session(app.url).get(`/api/invitations/${token}`)).status).toBe(410);
  });

  it('when someone other than the creator invites, then a member is refused and a stranger finds no pet', async () => {
    const { pet, member } = await shared();
    const stranger = await signedInOwner(app);
    const before = await db().select().from(secretLinks).where(eq(secretLinks.petId, pet.id));

    const byMember = await member.post(`/api/pets/${pet.id}/invitations`, { email: 'friend@example.com' });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe("Only the pet's creator can invite co-owners.");
    expect((await stranger.post(`/api/pets/${pet.id}/invitations`, { email: 'friend@example.com' })).status).toBe(404);
    expect(
      (await new Session(app.url).post(`/api/pets/${pet.id}/invitations`, { email: 'friend@example.com' })).status,
    ).toBe(401);
    expect(await db().select().from(secretLinks).where(eq(secretLinks.petId, pet.id))).toHaveLength(before.length);
    expect(await db().select().from(notifications).where(eq(notifications.recipient, 'friend@example.com'))).toEqual(
      [],
    );
  });

  it('when the address is not one, or the pet id is malformed, then 400 or 404 and nothing is sent', async () => {
    const creator = await signedInOwner(app);
    const pet = await insertPet(db(), creator.user.id);
    for (const email of ['', 'not-an-address', 'a@b', 42, `${'x'.repeat(320)}@example.com`]) {
      const res = await creator.post(`/api/pets/${pet.id}/invitations`, { email });
      expect(res.status, String(email)).toBe(400);
      expect(res.body.message).toMatch(/^email: /);
    }
    expect((await creator.post('/api/pets/not-a-uuid/invitations', { email: 'x@example.com' })).status).toBe(404);
    const own = await creator.post(`/api/pets/${pet.id}/invitations`, { email: creator.user.email });
    expect(own.status).toBe(409);
    expect(await db().select().from(secretLinks).where(eq(secretLinks.petId, pet.id))).toEqual([]);
  });
});

describe('cancelling an invitation', () => {
  it('when the creator cancels an invitation, then it leaves the pending list and its link opens nothing', async () => {
    const { creator, invitee, pet, token } = await invited();
    const cancel = await creator.post(`/api/pets/${pet.id}/invitations/cancel`, {
      email: invitee.user.email.toUpperCase(),
    });
    expect(cancel.status).toBe(204);
    expect((await creator.get(`/api/pets/${pet.id}/circle`)).body.pendingInvitations).toEqual([]);
    expect((await new Session(app.url).get(`/api/invitations/${token}`)).status).toBe(404);
    expect((await invitee.post(`/api/invitations/${token}/accept`)).status).toBe(404);
    expect(idsOf((await invitee.get('/api/pets')).body)).not.toContain(pet.id);

    const again = await creator.post(`/api/pets/${pet.id}/invitations/cancel`, { email: invitee.user.email });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Invitation not found');
  });

  it('when the invited person opened the link and the creator invites them again, then the newer link replaces the older', async () => {
    const { creator, invitee, pet, token: first } = await invited();
    expect((await new Session(app.url).get(`/api/invitations/${first}`)).status).toBe(200);
    await db().delete(notifications).where(eq(notifications.recipient, invitee.user.email.toLowerCase()));
    expect((await creator.post(`/api/pets/${pet.id}/invitations`, { email: invitee.user.email })).status).toBe(201);
    const { token: second } = await invitationTo(invitee.user.email.toLowerCase());
    expect(second).not.toBe(first);
    expect((await creator.get(`/api/pets/${pet.id}/circle`)).body.pendingInvitations).toHaveLength(1);
    expect((await new Session(app.url).get(`/api/invitations/${first}`)).status).toBe(404);
    expect((await invitee.post(`/api/invitations/${second}/accept`)).status).toBe(200);
  });

  it('when invitations to an address nobody opened keep coming, from one owner or many, then it receives one e-mail and the first link still works', async () => {
    const address = `someone.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const owners = [await signedInOwner(app), await signedInOwner(app)];
    const answers = [];
    for (let i = 0; i < 25; i++) {
      const owner = owners[i % 2];
      const pet = await insertPet(db(), owner.user.id, { name: `Pet ${i}` });
      answers.push(await owner.post(`/api/pets/${pet.id}/invitations`, { email: address }));
    }
    expect(answers.map((res) => res.status)).toEqual([201, ...Array(24).fill(409)]);
    expect(answers[1].body.message).toBe(
      'Homeward cannot e-mail this address now: its owner has not yet opened the e-mail we sent, or asked for no more.',
    );
    const mails = await db().select().from(notifications).where(eq(notifications.recipient, address));
    expect(mails).toHaveLength(1);
    const { token } = await invitationTo(address);
    expect((await new Session(app.url).get(`/api/invitations/${token}`)).body).toMatchObject({ petName: 'Pet 0' });

    // Opening it shows the address reads our mail: the next invitation goes out, without the refusal offer.
    const pet = await insertPet(db(), owners[1].user.id);
    expect((await owners[1].post(`/api/pets/${pet.id}/invitations`, { email: address })).status).toBe(201);
    const [latest] = await db().select().from(notifications).where(eq(notifications.petId, pet.id));
    expect(latest.body).not.toContain('/mail/stop/');
  });

  it('when a member, a stranger or a visitor cancels, then it is refused and the invitation stays', async () => {
    const { creator, member, pet } = await shared();
    const friend = `friend-${pet.id}@example.com`;
    expect((await creator.post(`/api/pets/${pet.id}/invitations`, { email: friend })).status).toBe(201);
    const stranger = await signedInOwner(app);
    const cancel = (session: Session, email = friend) =>
      session.post(`/api/pets/${pet.id}/invitations/cancel`, { email });

    const byMember = await cancel(member);
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe("Only the pet's creator can cancel invitations.");
    expect((await cancel(stranger)).status).toBe(404);
    expect((await cancel(new Session(app.url))).status).toBe(401);
    expect((await cancel(creator, 'not-an-address')).status).toBe(400);
    const pending = (await creator.get(`/api/pets/${pet.id}/circle`)).body.pendingInvitations;
    expect(pending.map((invitation: { email: string }) => invitation.email)).toEqual([friend]);
  });
});

describe('accepting an invitation', () => {
  it('when another account presses Accept, then it is refused and the link still works for the invited person', async () => {
    const { invitee, pet, token } = await invited();
    const other = await signedInOwner(app);
    const wrong = await other.post(`/api/invitations/${token}/accept`);
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(
      'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
    );
    expect(idsOf((await other.get('/api/pets')).body)).not.toContain(pet.id);
    expect((await invitee.post(`/api/invitations/${token}/accept`)).status).toBe(200);
  });

  it('when the invited address is the account’s but its provider did not verify it, then Accept is refused and the link still works once it is verified', async () => {
    const { invitee, pet, token } = await invited();
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, invitee.user.id));
    const refused = await invitee.post(`/api/invitations/${token}/accept`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your sign-in provider has not verified your e-mail address. Verify it with them, sign in again, then accept.',
    );
    expect(await db().select().from(petMembers).where(eq(petMembers.petId, pet.id))).toEqual([]);

    await db().update(users).set({ emailVerified: true }).where(eq(users.id, invitee.user.id));
    expect((await invitee.post(`/api/invitations/${token}/accept`)).status).toBe(200);
  });

  it('when the link is older than 7 days, then it is refused as expired', async () => {
    const { invitee, pet, token } = await invited();
    await db()
      .update(secretLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(secretLinks.petId, pet.id));
    const res = await invitee.post(`/api/invitations/${token}/accept`);
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('This invitation has expired.');
    expect(await db().select().from(petMembers).where(eq(petMembers.petId, pet.id))).toEqual([]);
  });

  it('when the token is unknown, malformed, or the visitor signed out, then 404 or 401', async () => {
    const { token } = await invited();
    const someone = await signedInOwner(app);
    const unknown = 'A'.repeat(43);
    expect((await someone.post(`/api/invitations/${unknown}/accept`)).status).toBe(404);
    expect((await someone.get(`/api/invitations/${unknown}`)).status).toBe(404);
    expect((await someone.get('/api/invitations/short')).status).toBe(404);
    expect((await new Session(app.url).post(`/api/invitations/${token}/accept`)).status).toBe(401);
  });

  it('when the creator presses Accept on their own invitation, then 409', async () => {
    const { creator, token } = await invited();
    expect((await creator.post(`/api/invitations/${token}/accept`)).status).toBe(409);
  });
});

describe('leaving and removing', () => {
  /** Every pet route a member may use, and what a person outside the circle must get from each. */
  async function expectOutside(person: OwnerSession, petId: string, memberId: string) {
    expect(idsOf((await person.get('/api/pets')).body)).not.toContain(petId);
    const view = await person.get(`/api/pets/${petId}`);
    expect(view.status).toBe(200);
    expect(view.body).not.toHaveProperty('userId');
    expect(view.body).not.toHaveProperty('vetName');
    expect((await person.patch(`/api/pets/${petId}`, { name: 'Taken' })).status).toBe(404);
    expect((await person.delete(`/api/pets/${petId}`)).status).toBe(404);
    expect((await person.get(`/api/pets/${petId}/reports`)).status).toBe(404);
    expect((await person.get(`/api/pets/${petId}/circle`)).status).toBe(404);
    expect((await person.post(`/api/pets/${petId}/invitations`, { email: 'x@example.com' })).status).toBe(404);
    expect((await person.delete(`/api/pets/${petId}/members/${memberId}`)).status).toBe(404);
    const reminder = await person.post('/api/reminders', {
      petId,
      type: 'grooming',
      title: 'Trim',
      dueDate: '2031-02-02',
    });
    expect(reminder.status).toBe(400);
    const [existing] = await db().select().from(reminders).where(eq(reminders.petId, petId));
    expect((await person.get('/api/reminders')).body.map((r: { petId: string }) => r.petId)).not.toContain(petId);
    expect((await person.patch(`/api/reminders/${existing.id}`, { isCompleted: true })).status).toBe(404);
    expect((await person.delete(`/api/reminders/${existing.id}`)).status).toBe(404);
    const [stored] = await db().select().from(pets).where(eq(pets.id, petId));
    expect(stored.name).not.toBe('Taken');
  }

  it('when the creator removes a member, then every pet route answers the former member as a stranger, and they are told by e-mail', async () => {
    const { creator, member, pet } = await shared();
    await db()
      .insert(reminders)
      .values({ userId: member.user.id, petId: pet.id, type: 'vaccine', title: 'Booster', dueDate: '2031-01-01' });
    expect((await creator.delete(`/api/pets/${pet.id}/members/${member.user.id}`)).status).toBe(204);
    const [told] = await mailsTo(member.user.id, pet.id);
    expect(told.recipient).toBe(member.user.email);
    expect(told.subject).toBe('You are no longer a co-owner of Juniper on Homeward');
    expect(told.body).toContain(
      `${creator.user.firstName} ${creator.user.lastName} removed you from Juniper's Safety Circle`,
    );
    expect(await mailsTo(creator.user.id, pet.id)).toEqual([]);
    await expectOutside(member, pet.id, member.user.id);
    // A person who was never in the circle gets exactly the same.
    await expectOutside(await signedInOwner(app), pet.id, creator.user.id);
    expect((await creator.get(`/api/pets/${pet.id}/circle`)).body.members).toHaveLength(1);
  });

  it('when a member leaves, then the pet is no longer theirs and its creator is told; a member cannot remove anyone else nor delete the pet', async () => {
    const { creator, member, pet } = await shared();
    const second = await signedInOwner(app);
    await db().insert(petMembers).values({ petId: pet.id, userId: second.user.id });

    const removeOther = await member.delete(`/api/pets/${pet.id}/members/${second.user.id}`);
    expect(removeOther.status).toBe(403);
    expect(removeOther.body.message).toBe("Only the pet's creator can remove co-owners.");
    expect((await member.delete(`/api/pets/${pet.id}/members/${creator.user.id}`)).status).toBe(403);
    expect((await member.delete(`/api/pets/${pet.id}`)).status).toBe(404);
    expect(await db().select().from(pets).where(eq(pets.id, pet.id))).toHaveLength(1);

    // Refused removals tell nobody.
    expect(await mailsTo(creator.user.id, pet.id)).toEqual([]);
    expect(await mailsTo(second.user.id, pet.id)).toEqual([]);

    expect((await member.delete(`/api/pets/${pet.id}/members/${member.user.id}`)).status).toBe(204);
    const [told] = await mailsTo(creator.user.id, pet.id);
    expect(told.recipient).toBe(creator.user.email);
    expect(told.subject).toBe(`${member.user.firstName} ${member.user.lastName} left Juniper's Safety Circle`);
    expect(told.body).toContain(`${app.url}/pet/${pet.id}`);
    expect(await mailsTo(member.user.id, pet.id)).toEqual([]);
    await db()
      .insert(reminders)
      .values({ userId: creator.user.id, petId: pet.id, type: 'vaccine', title: 'Booster', dueDate: '2031-01-01' });
    await expectOutside(member, pet.id, second.user.id);
    expect(
      await db()
        .select()
        .from(petMembers)
        .where(and(eq(petMembers.petId, pet.id), eq(petMembers.userId, second.user.id))),
    ).toHaveLength(1);
  });
});

describe("a former member opening the pet's old link", () => {
  it('when a member was removed or left, then the pet answers them that their access ended; a stranger and an unknown id learn nothing of it', async () => {
    const { creator, member, pet } = await shared();
    expect((await creator.delete(`/api/pets/${pet.id}/members/${member.user.id}`)).status).toBe(204);
    const removed = await member.get(`/api/pets/${pet.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ accessEnded: true });
    expect(removed.body).not.toHaveProperty('userId');

    const left = await shared();
    expect((await left.member.delete(`/api/pets/${left.pet.id}/members/${left.member.user.id}`)).status).toBe(204);
    expect((await left.member.get(`/api/pets/${left.pet.id}`)).body).toMatchObject({ accessEnded: true });

    const stranger = await signedInOwner(app);
    const strangers = [
      await stranger.get(`/api/pets/${pet.id}`),
      await new Session(app.url).get(`/api/pets/${pet.id}`),
    ];
    for (const view of strangers) expect(view.body).not.toHaveProperty('accessEnded');
    expect((await member.get(`/api/pets/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await creator.get(`/api/pets/${pet.id}`)).body).not.toHaveProperty('accessEnded');
  });
});

describe('lists that include shared pets', () => {
  it("when a member subscribes to their calendar feed, then the shared pet's reminders are in it, and leave it with them", async () => {
    const { creator, member, pet } = await shared();
    await db().insert(reminders).values({
      userId: creator.user.id,
      petId: pet.id,
      type: 'vaccine',
      title: 'Leptospirosis',
      dueDate: '2031-03-03',
    });
    const { url } = (await member.post('/api/reminders/calendar-token')).body as { url: string };
    const feed = () => new Session(app.url).get(new URL(url).pathname);
    expect((await feed()).text).toContain('Leptospirosis');
    expect((await member.delete(`/api/pets/${pet.id}/members/${member.user.id}`)).status).toBe(204);
    expect((await feed()).text).not.toContain('Leptospirosis');
  });
});

describe('orders for a shared pet', () => {
  it('when a co-owner buys a tag for the shared pet, then the order is theirs alone', async () => {
    const { creator, member, pet } = await shared();
    const [product] = await catalogue(member);
    const intent = (await member.post('/api/create-payment-intent', { productId: product.id, quantity: 1 })).body;
    const details = { paymentIntentId: intent.paymentIntentId, petId: pet.id, ...buildCheckoutDetails() };
    expect((await member.post('/api/update-payment-intent', details)).status).toBe(204);
    expect((await payLocally(member, intent)).status).toBe(200);

    const theirs = (await member.get('/api/orders')).body as { id: string; petId: string }[];
    expect(theirs.map((order) => order.petId)).toEqual([pet.id]);
    expect((await creator.get('/api/orders')).body).toEqual([]);
    expect((await creator.get(`/api/orders/${theirs[0].id}`)).status).toBe(404);

    // Leaving the circle keeps the order with its buyer.
    await member.delete(`/api/pets/${pet.id}/members/${member.user.id}`);
    expect(((await member.get('/api/orders')).body as unknown[]).length).toBe(1);
  });
});

describe('alerts to the whole circle', () => {
  it('when a finder reports a shared pet, then its creator and each member get the e-mail', async () => {
    const { creator, member, pet } = await shared();
    const res = await new Session(app.url).post(
      '/api/gps-pings',
      buildFinderReport(pet.id, { finderName: 'Robin', finderLocation: 'By the library' }),
    );
    expect(res.status).toBe(201);
    const mails = await db().select().from(notifications).where(eq(notifications.petId, pet.id));
    const reports = mails.filter((mail) => mail.subject.includes('a finder shared a location'));
    expect(reports.map((mail) => mail.recipient).sort()).toEqual([creator.user.email, member.user.email].sort());
    expect(reports.map((mail) => mail.userId).sort()).toEqual([creator.user.id, member.user.id].sort());
    for (const mail of reports) expect(mail.body).toContain('By the library');
  });
});
