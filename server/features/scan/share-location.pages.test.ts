import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDER_REPORT_MAX_LENGTH } from '../../../shared/contracts/finder-reports';
import { conversationLinks, finderReports, notifications } from '../../../shared/schema';
import { eventually } from '../../../tests/support/eventually';
import { buildFinderReport, insertPet, signedInOwner } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import type { SmtpDouble } from '../../../tests/support/smtp-double';
import { startTestAppWithMail, type TestApp } from '../../../tests/support/test-app';
import { conversationPrerender } from '../conversations/conversation-prerender';
import { FINDER_REPORT_LIMIT } from '../finder-reports/finder-reports.service';

let app: TestApp;
let smtp: SmtpDouble;
beforeAll(async () => {
  ({ app, smtp } = await startTestAppWithMail());
});
afterAll(() => app?.close());

const THANK_YOU = 'Thank you! The owner has been notified of your location.';

async function missingPet() {
  const owner = await signedInOwner(app);
  return { ownerId: owner.user.id, pet: await insertPet(app.database.db, owner.user.id, { isMissing: true }) };
}

/** Posts the form as a browser without scripts does: url-encoded, from the page's own origin. */
const postForm = (petId: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Session(app.url).raw('POST', `/scan/${petId}/share-location`, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, ...headers },
  });

/** Whether an e-mail to `address` saying `containing` arrived; delivery happens after the answer, so wait for it. */
function mailTo(address: string, containing: string) {
  return eventually(
    // Quoted-printable's soft line breaks undone, so a link is read whole.
    () => smtp.received.find((m) => m.to.includes(address) && m.data.replace(/=\r?\n/g, '').includes(containing)),
    (mail) => mail !== undefined,
  );
}

/** What the browser shows after a report is filed: the thank-you the post redirects to (post, redirect, get). */
async function thankYouAfter(posted: Response) {
  expect(posted.status).toBe(303);
  const res = await new Session(app.url).raw('GET', posted.headers.get('location') ?? '');
  expect(res.status).toBe(200);
  return res;
}

const reportsOf = (petId: string) => app.database.db.select().from(finderReports).where(eq(finderReports.petId, petId));

