import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, signedIn } from '../../tests/support/session';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('sign-in', () => {
  it('when signed out, then the current user answers 401', async () => {
    const res = await new Session(app.url).get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: 'Unauthorized' });
  });

  it('when /api/login is opened, then it redirects to the provider with PKCE, state and nonce', async () => {
    const res = await new Session(app.url).raw('GET', '/api/login');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') as string);
    expect(location.pathname).toBe('/oidc/auth');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('scope')).toContain('email');
  });

  it('when a person signs in through the provider, then they are that user, with their names', async () => {
    const session = await signedIn(app.url, { firstName: 'Dana', lastName: 'Reyes' });
    const res = await session.get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: session.person.email, firstName: 'Dana', lastName: 'Reyes' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('when the same e-mail signs in again with a new name, then the same user is updated', async () => {
    const first = await signedIn(app.url, { firstName: 'Sam' });
    const before = (await first.get('/api/auth/user')).body;
    const second = await signedIn(app.url, { email: first.person.email.toUpperCase(), firstName: 'Samuel' });
    const after = (await second.get('/api/auth/user')).body;
    expect(after.id).toBe(before.id);
    expect(after.firstName).toBe('Samuel');
  });

  it('when signing in, then the session id changes (no fixation)', async () => {
    const session = new Session(app.url);
    await session.raw('GET', '/api/login');
    const cookieBefore = (session as unknown as { cookies: Map<string, string> }).cookies.get('homeward.sid');
    await session.signIn();
    const cookieAfter = (session as unknown as { cookies: Map<string, string> }).cookies.get('homeward.sid');
    expect(cookieBefore).toBeTruthy();
    expect(cookieAfter).toBeTruthy();
    expect(cookieAfter).not.toBe(cookieBefore);
  });

  it('when a callback arrives without a matching login, then nobody is signed in', async () => {
    const session = new Session(app.url);
    const res = await session.raw('GET', '/api/callback?code=forged&state=forged');
    expect(res.status).toBe(302);
    expect((await session.get('/api/auth/user')).status).toBe(401);
  });

  it('when signing out, then the session ends and the provider returns the browser to the app', async () => {
    const session = await signedIn(app.url);
    const location = await session.signOut();
    expect(new URL(location).pathname).toBe('/');
    expect(new URL(location).host).toBe(new URL(app.url).host);
    expect((await session.get('/api/auth/user')).status).toBe(401);
  });

  it('when another site links to the sign-out address, then the browser lands on the app still signed in', async () => {
    const session = await signedIn(app.url);
    const res = await session.request('GET', '/api/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect((await session.get('/api/auth/user')).status).toBe(200);
  });

  it('when a visitor without a session reads, then no session cookie is handed out', async () => {
    const visitor = new Session(app.url);
    for (const url of ['/api/tag-products', '/api/auth/user', '/api/pets/00000000-0000-4000-8000-000000000000']) {
      const res = await visitor.raw('GET', url);
      expect(res.headers.getSetCookie(), url).toEqual([]);
    }
  });

  it('when the session cookie is set, then it is HttpOnly and SameSite=Lax', async () => {
    const res = await new Session(app.url).raw('GET', '/api/login');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('homeward.sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});
