import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import { users } from '../../shared/schema';
import { createPet, expect, expectAccessibleInBothThemes, PHONE, signIn, strangerOnPhone, test } from './fixtures';

/** A small real PNG, uploaded as an owner's photo. */
function photoDataUrl() {
  const png = new PNG({ width: 60, height: 40 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([180, 120, 60, 255], i);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

test.describe('the Account page', () => {
  test('when an owner downloads their data and then deletes their account, then the ZIP holds their pet and afterwards nothing of theirs is left', async ({
    page,
    browser,
  }) => {
    const person = await signIn(page);
    const pet = await createPet(page, { photoUrl: photoDataUrl() });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${person.firstName} ${person.lastName} (${person.email})`)).toBeVisible();
    await expect(page.getByRole('heading', { name: /Homeward does not e-mail/ })).toHaveCount(0);
    await expect(
      page.getByText('Pets you created are deleted even if you share them with other people.'),
    ).toBeVisible();
    await expectAccessibleInBothThemes(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download My Data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^homeward-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(fs.readFileSync(await download.path()));
    const data = JSON.parse(strFromU8(files['homeward-data.json']));
    expect(data.account.email).toBe(person.email);
    expect(data.pets).toEqual([expect.objectContaining({ id: pet.id, name: pet.name })]);
    expect(files[data.pets[0].photoFile].length).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

    // The button waits for the typed confirmation, and the keyboard can reach it.
    const remove = page.getByRole('button', { name: 'Delete Account' });
    await expect(remove).toBeDisabled();
    const confirm = page.getByLabel('Type DELETE to confirm');
    await confirm.fill('delete');
    await expect(remove).toBeDisabled();
    await confirm.fill('DELETE');
    await expect(remove).toBeEnabled();
    await confirm.press('Enter');

    // Signed out, on the landing page, which says what happened.
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('status').getByText('Account Deleted')).toBeVisible();
    await expect(
      page.getByRole('status').getByText('Your account has been deleted. Thank you for using Homeward.'),
    ).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    // Once: the landing page opened again says nothing more.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    await expect(page.getByRole('status').getByText('Account Deleted')).toHaveCount(0);

    // The pet's tag now leads nowhere.
    const stranger = await strangerOnPhone(browser);
    await stranger.page.goto(`/scan/${pet.id}`);
    await expect(stranger.page.getByText('Pet Not Found')).toBeVisible();
    await stranger.close();

    // Signing in again starts afresh.
    await signIn(page, person);
    await expect(page.getByText('No pets yet')).toBeVisible();
  });

  test('when the sign-in provider has not verified the address, then the page says Homeward does not e-mail it, and why', async ({
    page,
    login,
    database,
  }) => {
    const person = await login();
    await database.update(users).set({ emailVerified: false }).where(eq(users.email, person.email));
    await page.goto('/account');
    const notice = page.getByRole('region', { name: `Homeward does not e-mail ${person.email}` });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Your sign-in provider has not verified that this address is yours');
    await expectAccessibleInBothThemes(page);

    // Someone whose provider vouched for the address has since taken it (server/auth/users.repository.ts).
    await database.update(users).set({ email: '' }).where(eq(users.email, person.email));
    await page.reload();
    const none = page.getByRole('region', { name: 'Homeward has no e-mail address for you' });
    await expect(none).toContainText('has taken it for their account');
    await expect(page.getByText(`Signed in as ${person.firstName} ${person.lastName}`, { exact: true })).toBeVisible();
  });

  test('when on a 360 px phone, then Account is in the More sheet and its page fits the screen', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...PHONE,
      viewport: { width: 360, height: 740 },
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog', { name: 'More' }).getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'More' })).toBeHidden();
    await page.getByRole('button', { name: 'Delete Account' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});

test.describe('the time zone of my e-mails', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('when an owner in Tokyo signs in, then the app tells Homeward their time zone once, for the times in their e-mails', async ({
    page,
    database,
  }) => {
    const told: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/account/time-zone')) told.push(request.postData() ?? '');
    });
    const person = await signIn(page);
    const zone = async () =>
      (await database.select({ timeZone: users.timeZone }).from(users).where(eq(users.email, person.email)))[0]
        ?.timeZone;
    await expect.poll(zone).toBe('Asia/Tokyo');
    // Told once: another page, or a visit later, says nothing new.
    await page.goto('/reminders');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    expect(told).toEqual([JSON.stringify({ timeZone: 'Asia/Tokyo' })]);
  });
});

test.describe('a sign-in that cannot be completed', () => {
  test('when the callback carries a state this browser did not start, then the landing page says so once', async ({
    page,
  }) => {
    await page.goto('/api/callback?code=stale&state=from-another-tab');
    await expect(page.getByRole('status').getByText('Sign-in expired')).toBeVisible();
    await expect(page.getByRole('status').getByText('Please try again.')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  });

  test('when the provider would not share an e-mail address, or gave one that is another account’s, then the landing page says why, not to try again', async ({
    page,
  }) => {
    for (const [outcome, why] of [
      ['no-email', /did not share a usable e-mail address/],
      ['email-taken', /already belongs to another Homeward account\. Log in the way you did before/],
    ] as const) {
      await page.goto(`/?signin=${outcome}`);
      await expect(page.getByRole('status').getByText('Sign-in failed')).toBeVisible();
      await expect(page.getByRole('status').getByText(why)).toBeVisible();
      await expect(page.getByRole('status').getByText('Sign-in expired')).toHaveCount(0);
      await expect(page).toHaveURL('/');
    }
  });

  test('when the person cancels at the provider, then the landing page says so, not that it expired', async ({
    page,
  }) => {
    await page.goto('/api/login');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').getByText('Sign-in cancelled')).toBeVisible();
    await expect(page.getByRole('status').getByText('Sign-in expired')).toHaveCount(0);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  });
});
