import crypto from 'node:crypto';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A phone's browser, as the server sees it: not a link's fetcher or crawler, whose visits do not count. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * A browser-like HTTP client: it keeps cookies and can sign in through the real OIDC flow
 * (app → development provider → sign-in form → callback), exactly as a person does.
 */
export class Session {
  private cookies = new Map<string, string>();

  // Writable so that a test can follow the same browser to a restarted server.
  constructor(public baseUrl: string) {}

  /** Sets a cookie as the server would have (a session minted for a test, say). */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  /** The Cookie header this session sends, for tools that make their own requests. */
  async cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async raw(method: string, url: string, init: { body?: string; headers?: Record<string, string> } = {}) {
    const res = await fetch(new URL(url, this.baseUrl), {
      method,
      redirect: 'manual',
      body: init.body,
      headers: { 'user-agent': BROWSER_USER_AGENT, ...init.headers, cookie: await this.cookieHeader() },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair.split('=');
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return res;
  }

  async request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const res = await this.raw(method, url, {
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get = <T = any>(url: string) => this.request<T>('GET', url);
  post = <T = any>(url: string, body?: unknown) => this.request<T>('POST', url, body);
  patch = <T = any>(url: string, body?: unknown) => this.request<T>('PATCH', url, body);
  delete = <T = any>(url: string) => this.request<T>('DELETE', url);
  put = <T = any>(url: string, body?: unknown) => this.request<T>('PUT', url, body);

  /** Follows redirects by hand so that every cookie along the way is kept. */
  async follow(url: string, init?: { method: string; body: string; headers: Record<string, string> }) {
    let res = await this.raw(init?.method ?? 'GET', url, init);
    let location = url;
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 10; hops++) {
      location = new URL(res.headers.get('location') as string, new URL(location, this.baseUrl)).href;
      res = await this.raw('GET', location);
    }
    return { res, location };
  }

  /** Signs out as the browser does, submitting the provider's self-submitting confirmation form. */
  async signOut() {
    const { res, location } = await this.follow('/api/logout');
    if (new URL(location).pathname === '/') return location;
    const html = await res.text();
    const action = html.match(/action="([^"]+)"/)?.[1];
    const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, k, v]) => [k, v]);
    if (!action) throw new Error(`no sign-out form at ${location}`);
    const done = await this.follow(new URL(action, location).href, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.baseUrl },
    });
    return done.location;
  }

  async signIn(person: Partial<Person> = {}) {
    const { who, landedOn } = await this.signInFrom('/api/login', person);
    if (new URL(landedOn).pathname !== '/') throw new Error(`sign-in ended at ${landedOn}`);
    return who;
  }

  /** Signs in starting from `loginPath` (with a returnTo, say) and answers where the browser lands. */
  async signInFrom(loginPath: string, person: Partial<Person> = {}) {
    const who = { ...buildPerson(), ...person };
    const { res, location } = await this.follow(loginPath);
    const html = await res.text();
    const action = html.match(/action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no sign-in form at ${location}: ${res.status}`);
    const form = new URLSearchParams({ email: who.email, firstName: who.firstName, lastName: who.lastName });
    const done = await this.follow(action, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.baseUrl },
    });
    return { who, landedOn: done.location };
  }
}

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

/** A new person, with an email address no other test uses. */
export const buildPerson = (overrides: Partial<Person> = {}): Person => {
  const tag = crypto.randomBytes(5).toString('hex');
  return { email: `owner-${tag}@example.com`, firstName: 'Alex', lastName: `Tester ${tag}`, ...overrides };
};

/** A signed-in session for a new owner. */
export async function signedIn(baseUrl: string, person?: Partial<Person>) {
  const session = new Session(baseUrl);
  const who = await session.signIn(person);
  return Object.assign(session, { person: who });
}
