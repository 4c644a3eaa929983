import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, test as base, expect, type Locator, type Page } from '@playwright/test';

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

export const buildPerson = (overrides: Partial<Person> = {}): Person => {
  const tag = crypto.randomBytes(5).toString('hex');
  return { email: `owner-${tag}@example.com`, firstName: 'Jordan', lastName: `Lee ${tag}`, ...overrides };
};

/** Signs in through the development identity provider, exactly as a person does. */
export async function signIn(page: Page, person: Person = buildPerson()) {
  await page.goto('/api/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  return person;
}

/** Serious and critical accessibility violations fail the test, in the theme currently shown. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Checks the page in light and then dark theme, leaving the original theme in place. */
export async function expectAccessibleInBothThemes(page: Page) {
  // Colours must be checked at rest, not halfway through a theme transition.
  await page.addStyleTag({ content: '*,*::before,*::after{transition:none!important;animation:none!important}' });
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  for (const dark of [false, true]) {
    await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
    await expectAccessible(page);
  }
  await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), wasDark);
}

/** Creates a pet through the API as the signed-in owner of `page`, with every detail a finder can see. */
export async function createPet(page: Page, overrides: Record<string, unknown> = {}) {
  const name = `Biscuit ${crypto.randomBytes(3).toString('hex')}`;
  const res = await page.request.post('/api/pets', {
    data: {
      name,
      species: 'dog',
      breed: 'Beagle',
      age: '3 years',
      weight: '25 lbs',
      color: 'Tricolor',
      microchipId: '985112003456789',
      ownerName: 'Jordan Lee',
      ownerPhone: '(555) 010-0123',
      ownerEmail: 'jordan@example.com',
      medicalNotes: 'Allergic to chicken',
      specialNeeds: 'Shy with strangers',
      isMissing: false,
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/** The toast area, where notifications are announced. */
export const toast = (page: Page) => page.getByRole('region', { name: /notifications/i });

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

/** A stranger on a phone: a separate browser, with no session, whose console errors also fail the test. */
export async function strangerOnPhone(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL, ...options });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  return {
    page,
    /** What the console reported so far; a test takes out the errors it caused on purpose. */
    errors,
    async close() {
      await context.close();
      expect(errors, 'console errors on the stranger’s phone').toEqual([]);
    },
  };
}

// Tests fail on an unexpected console error.
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors = collectConsoleErrors(page);
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
