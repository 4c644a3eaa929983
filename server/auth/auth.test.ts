import http from 'node:http';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_EXPIRED_URL } from '../../shared/contracts/sign-in';
import { sessions } from '../../shared/schema';
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

  it('when a callback arrives without a matching login, then it lands on the landing page saying so, signed out', async () => {
    const session = new Session(app.url);
    const res = await session.raw('GET', '/api/callback?code=forged&state=forged');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?signin=expired');
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

describe('coming back after signing in', () => {
  it('when /api/login names a page of this site, then signing in ends on that page', async () => {
    const { landedOn } = await new Session(app.url).signInFrom(
      `/api/login?returnTo=${encodeURIComponent('/checkout/tag-1?from=store')}`,
    );
    expect(landedOn).toBe(new URL('/checkout/tag-1?from=store', app.url).href);
  });

  it.each([
    ['another site by a protocol-relative address', '//evil.example/steal'],
    ['another site behind a backslash', '/\\evil.example/steal'],
    ['another site by a full address', 'https://evil.example/steal'],
    ['a tab that browsers drop', '/\t/evil.example/steal'],
    ['the sign-out address', '/api/logout'],
  ])(
    'when /api/login is asked to return to %s, then signing in ends on the dashboard of this site',
    async (_, returnTo) => {
      const { landedOn } = await new Session(app.url).signInFrom(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
      expect(landedOn).toBe(new URL('/', app.url).href);
    },
  );

  it('when a later sign-in names no page, then it ends on the dashboard, not on the page an earlier one named', async () => {
    const session = new Session(app.url);
    await session.raw('GET', `/api/login?returnTo=${encodeURIComponent('/orders')}`);
    const { landedOn } = await session.signInFrom('/api/login');
    expect(landedOn).toBe(new URL('/', app.url).href);
  });
});

/** The session id behind a Set-Cookie header (express-session signs it: `s:<id>.<signature>`). */
const sessionIdOf = (res: Response) => {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('homeward.sid='));
  const value = decodeURIComponent(cookie?.split(';')[0].split('=')[1] ?? '');
  return value.slice(2, value.lastIndexOf('.'));
};
const cookieLifetime = (res: Response) => {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('homeward.sid=')) ?? '';
  return Date.parse(/Expires=([^;]+)/i.exec(cookie)?.[1] ?? '') - Date.now();
};
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('signing in at another name of this machine', () => {
  it('when /api/login is opened at localhost while the app is at 127.0.0.1, then it starts again at 127.0.0.1, keeping the page to return to', async () => {
    const { port } = new URL(app.url);
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${app.url}/api/login?returnTo=%2Forders`, { headers: { host: `localhost:${port}` } }, resolve)
        .on('error', reject),
    );
    res.resume();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${app.url}/api/login?returnTo=%2Forders`);
    expect(res.headers['set-cookie'] ?? []).toEqual([]);
  });
});

describe('sessions made by signing in', () => {
  it('when /api/login is called hundreds of times, then no session it made outlives 10 minutes', async () => {
    // 300 rather than the 1000 of a real flood: each call is alike, and the suite shares two cores.
    const calls = Array.from({ length: 300 }, (_, i) => i);
    const ids: string[] = [];
    // Eight browsers at a time, as a flood would come.
    for (let i = 0; i < calls.length; i += 8) {
      const replies = await Promise.all(calls.slice(i, i + 8).map(() => new Session(app.url).raw('GET', '/api/login')));
      for (const res of replies) {
        expect(res.status).toBe(302);
        expect(cookieLifetime(res)).toBeLessThanOrEqual(10 * MINUTE);
        ids.push(sessionIdOf(res));
      }
    }
    const rows = await app.database.db
      .select({ expire: sessions.expire })
      .from(sessions)
      .where(inArray(sessions.sid, ids));
    expect(rows).toHaveLength(calls.length);
    // The store rounds expiry up to the next whole second.
    const latest = Math.max(...rows.map((row) => row.expire.getTime()));
    expect(latest - Date.now()).toBeLessThanOrEqual(10 * MINUTE + 1000);
  }, 60_000);

  it('when /api/callback is called without a provider’s answer, then it says the sign-in expired and makes no session', async () => {
    // A session saved would have sent its cookie.
    for (const query of ['', '?state=x', '?code[]=a&state[]=b', '?codes=a']) {
      const res = await new Session(app.url).raw('GET', `/api/callback${query}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(SIGN_IN_EXPIRED_URL);
      expect(res.headers.getSetCookie().filter((c) => c.startsWith('homeward.sid='))).toEqual([]);
    }
  });

  it('when the person signs in, then the session lasts 30 days', async () => {
    const session = new Session(app.url);
    const { res: form } = await session.follow('/api/login');
    const action = (await form.text()).match(/action="([^"]+)"/)?.[1] as string;
    // The provider's answer leads back to the app's callback: each hop by hand, to read the callback's cookie.
    let res = await session.raw('POST', action, {
      body: new URLSearchParams({ email: 'thirty-days@example.com', firstName: 'T', lastName: 'D' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
    });
    while (!new URL(res.headers.get('location') as string, app.url).pathname.startsWith('/api/callback'))
      res = await session.raw('GET', res.headers.get('location') as string);
    const callback = await session.raw('GET', res.headers.get('location') as string);
    expect(callback.headers.get('location')).toBe('/');
    expect(cookieLifetime(callback)).toBeGreaterThan(29 * DAY);
    const [row] = await app.database.db
      .select({ expire: sessions.expire })
      .from(sessions)
      .where(inArray(sessions.sid, [sessionIdOf(callback)]));
    expect(row.expire.getTime() - Date.now()).toBeGreaterThan(29 * DAY);
  });
});

/** A GET from another address on this machine (127.x.y.z), so a test has a rate-limit counter of its own. */
function getFrom(address: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; retryAfter?: string; contentType?: string; body: string }>((resolve, reject) => {
    http
      .get(url, { localAddress: address, headers }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            contentType: res.headers['content-type'],
            body,
          }),
        );
      })
      .on('error', reject);
  });
}
const randomLoopback = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

describe('sign-in rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ SIGN_IN_RATE_LIMIT: '3' });
  });
  afterAll(() => limited?.close());

  it.each(['/api/login', '/api/callback?code=x&state=y'])(
    'when one address opens %s more often than allowed, then it gets 429 with Retry-After, and other addresses do not',
    async (path) => {
      const address = randomLoopback();
      for (let i = 0; i < 3; i++) expect((await getFrom(address, `${limited.url}${path}`)).status).toBe(302);
      const refused = await getFrom(address, `${limited.url}${path}`);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(refused.body).message).toBe(
        'Too many sign-in attempts from your network. Please wait a minute and try again.',
      );
      expect((await getFrom(randomLoopback(), `${limited.url}${path}`)).status).toBe(302);
    },
  );

  it('when a person’s browser is refused, then it shows the sentence as a page, with a way back', async () => {
    const address = randomLoopback();
    for (let i = 0; i < 3; i++) await getFrom(address, `${limited.url}/api/login`);
    const refused = await getFrom(address, `${limited.url}/api/login`, { 'sec-fetch-mode': 'navigate' });
    expect(refused.status).toBe(429);
    expect(refused.contentType).toMatch(/^text\/html/);
    expect(refused.body).toContain(
      '<h1>Too many sign-in attempts from your network. Please wait a minute and try again.</h1>',
    );
    expect(refused.body).toContain('<a href="/">Back to Homeward</a>');
  });
});
