import crypto from 'node:crypto';
import { and, eq, isNull, like } from 'drizzle-orm';
import type { Request } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, notifications, petMembers, pets, rateLimits } from '../../../shared/schema';
import { eventually } from '../../../tests/support/eventually';
import { buildFinderReport, insertPet, signedInOwner } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import type { SmtpDouble } from '../../../tests/support/smtp-double';
import { startTestAppWithMail, type TestApp } from '../../../tests/support/test-app';
import { ADDRESS_MAIL_PER_DAY } from '../notifications/notifications.service';
import { conversationPrerender } from './conversation-prerender';
import { FINDER_ADDRESS_LIMIT, FINDER_MESSAGE_LIMIT, OWNER_REPLY_LIMIT } from './conversations.routes';

let app: TestApp;
let smtp: SmtpDouble;
beforeAll(async () => {
  ({ app, smtp } = await startTestAppWithMail());
});
afterAll(() => app?.close());
// Every finder here writes from this machine's one address: each test starts with its count at zero.
beforeEach(async () => {
  await app.database.db.delete(rateLimits).where(like(rateLimits.key, 'conversation-address:%'));
});

/** A finder's address no test shares: Homeward writes to an address it never heard from only once. */
const newFinderEmail = () => `robin.${crypto.randomUUID().slice(0, 8)}@example.org`;

/** A pet, its owner, and a finder's report on it that left `finderContact`. */
async function reportedPet(finderContact = newFinderEmail()) {
  const owner = await signedInOwner(app);
  const pet = await insertPet(app.database.db, owner.user.id, { name: 'Mochi', isMissing: true });
  const finder = new Session(app.url);
  const res = await finder.post(
    '/api/gps-pings',
    buildFinderReport(pet.id, {
      finderName: 'Robin',
      finderLocation: 'Riverside park, by the bandstand',
      message: 'She is with me.',
      finderContact,
    }),
  );
  expect(res.status).toBe(201);
  const token = (res.body.conversationPath as string).replace('/c/', '');
  const [report] = (await owner.get(`/api/pets/${pet.id}/reports`)).body;
  return { owner, pet, finder, token, report, filed: res.body, finderEmail: finderContact };
}

/** The conversation link an e-mail carries: each e-mail has one of its own. */
const linkIn = (data = '') => new RegExp(`${app.url}/c/([A-Za-z0-9_-]{32})`).exec(data)?.[1];

/** The report the conversation page behind `token` shows (opening it, as its holder would). */
const reportBehind = async (token?: string) =>
  (await new Session(app.url).get(`/api/conversations/${token}`)).body.report;

// The body as the recipient reads it: quoted-printable's soft line breaks and escaped bytes undone.
const readable = (data: string) =>
  Buffer.from(
    data.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The e-mail to `address` that says `containing`, as its recipient reads it. Delivery happens after the answer: wait for it. */
function mailTo(address: string, containing: string) {
  return eventually(
    () =>
      smtp.received
        .filter((m) => m.to.includes(address))
        .map((m) => ({ ...m, data: readable(m.data) }))
        .find((m) => m.data.includes(containing)),
    (mail) => mail !== undefined,
  );
}

/** The e-mails about `petId` that say `text`, sent or not. */
const outboxMentioning = (petId: string, text: string) =>
  app.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.petId, petId), like(notifications.body, `%${text}%`)));
const messagesOf = (reportId: string) => app.database.db.select().from(messages).where(eq(messages.reportId, reportId));

describe('a finder report opens a conversation', () => {
  it('when a finder reports, then they get a secret link of at least 128 bits and the owner never sees their e-mail address', async () => {
    const { owner, pet, token, report, filed, finderEmail } = await reportedPet();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(filed.conversationPath).toBe(`/c/${token}`);

    expect(report).toMatchObject({ finderHasEmail: true, finderPhone: null });
    const ownerViews = [
      await owner.get(`/api/pets/${pet.id}/reports`),
      await owner.get(`/api/pets/${pet.id}/messages`),
      await owner.get(`/api/pets/${pet.id}`),
    ];
    for (const view of ownerViews) {
      expect(view.status).toBe(200);
      expect(view.text).not.toContain(finderEmail);
      expect(view.text).not.toContain(token);
    }
    const ownerMail = await mailTo(owner.person.email, 'Riverside park');
    expect(ownerMail?.data).not.toContain(finderEmail);
  });

  it('when the finder left a phone number, then the owner gets it to call', async () => {
    const { report } = await reportedPet('+1 (555) 010-0123');
    expect(report).toMatchObject({ finderPhone: '+1 (555) 010-0123', finderHasEmail: false });
  });

  it.each([
    ['words', 'call me maybe'],
    ['two addresses', 'a@example.com,b@example.com'],
    ['an address with a display name', 'Robin <robin@example.org>'],
  ])('when the contact is %s, not one phone number or e-mail address, then 400 names the field', async (_, contact) => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id);
    const res = await new Session(app.url).post(
      '/api/gps-pings',
      buildFinderReport(pet.id, { finderLocation: 'Park', finderContact: contact }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('finderContact: Please enter a phone number or an email address');
  });
});