describe('the Share Location form without scripts', () => {
  it('when it is opened, then the server renders the form, with no script', async () => {
    const { pet } = await missingPet();
    const res = await new Session(app.url).raw('GET', `/scan/${pet.id}/share-location`);
    expect(res.status).toBe(200);
    // React marks where one text part ends and the next begins.
    const html = (await res.text()).replaceAll('<!-- -->', '');
    expect(html).toContain(`Where did you find ${pet.name}?`);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).not.toContain('<script');
  });

  it('when it is posted, then the report is stored for the owner, the e-mail queued and the thank-you shown', async () => {
    const { ownerId, pet } = await missingPet();
    const res = await postForm(pet.id, {
      finderName: 'Robin Finder',
      finderLocation: 'Corner of Oak St and 5th Ave',
      message: 'Safe with me.',
    });
    const html = await (await thankYouAfter(res)).text();
    expect(html).toContain('Location Shared!');
    expect(html).toContain(THANK_YOU);

    const [report] = await reportsOf(pet.id);
    expect(report).toMatchObject({
      userId: ownerId,
      finderName: 'Robin Finder',
      finderLocation: 'Corner of Oak St and 5th Ave',
      message: 'Safe with me.',
      finderLatitude: '',
      finderLongitude: '',
    });
    const queued = await app.database.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    expect(queued).toHaveLength(1);
  });

  it('when every field is as long as it may be, in Chinese, then the report is filed', async () => {
    const { pet } = await missingPet();
    const longest = (max: number) => '猫'.repeat(max);
    const posted = await postForm(pet.id, {
      finderName: longest(FINDER_REPORT_MAX_LENGTH.finderName),
      finderLocation: longest(FINDER_REPORT_MAX_LENGTH.finderLocation),
      message: longest(FINDER_REPORT_MAX_LENGTH.message),
    });
    await thankYouAfter(posted);
    const [report] = await reportsOf(pet.id);
    expect(report.message).toHaveLength(FINDER_REPORT_MAX_LENGTH.message);
  });

  it('when the thank-you is reloaded, then no second report is filed; a link from another pet’s report shows the form', async () => {
    const { pet } = await missingPet();
    const posted = await postForm(pet.id, { finderLocation: 'By the old mill' });
    const thankYou = posted.headers.get('location') ?? '';
    await thankYouAfter(posted);
    const reloaded = await (await new Session(app.url).raw('GET', thankYou)).text();
    expect(reloaded).toContain(THANK_YOU);
    expect(await reportsOf(pet.id)).toHaveLength(1);
    // Read in another language, it is still the thank-you with its conversation link.
    const sent = new URL(thankYou, app.url).searchParams.get('sent');
    expect(reloaded).toContain(`href="?sent=${sent}&amp;lang=es"`);

    const { pet: other } = await missingPet();
    const borrowed = await new Session(app.url).raw('GET', thankYou.replace(pet.id, other.id));
    const html = (await borrowed.text()).replaceAll('<!-- -->', '');
    expect(html).not.toContain(THANK_YOU);
    expect(html).toContain(`Where did you find ${other.name}?`);
    const forged = await new Session(app.url).raw('GET', `/scan/${pet.id}/share-location?sent=${'A'.repeat(32)}`);
    expect(await forged.text()).not.toContain(THANK_YOU);
  });

  it('when the finder leaves an e-mail address, then the thank-you links to their conversation, where the owner’s reply reaches them', async () => {
    // An address of its own: Homeward writes to an address it never heard from only once.
    const address = `robin.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const owner = await signedInOwner(app);
    const pet = await insertPet(app.database.db, owner.user.id, { name: 'Mochi', isMissing: true });
    const res = await postForm(pet.id, {
      finderLocation: 'Riverside park, by the bandstand',
      finderContact: `  ${address} `,
      message: 'She is with me.',
    });
    const html = (await (await thankYouAfter(res)).text()).replaceAll('<!-- -->', '');
    expect(html).toContain(THANK_YOU);
    const [, path, token] =
      html.match(/<a[^>]*href="(\/c\/([A-Za-z0-9_-]+))"[^>]*>.*?Open Your Conversation<\/a>/s) ?? [];
    expect(path, 'the thank-you links to the conversation').toBeDefined();

    const [report] = await reportsOf(pet.id);
    expect(report).toMatchObject({ finderContact: address });
    // Only the link's hash is stored: a copy of the database opens no conversation.
    expect(JSON.stringify(await app.database.db.select().from(conversationLinks))).not.toContain(token);
    // The owner sees that replies reach the finder, never the address itself.
    const seen = await owner.get(`/api/pets/${pet.id}/reports`);
    expect(seen.body[0]).toMatchObject({ finderHasEmail: true, finderPhone: null });
    expect(seen.text).not.toContain(address);

    const reply = await owner.post(`/api/reports/${report.id}/replies`, { body: 'I am on my way.' });
    expect(reply.status).toBe(201);
    const page = await conversationPrerender(app.services).render({
      params: { token },
      query: {},
      get: () => undefined,
    } as unknown as Request);
    expect(page?.body).toContain('Riverside park, by the bandstand');
    expect(page?.body).toContain('I am on my way.');
    const mail = await mailTo(address, 'I am on my way.');
    // Quoted-printable may break the link's line: joined again, as the finder's mail program does.
    expect(mail?.data.replace(/=\r?\n/g, '')).toMatch(new RegExp(`${app.url}/c/[A-Za-z0-9_-]{32}`));
    expect(mail, 'the finder was e-mailed the reply with their link').toBeDefined();
  });

  it('when the contact is neither a phone number nor an e-mail address, then the form says so as the API does, and nothing is stored', async () => {
    const { pet } = await missingPet();
    const res = await postForm(pet.id, { finderLocation: 'By the bakery', finderContact: 'call me maybe' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Your Phone or Email: Please enter a phone number or an email address');
    expect(html).toContain('value="call me maybe"');
    expect(html).toContain('value="By the bakery"');
    expect(await reportsOf(pet.id)).toEqual([]);
  });

  it('when the place is blank, then the form comes back with the reason and what was typed, and nothing is stored', async () => {
    const { pet } = await missingPet();
    const res = await postForm(pet.id, { finderName: 'Robin <b>', finderLocation: '   ', message: 'Hi' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Where you found the pet: Required');
    expect(html).toContain('value="Robin &lt;b&gt;"');
    expect(await reportsOf(pet.id)).toEqual([]);
  });

  it('when the post comes from another site, then 403 and nothing is stored', async () => {
    const { pet } = await missingPet();
    const res = await postForm(pet.id, { finderLocation: 'Somewhere' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await reportsOf(pet.id)).toEqual([]);
  });

  it('when the pet does not exist or the id is malformed, then 404', async () => {
    expect((await postForm(crypto.randomUUID(), { finderLocation: 'Somewhere' })).status).toBe(404);
    expect((await new Session(app.url).raw('GET', '/scan/not-an-id/share-location')).status).toBe(404);
  });

  it('when one address reports too often, then the form says so (429), counted with the dialog’s reports', async () => {
    const { pet } = await missingPet();
    const finder = new Session(app.url);
    for (let i = 0; i < FINDER_REPORT_LIMIT.limit; i++) {
      const res = await finder.post('/api/gps-pings', buildFinderReport(pet.id, { finderLocation: `Spot ${i}` }));
      expect(res.status).toBe(201);
    }
    const refused = await postForm(pet.id, { finderLocation: 'One more' });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(
      'Too many reports from your connection. Please wait a minute and try again.',
    );
    expect(await reportsOf(pet.id)).toHaveLength(FINDER_REPORT_LIMIT.limit);
  });
});
