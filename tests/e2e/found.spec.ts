import type { Page } from '@playwright/test';
import { like } from 'drizzle-orm';
import { FOUND_LOOKUP_LIMIT } from '../../server/features/found/found.service';
import { rateLimits } from '../../shared/schema';
import { createPet, expect, expectAccessibleInBothThemes, test } from './fixtures';

const NO_PET = 'No pet has this code. Check the tag and try again.';

/** A pet of the signed-in owner's, with the short code the server gave it. */
async function petWithCode(page: Page, details: Record<string, unknown> = {}) {
  const pet = (await createPet(page, { isMissing: true, ...details })) as { id: string; name: string };
  const res = await page.request.get(`/api/pets/${pet.id}`);
  const { shortCode } = (await res.json()) as { shortCode: string };
  expect(shortCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{7}$/);
  return { ...pet, shortCode, printed: `${shortCode.slice(0, 3)}-${shortCode.slice(3)}` };
}

// Lookups from this machine are counted per address: each test starts from zero, one at a time
// (one test fills the allowance up).
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ database }) => {
  await database.delete(rateLimits).where(like(rateLimits.key, 'found:%'));
});

test.describe('a short code for every tag', () => {
  test('when the owner opens the QR page and the poster, then the tag code shows under the QR code', async ({
    page,
    login,
  }) => {
    await login();
    const pet = await petWithCode(page);

    await page.goto(`/qr/${pet.id}`);
    await expect(page.getByText('Tag code', { exact: true })).toBeVisible();
    await expect(page.getByTestId('short-code')).toHaveText(pet.printed);

    await page.goto(`/poster/${pet.id}`);
    const poster = page.locator('#missing-poster');
    await expect(poster.getByTestId('short-code')).toHaveText(pet.printed);
    await expect(poster).toContainText('/found');
  });

  test('when the owner checks out a tag, then the pet’s code is proposed as the engraving, and their own words stay', async ({
    page,
    login,
  }) => {
    await login();
    const first = await petWithCode(page);
    const second = await petWithCode(page);
    await page.goto('/store');
    await page
      .getByRole('link', { name: /^Order Now/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    const engraving = page.getByLabel('Custom Engraving (Optional)');

    await page.getByLabel('Pet', { exact: true }).click();
    await page.getByRole('option', { name: first.name }).click();
    await expect(engraving).toHaveValue(first.printed);
    // Another pet: the proposal follows it.
    await page.getByLabel('Pet', { exact: true }).click();
    await page.getByRole('option', { name: second.name }).click();
    await expect(engraving).toHaveValue(second.printed);
    // The owner's own engraving is never replaced.
    await engraving.fill('Call 555-0100');
    await page.getByLabel('Pet', { exact: true }).click();
    await page.getByRole('option', { name: first.name }).click();
    await expect(engraving).toHaveValue('Call 555-0100');
  });

  test('when a finder types the code from the landing page’s Found a Pet?, then the pet’s scan page opens', async ({
    page,
    login,
    browser,
  }) => {
    await login();
    const pet = await petWithCode(page);
    const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const finder = await stranger.newPage();

    await finder.goto('/');
    await finder.getByRole('link', { name: 'Found a Pet?' }).click();
    await expect(finder).toHaveURL(/\/found$/);
    await expect(finder.getByRole('heading', { level: 1, name: 'Found a Pet?' })).toBeVisible();
    await expectAccessibleInBothThemes(finder);

    const code = finder.getByLabel('Tag code or microchip number');
    await code.fill('2222222');
    await finder.getByRole('button', { name: 'Find Pet' }).click();
    await expect(finder.getByRole('alert')).toHaveText(NO_PET);
    await expect(code).toHaveValue('2222222');
    await expect(code).toHaveAttribute('aria-invalid', 'true');

    await code.fill(` ${pet.printed.toLowerCase()} `);
    await finder.getByRole('button', { name: 'Find Pet' }).click();
    await expect(finder).toHaveURL(new RegExp(`/scan/${pet.id}$`));
    await expect(finder.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();

    // The scan page's footer leads back to the form.
    await finder.getByRole('link', { name: 'Found a Pet?' }).click();
    await expect(finder.getByRole('heading', { level: 1, name: 'Found a Pet?' })).toBeVisible();
    await stranger.close();
  });

  test('when a finder has no scripts, then /found, a microchip number and /t/{code} still open the pet', async ({
    page,
    login,
    browser,
  }) => {
    await login();
    const chip = `98511${String(Date.now()).slice(-10)}`;
    const pet = await petWithCode(page, { microchipId: chip });
    const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false });
    const finder = await stranger.newPage();

    // The app's own pages need scripts: they say so, and point a finder to the pages that do not.
    await finder.goto('/reminders');
    await expect(finder.getByRole('heading', { level: 1, name: 'Homeward needs JavaScript' })).toBeVisible();
    await finder.getByRole('link', { name: 'Type the code from its tag' }).click();
    await expect(finder).toHaveURL(/\/found$/);
    // The landing page is the server's: it leads there too.
    await finder.goto('/');
    await finder.getByRole('link', { name: 'Found a Pet?' }).click();
    await expect(finder).toHaveURL(/\/found$/);
    await finder.getByLabel('Tag code or microchip number').fill(`${chip.slice(0, 3)}-${chip.slice(3)}`);
    await finder.getByRole('button', { name: 'Find Pet' }).click();
    await expect(finder).toHaveURL(new RegExp(`/scan/${pet.id}$`));
    await expect(finder.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();

    await finder.goto(`/t/${pet.shortCode.toLowerCase()}`);
    await expect(finder).toHaveURL(new RegExp(`/scan/${pet.id}$`));
    await expect(finder.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
    await expect(finder.getByText('Homeward needs JavaScript')).toHaveCount(0);

    await finder.goto('/t/ZZZZZZZ');
    await expect(finder.getByRole('alert')).toHaveText(NO_PET);
    await stranger.close();
  });
  test('when one address has guessed too often, then the page says to wait, with the code kept', async ({
    page,
    login,
    database,
  }) => {
    await login();
    const pet = await petWithCode(page);
    // The allowance used up, whichever form this machine's address takes on the server.
    const resetAt = new Date(Date.now() + FOUND_LOOKUP_LIMIT.windowMs);
    const hits = FOUND_LOOKUP_LIMIT.limit;
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      await database
        .insert(rateLimits)
        .values({ key: `found:${address}`, hits, resetAt })
        .onConflictDoUpdate({ target: rateLimits.key, set: { hits, resetAt } });

    await page.goto('/found');
    await page.getByLabel('Tag code or microchip number').fill(pet.printed);
    await page.getByRole('button', { name: 'Find Pet' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Too many codes tried from this connection. Please wait a few minutes and try again.',
    );
    await expect(page.getByLabel('Tag code or microchip number')).toHaveValue(pet.printed);
    const res = await page.request.get(`/found?code=${pet.shortCode}`, { maxRedirects: 0 });
    expect(res.status()).toBe(429);
  });
});
