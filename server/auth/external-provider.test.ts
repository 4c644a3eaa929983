import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../shared/schema';
import { buildFinderReport, insertPet } from '../../tests/support/factories';
import {
  type OidcProviderDouble,
  type ProviderIdentity,
  startOidcProviderDouble,
} from '../../tests/support/oidc-provider-double';
import { Session } from '../../tests/support/session';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { accountForSignIn, EmailTaken } from './users.repository';

// The app signs in through an OpenID Connect provider that is not its own, configured exactly as a
// production one is (OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET).
let provider: OidcProviderDouble;
let app: TestApp;
beforeAll(async () => {
  provider = await startOidcProviderDouble();
  app = await startTestApp({
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
});

const db = () => app.database.db;
const unique = () => crypto.randomBytes(5).toString('hex');
const person = (overrides: Partial<ProviderIdentity> = {}): ProviderIdentity => {
  const tag = unique();
  return { sub: `subject-${tag}`, email: `person-${tag}@example.com`, email_verified: true, ...overrides };
};

/** Signs in as the provider's `identity` in a fresh browser; answers the browser and where it ended. */
async function signInAs(identity: ProviderIdentity, options?: Parameters<OidcProviderDouble['signInAs']>[1]) {
  provider.signInAs(identity, options);
  const browser = new Session(app.url);
  const { location } = await browser.follow('/api/login');
  return { browser, landedOn: new URL(location).pathname + new URL(location).search };
}
const currentUser = async (browser: Session) => (await browser.get('/api/auth/user')).body;

describe('signing in with an external provider', () => {
  it('when a person signs in, then the flow uses PKCE S256, state and a nonce the ID token echoes', async () => {
    const who = person({ given_name: 'Ada', family_name: 'Byron' });
    const { browser, landedOn } = await signInAs(who);
    expect(landedOn).toBe('/');
    expect(await currentUser(browser)).toMatchObject({ email: who.email, firstName: 'Ada', lastName: 'Byron' });

    const authorization = provider.authorizations.at(-1) as URLSearchParams;
    expect(authorization.get('code_challenge_method')).toBe('S256');
    expect(authorization.get('state')).toMatch(/.{16,}/);
    expect(authorization.get('redirect_uri')).toBe(`${app.url}/api/callback`);
    const verifier = provider.tokenRequests.at(-1)?.code_verifier as string;
    expect(crypto.createHash('sha256').update(verifier).digest('base64url')).toBe(authorization.get('code_challenge'));
    expect(authorization.get('nonce')).toMatch(/.{16,}/);
    expect(provider.idTokenNonces.at(-1)).toBe(authorization.get('nonce'));
  });

  it('when the provider gives the claims only at its userinfo endpoint, then the person still signs in', async () => {
    const who = person({ given_name: 'Grace' });
    const { browser } = await signInAs(who, { claimsIn: 'userinfo' });
    expect(await currentUser(browser)).toMatchObject({ email: who.email, firstName: 'Grace' });
  });

  it('when the ID token carries another nonce (a replayed token), then nobody is signed in and no account is made', async () => {
    const who = person();
    const { browser, landedOn } = await signInAs(who, { nonce: 'replayed-from-another-sign-in' });
    expect(landedOn).toBe('/?signin=expired');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.email, who.email as string)),
    ).toEqual([]);
  });

  it('when the provider sends a name longer than we keep and a picture over http, then the name is cut and the picture left out', async () => {
    const who = person({ given_name: 'A'.repeat(500), picture: 'http://tracker.example.com/me.png' });
    const { browser } = await signInAs(who);
    const account = await currentUser(browser);
    expect(account.firstName).toBe('A'.repeat(100));
    expect(account.profileImageUrl).toBeNull();
  });

  it('when the provider sends no e-mail address, then the sign-in is refused without an error page, saying why', async () => {
    const { browser, landedOn } = await signInAs(person({ email: undefined, email_verified: undefined }));
    expect(landedOn).toBe('/?signin=no-email');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });
});

