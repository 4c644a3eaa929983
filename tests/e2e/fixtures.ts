import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type Route,
} from '@playwright/test';
import axe from 'axe-core';
import { baseURL, E2E_SESSION_SECRET } from '../../playwright.config';
import { type Db, openDatabase } from '../../server/db/connection';
import { runningEmbeddedPostgres } from '../../server/db/embedded';
import { buildPublicPet, insertOwner, insertSession } from '../support/factories';
import type { newDevice } from '../support/push-service-double';
import { buildPerson, type Person } from '../support/session';

/**
 * Signs a browser in as a new account by writing its session as a sign-in would (the `login`
 * fixture, or a second person's phone), without the identity provider's round trip.
 */
export async function signInBrowser(database: Db, context: BrowserContext, person: Partial<Person> = {}) {
  const user = await insertOwner(database, person);
  const cookie = await insertSession(database, user.id, E2E_SESSION_SECRET);
  await context.addCookies([{ ...cookie, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return user;
}

/** Fills and sends the development identity provider's sign-in form, once a page has led there. */
export async function fillSignInForm(page: Page, person: Person = buildPerson()) {
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return person;
}

/** Signs in through the development identity provider, exactly as a person does: for tests of signing in. */
export async function signIn(page: Page, person: Person = buildPerson()) {
  await page.goto('/api/login');
  await fillSignInForm(page, person);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  return person;
}

/**
 * axe-core's checks of the page's document, loaded into it once. (@axe-core/playwright loaded all of
 * axe afresh for every check and opened a second page to gather results from frames: four to seven
 * seconds a check on a two-core machine, about a third of the browser suite. Our pages have no
 * frames of their own; Stripe's card fields are its to check.)
 */
async function runAxe(page: Page, rules?: string[]) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (only) =>
      // Only violations are read: gathering every passing node's details was most of a check's time.
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ['violations'],
        ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
      }),
    rules,
  );
}

/**
 * Serious and critical accessibility violations fail the test, in the theme currently shown; `rules`
 * narrows the check to those axe rules.
 */
export async function expectAccessible(page: Page, rules?: string[]) {
  const results = await runAxe(page, rules);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * Checks the page in the light theme and then its colours in the dark one, leaving the original theme
 * in place. The theme changes colours only, so the dark pass runs axe's contrast rule alone: names,
 * roles and labels were checked in the light pass and cannot differ.
 */
export async function expectAccessibleInBothThemes(page: Page) {
  // Colours must be checked at rest, not halfway through a theme transition.
  await page.addStyleTag({ content: '*,*::before,*::after{transition:none!important;animation:none!important}' });
  const applyTheme = (theme: string) =>
    page.evaluate((t) => {
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(t);
    }, theme);
  const was = await page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
  for (const theme of ['light', 'dark']) {
    await applyTheme(theme);
    await expectAccessible(page, theme === 'dark' ? ['color-contrast'] : undefined);
  }
  await applyTheme(was);
}

/** Creates a pet through the API as the signed-in owner of `page`, with every detail a finder can see. */
export async function createPet(page: Page, overrides: Record<string, unknown> = {}) {
  const res = await page.request.post('/api/pets', {
    data: {
      ...buildPublicPet({ ownerName: 'Jordan Lee', ownerPhone: '(555) 010-0123', ownerEmail: 'jordan@example.com' }),
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/** Holds the requests matching `pattern` until release() is called, to see what the page shows meanwhile. */
export async function holdRoute(page: Page, pattern: string, respond = (route: Route) => route.continue()) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await respond(route);
  });
  return release;
}

/** Waits until the page's script has hydrated the server's scan page (scan-main.tsx) in place. */
export const scanPageHydrated = (scan: Page) => expect(scan.locator('#prerender[data-hydrated]')).toHaveCount(1);

/** Opens the Share Location dialog from the scan page `scan` is at, once the app has taken over. */
export async function openShareLocation(scan: Page) {
  // The dialog comes with the page's scripts; a tap before them opens the server's form.
  await scanPageHydrated(scan);
  await scan.getByRole('button', { name: 'Share Location' }).click();
  return scan.getByRole('dialog', { name: 'Share Location' });
}

/** The toast area, where notifications are announced. */
export const toast = (page: Page) => page.getByRole('region', { name: /notifications/i });

/** What has focus, and whether a focus indicator is drawn for it. */
function readFocus(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { element: 'nothing', visible: false };
    const probe = document.createElement('span');
    probe.style.color = 'var(--ring)';
    document.body.append(probe);
    const ring = getComputedStyle(probe).color;
    probe.remove();
    const drawn = (style: CSSStyleDeclaration) =>
      style.boxShadow.includes(ring) ||
      (style.outlineStyle !== 'none' &&
        Number.parseFloat(style.outlineWidth) > 0 &&
        style.outlineColor !== 'rgba(0, 0, 0, 0)');
    // On the element, on a pseudo-element of it, or around a box it fills (a card whose stretched
    // link has focus rings the whole card, which is what the link opens).
    let visible = ['', '::before', '::after'].some((pseudo) => drawn(getComputedStyle(element, pseudo)));
    for (let box = element.parentElement; !visible && box && box !== document.body; box = box.parentElement)
      visible = drawn(getComputedStyle(box));
    const name = element.getAttribute('aria-label') ?? element.id ?? '';
    const text = (element.textContent ?? '').trim().slice(0, 40);
    return { element: `<${element.tagName.toLowerCase()}> ${name} ${text}`.trim(), visible };
  });
}