describe('the owner replies', () => {
  it('when the owner replies, then the finder sees it on their page and receives it by e-mail with the link', async () => {
    const { owner, token, report, finderEmail } = await reportedPet();
    expect((await owner.put('/api/account/time-zone', { timeZone: 'Asia/Kolkata' })).status).toBe(204);
    const reply = await owner.post(`/api/reports/${report.id}/replies`, { body: 'Thank you!\nI am on my way.' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ author: 'owner', body: 'Thank you!\nI am on my way.', reportId: report.id });

    const page = await new Session(app.url).get(`/api/conversations/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.body).toMatchObject({
      pet: { name: 'Mochi' },
      report: { finderLocation: 'Riverside park, by the bandstand', message: 'She is with me.' },
      messages: [{ author: 'owner', body: 'Thank you!\nI am on my way.' }],
    });
    expect(page.text).not.toContain(owner.person.email);
    expect(page.text).not.toContain(finderEmail);

    const mail = await mailTo(finderEmail, 'I am on my way.');
    expect(mail, 'the finder was e-mailed').toBeDefined();
    const link = linkIn(mail?.data);
    expect(link, 'a link of its own, not the one the finder was given').not.toBe(token);
    expect(await reportBehind(link)).toEqual(await reportBehind(token));
    expect(mail?.data).toContain('Pet: Mochi');
    expect(mail?.data).not.toContain(owner.person.email);
    // The time is the replying owner's, where the pet lives and its finder most likely is, named.
    expect(mail?.data).toMatch(/^Sent: .+ GMT\+5:30$/m);
  });

  it('when the finder left no e-mail address, then the reply waits on their page and no e-mail goes out', async () => {
    const { owner, pet, token, report } = await reportedPet('555-0123-456');
    const sentBefore = smtp.received.length;
    const reply = await owner.post(`/api/reports/${report.id}/replies`, { body: 'Call you soon' });
    expect(reply.status).toBe(201);
    expect((await new Session(app.url).get(`/api/conversations/${token}`)).body.messages).toHaveLength(1);
    // A reply's e-mail is queued with the reply itself, which the finder's page shows: with none in the
    // outbox, none can go out.
    expect(await outboxMentioning(pet.id, 'Call you soon')).toEqual([]);
    expect(smtp.received.slice(sentBefore).filter((m) => readable(m.data).includes('Call you soon'))).toEqual([]);
  });

  it('when another owner replies to or reads the report, then 404 and nothing is stored', async () => {
    const { pet, report } = await reportedPet();
    const stranger = await signedInOwner(app);
    const reply = await stranger.post(`/api/reports/${report.id}/replies`, { body: 'Not mine' });
    expect(reply.status).toBe(404);
    expect((await stranger.get(`/api/pets/${pet.id}/messages`)).status).toBe(404);
    expect(await messagesOf(report.id)).toEqual([]);
  });

  it('when a Safety Circle member replies, then it is taken and shows with their name', async () => {
    const { owner, pet, report } = await reportedPet();
    const member = await signedInOwner(app, { firstName: 'Sam' });
    await app.database.db.insert(petMembers).values({ petId: pet.id, userId: member.user.id });
    expect((await member.post(`/api/reports/${report.id}/replies`, { body: 'Sam here' })).status).toBe(201);
    const thread = await owner.get(`/api/pets/${pet.id}/messages`);
    expect(thread.body).toMatchObject([{ author: 'owner', authorName: 'Sam', body: 'Sam here' }]);
  });

  it('when a signed-out visitor replies, then 401', async () => {
    const { report } = await reportedPet();
    expect((await new Session(app.url).post(`/api/reports/${report.id}/replies`, { body: 'hi' })).status).toBe(401);
  });
});

describe('the finder answers', () => {
  it('when the finder answers, then every owner of the pet is e-mailed a link to the report and sees the answer', async () => {
    const { owner, pet, token, report, finderEmail } = await reportedPet();
    const member = await signedInOwner(app);
    await app.database.db.insert(petMembers).values({ petId: pet.id, userId: member.user.id });

    const res = await new Session(app.url).post(`/api/conversations/${token}/messages`, {
      body: 'We are at the café on Elm St.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ author: 'finder', body: 'We are at the café on Elm St.' });

    const thread = await owner.get(`/api/pets/${pet.id}/messages`);
    expect(thread.body).toMatchObject([{ author: 'finder', authorName: null, reportId: report.id }]);
    for (const who of [owner, member]) {
      const mail = await mailTo(who.person.email, 'We are at the café on Elm St.');
      expect(mail, `${who.person.email} was e-mailed`).toBeDefined();
      expect(mail?.data).toContain(`${app.url}/pet/${pet.id}#report-${report.id}`);
      expect(mail?.data).not.toContain(finderEmail);
    }
  });

  it('when a token is guessed or malformed, then 404 and nothing is stored', async () => {
    const guessed = crypto.randomBytes(24).toString('base64url');
    const visitor = new Session(app.url);
    for (const token of [guessed, 'short', `${guessed}x`]) {
      expect((await visitor.get(`/api/conversations/${token}`)).status).toBe(404);
      expect((await visitor.post(`/api/conversations/${token}/messages`, { body: 'hello' })).status).toBe(404);
    }
  });

  it.each([
    ['an empty message', '   ', 'body: Please write a message'],
    ['a message over 2000 characters', 'x'.repeat(2001), 'body: Messages can be at most 2000 characters'],
    ['no message', undefined, 'body: Message: Required'],
  ])('when the finder sends %s, then 400 says why and nothing is stored', async (_, body, message) => {
    const { token, report } = await reportedPet();
    const res = await new Session(app.url).post(`/api/conversations/${token}/messages`, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await messagesOf(report.id)).toEqual([]);
  });

  it('when a message holds markup, then it is kept as plain text', async () => {
    const { token } = await reportedPet();
    const finder = new Session(app.url);
    await finder.post(`/api/conversations/${token}/messages`, { body: '<b>hi</b><script>x</script>' });
    const page = await finder.get(`/api/conversations/${token}`);
    expect(page.body.messages[0].body).toBe('<b>hi</b><script>x</script>');
  });

  it('when one conversation gets too many messages, then 429 and the rest are not stored', async () => {
    const { token, report } = await reportedPet();
    const finder = new Session(app.url);
    for (let i = 0; i < FINDER_MESSAGE_LIMIT.limit; i++) {
      expect((await finder.post(`/api/conversations/${token}/messages`, { body: `m${i}` })).status).toBe(201);
    }
    const refused = await finder.post(`/api/conversations/${token}/messages`, { body: 'one more' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await messagesOf(report.id)).toHaveLength(FINDER_MESSAGE_LIMIT.limit);
  });

  it('when one address writes into many conversations, then it is limited too', async () => {
    const finder = new Session(app.url);
    let sent = 0;
    while (sent < FINDER_ADDRESS_LIMIT.limit) {
      const { token } = await reportedPet();
      for (let i = 0; i < FINDER_MESSAGE_LIMIT.limit && sent < FINDER_ADDRESS_LIMIT.limit; i++, sent++) {
        expect((await finder.post(`/api/conversations/${token}/messages`, { body: `m${i}` })).status).toBe(201);
      }
    }
    const { token, report } = await reportedPet();
    expect((await finder.post(`/api/conversations/${token}/messages`, { body: 'again' })).status).toBe(429);
    expect(await messagesOf(report.id)).toEqual([]);
  }, 60_000);
});

describe('the conversation page without JavaScript', () => {
  const form = (session: Session, token: string, body: string, origin = app.url) =>
    session.raw('POST', `/c/${token}`, {
      body: new URLSearchParams({ body }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    });

  it('when the finder posts the Send form, then the message is stored and the browser is sent back to the page', async () => {
    const { token, report } = await reportedPet();
    const session = new Session(app.url);
    const res = await form(session, token, 'Still here, by the gate');
    expect(res.status).toBe(303);
    const [stored] = await messagesOf(report.id);
    expect(stored).toMatchObject({ author: 'finder', body: 'Still here, by the gate' });
    expect(res.headers.get('location')).toBe(`/c/${token}#message-${stored.id}`);
    const noReferer = await session.raw('POST', `/c/${token}`, {
      body: 'body=again',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(noReferer.status).toBe(303);
  });

  it('when the finder writes the longest message the box takes, in Chinese, then it is stored', async () => {
    const { token, report } = await reportedPet();
    const longest = '她在公园的长椅下面'.repeat(223).slice(0, 2000);
    expect((await form(new Session(app.url), token, longest)).status).toBe(303);
    expect((await messagesOf(report.id))[0].body).toBe(longest);
  });

  it('when the form post is refused, then the page says why and keeps what was typed; from another site it is 403', async () => {
    const { token, report } = await reportedPet();
    const finder = new Session(app.url);
    const typed = `Mochi is safe with me <b>now</b>. ${'x'.repeat(2001)}`;
    const tooLong = await form(finder, token, typed);
    expect(tooLong.status).toBe(400);
    expect(tooLong.headers.get('cache-control')).toBe('no-store');
    // Its address is its secret: a search engine that learns it never lists it.
    expect(tooLong.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const tooLongPage = await tooLong.text();
    expect(tooLongPage).toContain('Please write a message of at most 2,000 characters.');
    expect(tooLongPage).toContain(`Mochi is safe with me &lt;b&gt;now&lt;/b&gt;. ${'x'.repeat(2001)}</textarea>`);
    expect(tooLongPage).toContain('Riverside park, by the bandstand');
    // The focus goes back to the box, which names the error (the page has no script to move it).
    expect(tooLongPage).toMatch(
      /<textarea[^>]* aria-invalid="true" aria-describedby="conversation-error"[^>]* autofocus=""/,
    );
    const blank = await form(finder, token, '   ');
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain('Please write a message.');

    expect((await form(finder, token, 'hi', 'https://evil.example')).status).toBe(403);
    // A page without a Referer posts with Origin "null": Fetch metadata must then say it is ours.
    const fromNowhere = (site: string) =>
      finder.raw('POST', `/c/${token}`, {
        body: 'body=hi',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': site },
      });
    expect((await fromNowhere('cross-site')).status).toBe(403);
    expect(await messagesOf(report.id)).toEqual([]);
    for (let i = 0; i < FINDER_MESSAGE_LIMIT.limit; i++) expect((await form(finder, token, `m${i}`)).status).toBe(303);
    const tooMany = await form(finder, token, 'One more thing: he limps on the left');
    expect(tooMany.status).toBe(429);
    const tooManyPage = await tooMany.text();
    expect(tooManyPage).toContain('Too many messages.');
    expect(tooManyPage).toContain('One more thing: he limps on the left</textarea>');
    expect(await messagesOf(report.id)).toHaveLength(FINDER_MESSAGE_LIMIT.limit);
  });

  const pageRequest = (token: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    ({ params: { token }, query, get: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;

  it('when the finder opens the page, then the HTML holds the pet, their report, the replies and a form that posts', async () => {
    const { owner, token, report } = await reportedPet();
    await owner.post(`/api/reports/${report.id}/replies`, { body: 'See you <soon>' });
    const page = await conversationPrerender(app.services).render(pageRequest(token));
    expect(page?.status).toBeUndefined();
    expect(page?.cacheControl).toBe('no-store');
    expect(page?.body).toContain('Mochi');
    expect(page?.body).toContain('Riverside park, by the bandstand');
    expect(page?.body).toContain('See you &lt;soon&gt;');
    expect(page?.body).toContain(`action="/c/${token}"`);
    expect(page?.body).toContain('method="post"');
    expect(page?.body).not.toContain(owner.person.email);
    // The conversation and the page's words: two data blocks, each closed once.
    expect(page?.body.match(/<\/script>/g)).toHaveLength(2);
  });

  it('when the token names no conversation, then the page says so with 404', async () => {
    const render = conversationPrerender(app.services).render;
    for (const token of [crypto.randomBytes(24).toString('base64url'), 'nope']) {
      const page = await render(pageRequest(token));
      expect(page?.status).toBe(404);
      expect(page?.body).toContain('Conversation Not Found');
    }
  });
});

describe('the owners thank the finders once the pet is home safe', () => {
  const THANKS = 'Mochi is home safe. Thank you for helping!';

  /** Mochi, reported by a finder with an e-mail address and one with a phone number, then marked safe. */
  async function homeSafePet() {
    const { owner, pet, token, report, finderEmail } = await reportedPet();
    const second = await new Session(app.url).post(
      '/api/gps-pings',
      buildFinderReport(pet.id, {
        finderName: 'Kai',
        finderLocation: 'Corner of Elm and 5th',
        finderContact: '555-0100-222',
      }),
    );
    expect(second.status).toBe(201);
    const secondToken = (second.body.conversationPath as string).replace('/c/', '');
    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: false })).status).toBe(200);
    return { owner, pet, tokens: [token, secondToken], report, finderEmail };
  }

  const thanksOn = async (token: string) =>
    ((await new Session(app.url).get(`/api/conversations/${token}`)).body.messages as { body: string }[]).filter(
      (message) => message.body.startsWith(THANKS),
    );

  it('when the owner taps Thank the Finders twice, then every finder is thanked once and the one with an e-mail address is e-mailed', async () => {
    const { owner, pet, tokens, finderEmail } = await homeSafePet();

    const first = await owner.post(`/api/pets/${pet.id}/thanks`, {});
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ thanked: 2 });
    const again = await owner.post(`/api/pets/${pet.id}/thanks`, {});
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ thanked: 0 });

    for (const token of tokens) {
      const thanks = await thanksOn(token);
      expect(thanks, 'one thank-you on each finder page').toHaveLength(1);
      expect(thanks[0]).toMatchObject({ author: 'owner' });
      expect(thanks[0].body).toContain("Mochi's family is grateful");
    }
    const mail = await mailTo(finderEmail, THANKS);
    expect(mail, 'the finder with an e-mail address was thanked by e-mail').toBeDefined();
    expect(await reportBehind(linkIn(mail?.data))).toEqual(await reportBehind(tokens[0]));
    expect(mail?.data).not.toContain(owner.person.email);
    const reports = (await owner.get(`/api/pets/${pet.id}/reports`)).body as { thanked: boolean }[];
    expect(reports.map((report) => report.thanked)).toEqual([true, true]);
  });

  /** Every e-mail to `address` (in any case) that says THANKS, once the pet's outbox has sent everything it holds. */
  async function thanksMailedTo(petId: string, address: string) {
    await eventually(
      () =>
        app.database.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.petId, petId), isNull(notifications.sentAt))),
      (unsent) => unsent.length === 0,
    );
    return smtp.received.filter(
      (mail) =>
        mail.to.some((to) => to.toLowerCase() === address.toLowerCase()) && readable(mail.data).includes(THANKS),
    );
  }

  /** A report on `petId` from a finder who left `finderContact`; answers its conversation token. */
  async function report(petId: string, finderContact: string) {
    const res = await new Session(app.url).post(
      '/api/gps-pings',
      buildFinderReport(petId, { finderName: 'Robin', finderContact }),
    );
    expect(res.status).toBe(201);
    return (res.body.conversationPath as string).replace('/c/', '');
  }

  it('when one finder sent four reports from one address written in different cases, then they get one thank-you e-mail and the count is one', async () => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id, { name: 'Mochi', isMissing: true });
    const address = `robin.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const tokens = [];
    for (const written of [address, address.toUpperCase(), `  ${address}  `, `Robin.${address.slice(6)}`]) {
      tokens.push(await report(pet.id, written));
    }
    const silent = await report(pet.id, '');
    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: false })).status).toBe(200);

    const thanked = await owner.post(`/api/pets/${pet.id}/thanks`, {});
    expect(thanked.status).toBe(200);
    expect(thanked.body).toEqual({ thanked: 1 });

    const mails = await thanksMailedTo(pet.id, address);
    expect(mails, 'one e-mail to the one finder').toHaveLength(1);
    const newest = await reportBehind(tokens[3]);
    expect(await reportBehind(linkIn(readable(mails[0].data))), 'it links to their newest conversation').toEqual(
      newest,
    );
    const thanksPerPage = await Promise.all(tokens.map(async (token) => (await thanksOn(token)).length));
    expect(thanksPerPage, 'one thank-you, on their newest page').toEqual([0, 0, 0, 1]);
    expect(await thanksOn(silent), 'a finder who left no contact cannot be thanked').toEqual([]);
    expect((await owner.post(`/api/pets/${pet.id}/thanks`, {})).body).toEqual({ thanked: 0 });
  });

  it('when two finders sent reports, one of them twice, then each gets one thank-you e-mail and the count is two', async () => {
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id, { name: 'Mochi', isMissing: true });
    const first = `robin.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const second = `kai.${crypto.randomUUID().slice(0, 8)}@example.org`;
    for (const contact of [first, second, first.toUpperCase()]) await report(pet.id, contact);
    expect((await owner.patch(`/api/pets/${pet.id}`, { isMissing: false })).status).toBe(200);

    expect((await owner.post(`/api/pets/${pet.id}/thanks`, {})).body).toEqual({ thanked: 2 });
    expect(await thanksMailedTo(pet.id, first)).toHaveLength(1);
    expect(await thanksMailedTo(pet.id, second)).toHaveLength(1);
  });

  it('when two taps arrive at once, then still nobody is thanked twice', async () => {
    const { owner, pet, tokens } = await homeSafePet();
    const answers = await Promise.all([
      owner.post(`/api/pets/${pet.id}/thanks`, {}),
      owner.post(`/api/pets/${pet.id}/thanks`, {}),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.thanked).sort()).toEqual([0, 2]);
    for (const token of tokens) expect(await thanksOn(token)).toHaveLength(1);
  });

  it('when a Safety Circle member taps it, then the finders are thanked', async () => {
    const { pet, tokens } = await homeSafePet();
    const member = await signedInOwner(app, { firstName: 'Sam' });
    await app.database.db.insert(petMembers).values({ petId: pet.id, userId: member.user.id });
    expect((await member.post(`/api/pets/${pet.id}/thanks`, {})).body).toEqual({ thanked: 2 });
    expect(await thanksOn(tokens[1])).toHaveLength(1);
  });

  it('when someone else or a signed-out visitor taps it, then 404 or 401 and no finder is thanked', async () => {
    const { pet, tokens, report } = await homeSafePet();
    const stranger = await signedInOwner(app);
    const refused = await stranger.post(`/api/pets/${pet.id}/thanks`, {});
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Pet not found');
    expect((await new Session(app.url).post(`/api/pets/${pet.id}/thanks`, {})).status).toBe(401);
    expect(await messagesOf(report.id)).toEqual([]);
    expect(await thanksOn(tokens[1])).toEqual([]);
  });

  it('when the pet is still missing or came home more than 7 days ago, then 409 says why and no finder is thanked', async () => {
    const { owner, pet, report } = await reportedPet();
    const missing = await owner.post(`/api/pets/${pet.id}/thanks`, {});
    expect(missing.status).toBe(409);
    expect(missing.body.message).toBe(
      'Mochi is not home safe: finders can be thanked in the 7 days after a missing pet is marked safe.',
    );

    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await app.database.db.update(pets).set({ isMissing: false, reunitedAt: eightDaysAgo }).where(eq(pets.id, pet.id));
    expect((await owner.post(`/api/pets/${pet.id}/thanks`, {})).status).toBe(409);
    expect(await messagesOf(report.id)).toEqual([]);
  });
});