describe('which account a sign-in opens', () => {
  it.each([
    ['who signed in before', 'signed-in'],
    ['whose account predates subjects', 'legacy'],
  ])(
    'when a new subject claims the address of an owner %s, unverified, then it is refused, saying why, and no account is made',
    async (_, kind) => {
      const email = `owner-${unique()}@example.com`;
      const ownerId =
        kind === 'legacy'
          ? (await db().insert(users).values({ email }).returning())[0].id
          : (await currentUser((await signInAs(person({ email }))).browser)).id;
      const pet = await insertPet(db(), ownerId);

      for (const claim of [{ email_verified: false }, { email_verified: undefined }]) {
        const { browser: intruder, landedOn } = await signInAs(person({ email, ...claim }));
        expect(landedOn).toBe('/?signin=email-taken');
        expect((await intruder.get('/api/auth/user')).status).toBe(401);
        expect((await intruder.get(`/api/pets/${pet.id}/reports`)).status).toBe(401);
      }
      expect(await db().select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([{ id: ownerId }]);
      const [owner] = await db().select().from(users).where(eq(users.id, ownerId));
      if (kind === 'legacy') expect(owner.oidcSubject).toBeNull();
    },
  );

  it('when a verified address matches an account made before subjects were kept, then it links once; a second subject is refused', async () => {
    const email = `legacy-${unique()}@example.com`;
    const [legacy] = await db().insert(users).values({ email }).returning();
    const pet = await insertPet(db(), legacy.id);

    const { browser: first } = await signInAs(person({ email }));
    expect((await currentUser(first)).id).toBe(legacy.id);
    expect((await first.get('/api/pets')).body.map((p: { id: string }) => p.id)).toEqual([pet.id]);

    const { browser: second, landedOn } = await signInAs(person({ email }));
    expect(landedOn).toBe('/?signin=email-taken');
    expect((await second.get('/api/auth/user')).status).toBe(401);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([{ id: legacy.id }]);
  });

  it('when a sign-in is refused, then the next one from that browser asks the provider to ask who signs in, so that another account can be chosen', async () => {
    const email = `taken-${unique()}@example.com`;
    await signInAs(person({ email }));
    const { browser, landedOn } = await signInAs(person({ email }));
    expect(landedOn).toBe('/?signin=email-taken');
    expect(provider.authorizations.at(-1)?.get('prompt')).toBeNull();

    const other = person();
    provider.signInAs(other);
    const { location } = await browser.follow('/api/login');
    expect(provider.authorizations.at(-1)?.get('prompt')).toBe('login');
    expect(new URL(location).pathname).toBe('/');
    expect(await currentUser(browser)).toMatchObject({ email: other.email });
    // Asked once: a sign-in after that one goes as usual.
    provider.signInAs(other);
    await browser.follow('/api/login');
    expect(provider.authorizations.at(-1)?.get('prompt')).toBeNull();
  });

  it('when the server moved to this provider, then a verified address opens the account made through the old one, with its pets; an unverified one is refused', async () => {
    const email = `moved-${unique()}@example.com`;
    const [before] = await db()
      .insert(users)
      .values({ email, oidcIssuer: 'https://old-provider.example', oidcSubject: 'old-subject' })
      .returning();
    const pet = await insertPet(db(), before.id);

    expect((await signInAs(person({ email, email_verified: false }))).landedOn).toBe('/?signin=email-taken');
    const who = person({ email: email.toUpperCase() });
    const { browser } = await signInAs(who);
    expect((await currentUser(browser)).id).toBe(before.id);
    expect((await browser.get('/api/pets')).body.map((p: { id: string }) => p.id)).toEqual([pet.id]);
    const [after] = await db().select().from(users).where(eq(users.id, before.id));
    expect(after).toMatchObject({ oidcIssuer: provider.issuer, oidcSubject: who.sub });
  });

  it('when a verified address is held by an account whose provider never vouched for it, then the new subject gets its own account and the address; the other keeps its pets', async () => {
    const email = `typed-${unique()}@example.com`;
    const { browser: typist } = await signInAs(person({ email, email_verified: false }));
    const typistId = (await currentUser(typist)).id;
    const typistPet = await insertPet(db(), typistId);

    const { browser: owner } = await signInAs(person({ email }));
    const account = await currentUser(owner);
    expect(account).toMatchObject({ email });
    expect(account.id).not.toBe(typistId);
    expect((await owner.get('/api/pets')).body).toEqual([]);

    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([{ id: account.id }]);
    expect((await typist.get('/api/pets')).body.map((p: { id: string }) => p.id)).toEqual([typistPet.id]);
  });

  it('when two new subjects sign in with one address at once, then one account has it and the other sign-in is refused', async () => {
    // The provider double signs in one identity at a time, so the sign-ins meet at the repository;
    // ten addresses, so that some pairs overlap whatever the timing.
    const signIn = (email: string) =>
      accountForSignIn(db(), { issuer: provider.issuer, subject: `race-${unique()}`, email, emailVerified: true });
    const emails = Array.from({ length: 10 }, () => `race-${unique()}@example.com`);
    const outcomes = await Promise.allSettled(emails.flatMap((email) => [signIn(email), signIn(email)]));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(EmailTaken);
    const accounts = await db().select({ email: users.email }).from(users).where(inArray(users.email, emails));
    expect(accounts.map((account) => account.email).sort()).toEqual([...emails].sort());
  });

  it('when a known subject presents another, unverified address, then its own address stays vouched for, and nobody can take it', async () => {
    const who = person();
    const account = await currentUser((await signInAs(who)).browser);
    await signInAs({ ...who, email: `other-${unique()}@example.com`, email_verified: false });
    const [after] = await db().select().from(users).where(eq(users.id, account.id));
    expect(after).toMatchObject({ email: who.email, emailVerified: true });

    expect((await signInAs(person({ email: who.email }))).landedOn).toBe('/?signin=email-taken');
    const [still] = await db().select().from(users).where(eq(users.id, account.id));
    expect(still).toMatchObject({ email: who.email, emailVerified: true });
  });

  it.each([
    ['an address holding a NUL', (tag: string) => ({ email: `nul-${tag}\u0000@example.com` })],
    ['an address of words', (tag: string) => ({ email: `not an e-mail address ${tag}` })],
    ['a list of addresses', (tag: string) => ({ email: `one-${tag}@example.com, two-${tag}@example.com` })],
    ['an address with a full-width @', (tag: string) => ({ email: `wide-${tag}\uff20example.com` })],
    ['a subject holding a NUL', (tag: string) => ({ sub: `nul-${tag}\u0000`, email: `subject-${tag}@example.com` })],
  ])(
    'when the provider sends %s, then the sign-in is refused on the landing page, saying why, and no account is made',
    async (_, claims) => {
      const tag = unique();
      const { browser, landedOn } = await signInAs(person(claims(tag)));
      expect(landedOn).toBe('/?signin=no-email');
      expect((await browser.get('/api/auth/user')).status).toBe(401);
      expect(
        await db()
          .select()
          .from(users)
          .where(sql`${users.email} like ${`%${tag}%`}`),
      ).toEqual([]);
    },
  );

  it('when one address comes composed two ways (é as one character, or e and an accent), then it is one account’s', async () => {
    const tag = unique();
    const composed = `josé.${tag}@example.com`;
    const { browser } = await signInAs(person({ email: composed }));
    expect(await currentUser(browser)).toMatchObject({ email: composed });
    const { landedOn } = await signInAs(person({ email: composed.normalize('NFD') }));
    expect(landedOn).toBe('/?signin=email-taken');
    expect(
      await db()
        .select()
        .from(users)
        .where(sql`${users.email} like ${`%${tag}%`}`),
    ).toHaveLength(1);
  });

  it('when the provider sends a name holding control characters, then the name is kept without them', async () => {
    const { browser } = await signInAs(person({ given_name: 'Ada\u0000\u0007', family_name: '\u0000' }));
    expect(await currentUser(browser)).toMatchObject({ firstName: 'Ada', lastName: null });
  });

  it('when a known subject comes back with another address, then it keeps its account, with its new name', async () => {
    const who = person({ given_name: 'Sam' });
    const { browser: before } = await signInAs(who);
    const account = await currentUser(before);
    const pet = await insertPet(db(), account.id);

    const { browser: after } = await signInAs({ ...who, email: `moved-${unique()}@example.com`, given_name: 'Samuel' });
    expect(await currentUser(after)).toMatchObject({ id: account.id, firstName: 'Samuel' });
    expect((await after.get('/api/pets')).body.map((p: { id: string }) => p.id)).toEqual([pet.id]);
  });
});

describe('callbacks the browser did not expect', () => {
  /** Starts a sign-in and lets the provider answer, without going back to the app yet. */
  async function answerFromProvider(browser: Session) {
    const login = await browser.raw('GET', '/api/login');
    const atProvider = await fetch(login.headers.get('location') as string, { redirect: 'manual' });
    return atProvider.headers.get('location') as string;
  }

  it('when a callback answers a sign-in another tab started since (a stale state), then it lands on the landing page saying so', async () => {
    provider.signInAs(person());
    const browser = new Session(app.url);
    const firstTab = await answerFromProvider(browser);
    await answerFromProvider(browser);
    const res = await browser.raw('GET', firstTab);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?signin=expired');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('when the back button replays a completed callback, then it lands on the landing page and the person stays signed in', async () => {
    provider.signInAs(person());
    const browser = new Session(app.url);
    const callback = await answerFromProvider(browser);
    expect((await browser.raw('GET', callback)).headers.get('location')).toBe('/');
    const replay = await browser.raw('GET', callback);
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe('/?signin=expired');
    expect((await browser.get('/api/auth/user')).status).toBe(200);
  });

  it('when the person cancels at the provider, then they land on the landing page saying so, not that it expired', async () => {
    const { browser, landedOn } = await signInAs(person(), { refuse: 'access_denied' });
    expect(landedOn).toBe('/?signin=cancelled');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('when the provider refuses for another reason, then it is said to have expired, so that the person tries again', async () => {
    const { landedOn } = await signInAs(person(), { refuse: 'login_required' });
    expect(landedOn).toBe('/?signin=expired');
  });
});

describe('signing out', () => {
  it('when a person signs out, then the provider’s end_session gets the ID token and our address, and the session ends', async () => {
    const { browser } = await signInAs(person());
    const idToken = provider.issuedIdTokens.at(-1);
    const { location } = await browser.follow('/api/logout');
    const endSession = provider.endSessions.at(-1) as URLSearchParams;
    expect(endSession.get('id_token_hint')).toBe(idToken);
    expect(endSession.get('post_logout_redirect_uri')).toBe(`${app.url}/`);
    expect(location).toBe(`${app.url}/`);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });
});

describe('a provider that cannot be reached', () => {
  it('when the provider is down, then signing in answers 503 and asks to try again', async () => {
    const down = await startTestApp({
      OIDC_ISSUER_URL: 'http://127.0.0.1:9/',
      OIDC_CLIENT_ID: 'homeward',
      OIDC_CLIENT_SECRET: 'secret',
    });
    try {
      const res = await new Session(down.url).get('/api/login');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Sign-in is unavailable right now. Please try again in a moment.');
    } finally {
      await down.close();
    }
  });
});

describe('e-mail to an address the provider has not verified', () => {
  const reportFinding = (petId: string) =>
    new Session(app.url).post(
      '/api/gps-pings',
      buildFinderReport(petId, {
        finderName: 'Robin Finder',
        finderLocation: 'By the bakery on Oak St',
        message: 'Safe with me.',
      }),
    );
  const mailsTo = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId));

  it('when the address is unverified, then a finder report e-mails nobody and the account page is told; once verified, the next report is e-mailed', async () => {
    const who = person({ email_verified: false });
    const { browser } = await signInAs(who);
    const account = await currentUser(browser);
    expect(account.emailVerified).toBe(false);
    const pet = await insertPet(db(), account.id, { isMissing: true });

    expect((await reportFinding(pet.id)).status).toBe(201);
    // The report itself is kept: the owner reads it in the app.
    expect((await browser.get(`/api/pets/${pet.id}/reports`)).body).toHaveLength(1);
    expect(await mailsTo(account.id)).toEqual([]);

    const { browser: later } = await signInAs({ ...who, email_verified: true });
    expect(await currentUser(later)).toMatchObject({ id: account.id, emailVerified: true });
    expect((await reportFinding(pet.id)).status).toBe(201);
    const mails = await mailsTo(account.id);
    expect(mails.map((mail) => mail.recipient)).toEqual([who.email]);
  });
});