/**
 * The focused element shows where focus is: an outline the browser draws, or a ring in the theme's
 * focus colour (a resting shadow does not count). Polled, so that a ring fading in is not missed.
 */
export async function expectFocusVisible(page: Page) {
  let focus = await readFocus(page);
  await expect
    .poll(
      async () => {
        focus = await readFocus(page);
        return focus.visible;
      },
      { message: `focus indicator on ${focus.element}`, timeout: 2_000 },
    )
    .toBe(true);
}

/** Presses Tab (or Shift+Tab) as a person would until the element has focus (a date input has several stops). */
export async function tabTo(
  page: Page,
  target: Locator,
  { key = 'Tab', eachStop }: { key?: 'Tab' | 'Shift+Tab'; eachStop?: () => Promise<void> } = {},
) {
  for (let presses = 0; presses < 40 && !(await target.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press(key);
    await eachStop?.();
  }
  await expect(target).toBeFocused();
}

// Failed fetches (a 401 while signed out, a 404 for a missing pet) are expected answers that the
// page handles, and the browser reports them anyway.
function collectConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
type ContextOptions = Parameters<Browser['newContext']>[0];

/** A stranger on a phone: a separate browser, with no session, whose console errors also fail the test. */
export async function strangerOnPhone(browser: Browser, options: ContextOptions = {}) {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL, ...options });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  let closed = false;
  return {
    page,
    /** What the console reported so far; a test takes out the errors it caused on purpose. */
    errors,
    async close() {
      if (closed) return;
      closed = true;
      await context.close();
      expect(errors, 'console errors on the stranger’s phone').toEqual([]);
    },
  };
}

/** A device's subscription at the tests' push service, as `PushSubscription.toJSON()` gives it. */
type Subscription = ReturnType<typeof newDevice>['subscription'];

/**
 * The browser's PushManager, answering with `subscription`; it notes the key it was asked to use.
 * Headless Chromium cannot reach its real push service (Google's FCM), so a page is handed a
 * subscription of the tests' own push service; the permission, the service worker and the server's
 * subscription stay real. Run in the page (`page.addInitScript(stubPushManager, subscription)`).
 */
export function stubPushManager(subscription: Subscription) {
  const KEY = 'test:push-subscription-key';
  const asSubscription = () => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    toJSON: () => subscription,
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
    localStorage.setItem(KEY, btoa(String.fromCharCode(...key)));
    return asSubscription() as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () =>
    (localStorage.getItem(KEY) ? asSubscription() : null) as unknown as PushSubscription;
}

/** The database of the server under test: PostgreSQL, or the embedded one reached through that server. */
async function openServerDatabase() {
  const url = process.env.DATABASE_URL ?? runningEmbeddedPostgres(process.env.E2E_DATA_DIR as string);
  if (!url) throw new Error('The server under test has no database to reach');
  return openDatabase({ mode: 'postgres', url });
}

interface Fixtures {
  consoleErrors: string[];
  /**
   * Signs `page` in as a new owner without the identity provider's pages (a session row and its
   * cookie), and stays where it is: most tests first set up data and then open the page they test,
   * so a stop at the dashboard would cost every test a page load for nothing.
   */
  login(person?: Partial<Person>): Promise<Person>;
  /**
   * The finder's scene: an owner signed in on `page` with a pet (`pet` overrides its details), and
   * a stranger on a phone, with no session, at nothing yet (`phone` adds browser options).
   */
  finderScene(options?: { pet?: Record<string, unknown>; phone?: ContextOptions }): Promise<{
    pet: { id: string; name: string };
    stranger: Awaited<ReturnType<typeof strangerOnPhone>>;
    scan: Page;
  }>;
  /** Signs `page` in as a new owner with a pet (`details` override its own) and opens the pet's poster. */
  openPoster(details?: Record<string, unknown>): Promise<{ id: string; name: string }>;
}

export const test = base.extend<Fixtures, { database: Db }>({
  database: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const database = await openServerDatabase();
      await use(database.db);
      await database.close();
    },
    { scope: 'worker' },
  ],

  // Tests fail on an unexpected console error.
  consoleErrors: [
    async ({ page }, use) => {
      const errors = collectConsoleErrors(page);
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],

  login: async ({ page, database }, use) => {
    await use(async (person = {}) => {
      const user = await signInBrowser(database, page.context(), person);
      return { email: user.email, firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
    });
  },

  finderScene: async ({ page, browser, login }, use) => {
    const strangers: Awaited<ReturnType<typeof strangerOnPhone>>[] = [];
    await use(async ({ pet: details = {}, phone = {} } = {}) => {
      await login();
      const pet = await createPet(page, details);
      const stranger = await strangerOnPhone(browser, phone);
      strangers.push(stranger);
      return { pet, stranger, scan: stranger.page };
    });
    for (const stranger of strangers) await stranger.close();
  },

  openPoster: async ({ page, login }, use) => {
    await use(async (details = {}) => {
      await login();
      const pet = await createPet(page, details);
      await page.goto(`/poster/${pet.id}`);
      return pet;
    });
  },
});

export { expect };

/**
 * The browser tests that CI runs on the embedded database too (.ci/run): signing in, adding a pet
 * with a photo, a finder's scan and Share Location, with scripts and without. Every browser test
 * runs on PostgreSQL; the database is the same code path, so these show the embedded default works.
 */
export const SMOKE = { tag: '@smoke' };