describe('an address nobody confirmed gets one e-mail', () => {
  const EVIL_NAME = 'Your account is locked - visit evil.example';

  /** A pet whose owner filed a report on it themself, giving `address` (someone else's) as the finder's. */
  async function selfReportedPet(address: string) {
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id, { name: EVIL_NAME, isMissing: true });
    const filed = await owner.post('/api/gps-pings', buildFinderReport(pet.id, { finderContact: address }));
    expect(filed.status).toBe(201);
    const [report] = (await owner.get(`/api/pets/${pet.id}/reports`)).body;
    const token = (filed.body.conversationPath as string).replace('/c/', '');
    return { owner, pet, report, token };
  }

  /** The owner replies `times` times; each reply is taken (and shows on the finder's page). */
  async function reply(owner: Session, reportId: string, times: number) {
    for (let i = 0; i < times; i++)
      expect((await owner.post(`/api/reports/${reportId}/replies`, { body: `Reply ${i}` })).status).toBe(201);
  }

  /** Every e-mail that reached `address`, once the pet's outbox has sent all it holds. */
  async function mailsReaching(petId: string, address: string) {
    await eventually(
      () => app.database.db.$count(notifications, and(eq(notifications.petId, petId), isNull(notifications.sentAt))),
      (unsent) => unsent === 0,
    );
    return smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => readable(mail.data));
  }

  it('when an owner gives a stranger’s address on their own pet and replies as often as they may, then it receives one e-mail, which says who gave it and how to refuse more, under a subject nobody typed', async () => {
    const stranger = newFinderEmail();
    const { owner, pet, report, token } = await selfReportedPet(stranger);
    await reply(owner, report.id, OWNER_REPLY_LIMIT.limit);

    const mails = await mailsReaching(pet.id, stranger);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatch(/^Subject: The owner replied to the report you sent on Homeward$/m);
    expect(mail).not.toMatch(/^Subject: .*evil\.example/m);
    expect(mail).toContain('Someone gave this address as their contact when they reported finding');
    expect(mail).toMatch(
      new RegExp(`Refuse all e-mail from Homeward to this address: ${app.url}/mail/stop/[A-Za-z0-9_-]{43}`),
    );
    // The owner's own link, the one the report gave back, proves nothing about the address.
    expect(linkIn(mail)).not.toBe(token);
    expect((await new Session(app.url).get(`/api/conversations/${token}`)).body.messages).toHaveLength(
      OWNER_REPLY_LIMIT.limit,
    );
    const another = await selfReportedPet(stranger);
    await reply(another.owner, another.report.id, 1);
    await mailsReaching(another.pet.id, stranger);
    expect(await mailsReaching(pet.id, stranger), 'nor does another owner’s report reach it').toHaveLength(1);
  });

  it('when the recipient opens the link in that e-mail, then the next replies reach them, up to a daily cap whoever sends', async () => {
    const address = newFinderEmail();
    const { owner, pet, report } = await selfReportedPet(address);
    await reply(owner, report.id, 2);
    const [first] = await mailsReaching(pet.id, address);
    expect((await new Session(app.url).get(`/api/conversations/${linkIn(first)}`)).status).toBe(200);

    await reply(owner, report.id, ADDRESS_MAIL_PER_DAY + 3);
    const mails = await mailsReaching(pet.id, address);
    expect(mails, 'the first e-mail counts in the day').toHaveLength(ADDRESS_MAIL_PER_DAY);
    expect(
      mails.slice(1).some((mail) => mail.includes('/mail/stop/')),
      'only the first offers the refusal',
    ).toBe(false);
  });

  it('when the recipient refuses, from the page or their mail program’s one-click Unsubscribe, then nothing more reaches them, even after they open a link', async () => {
    const address = newFinderEmail();
    const { owner, pet, report } = await selfReportedPet(address);
    await reply(owner, report.id, 1);
    const [first] = await mailsReaching(pet.id, address);
    const refusal = new URL(/http\S+\/mail\/stop\/[A-Za-z0-9_-]{43}/.exec(first)?.[0] as string).pathname;

    // The mail program offers the same refusal as its own Unsubscribe, in one click (RFC 8058).
    const head = first.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
    expect(head).toMatch(new RegExp(`^List-Unsubscribe: <${app.url}${refusal}>$`, 'm'));
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    const visitor = new Session(app.url);
    const page = await visitor.raw('GET', refusal);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop all e-mail to this address</button>');
    const crossSite = await visitor.raw('POST', refusal, { headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    // The mail provider's one-click POST: no cookie, no origin, the RFC's body.
    const refused = await fetch(`${app.url}${refusal}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain('Homeward will not send e-mail to this address again.');

    expect((await visitor.get(`/api/conversations/${linkIn(first)}`)).status).toBe(200);
    await reply(owner, report.id, 2);
    expect(await mailsReaching(pet.id, address)).toHaveLength(1);
    expect((await visitor.raw('GET', `/mail/stop/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('when a French-speaking recipient opens the refusal link, then the page is in French', async () => {
    const address = newFinderEmail();
    const { owner, pet, report } = await selfReportedPet(address);
    await reply(owner, report.id, 1);
    const [first] = await mailsReaching(pet.id, address);
    const refusal = new URL(/http\S+\/mail\/stop\/[A-Za-z0-9_-]{43}/.exec(first)?.[0] as string).pathname;

    const page = await new Session(app.url).raw('GET', refusal, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    const html = await page.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('Ne plus envoyer d’e-mails à cette adresse</button>');
  });
});
