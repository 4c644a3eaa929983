import { eq } from 'drizzle-orm';
import { pushServicePort } from '../../playwright.config';
import { pushSubscriptions, users, watchAreas } from '../../shared/schema';
import { newDevice } from '../support/push-service-double';
import {
  createPet,
  expect,
  expectAccessibleInBothThemes,
  fillSignInForm,
  signInBrowser,
  stubPushManager,
  test,
  toast,
} from './fixtures';

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

test('when a neighbour on a small phone watches the area around their position, then it is listed, and once deleted it is gone', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'More' }).click();
  await page.getByRole('dialog', { name: 'More' }).getByRole('link', { name: 'Watch My Area' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Watch My Area' })).toBeVisible();
  await expect(page.getByText('You do not watch any area yet.')).toBeVisible();

  // Without the map: the phone's position fills in the centre.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 48.856613, longitude: 2.352222 });
  await page.getByRole('button', { name: 'Use My Position' }).click();
  await expect(page.getByLabel('Latitude')).toHaveValue('48.85661');
  await expect(page.getByLabel('Longitude')).toHaveValue('2.35222');
  await page.getByRole('radio', { name: '5 km' }).check();
  await page.getByRole('checkbox', { name: 'Push alerts on my devices' }).uncheck();
  await expect(page.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
  await page.getByRole('button', { name: 'Watch This Area' }).click();

  const areas = page.getByRole('list', { name: 'Your areas' });
  await expect(areas.getByRole('listitem')).toHaveCount(1);
  await expect(areas).toContainText('Within 5 km of 48.85661, 2.35222');
  await expect(areas).toContainText('Alerts by e-mail');
  await expect(page.getByRole('status')).toHaveText('You now watch this area.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessibleInBothThemes(page);

  await areas.getByRole('button', { name: 'Delete area: Within 5 km of 48.85661, 2.35222' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this area?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You do not watch any area yet.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Watch My Area' })).toBeFocused();
});

test('when an owner reports a pet missing where a neighbour watches, then the profile says one neighbour was alerted, and never who', async ({
  page,
  browser,
  login,
  database,
}) => {
  // A neighbour's area around a place of this test's own, far from any other test's.
  const place = { lat: -30 - Math.random() * 10, lng: 120 + Math.random() * 10 };
  const neighbour = await browser.newContext();
  const watcher = await signInBrowser(database, neighbour);
  await database.insert(watchAreas).values({ userId: watcher.id, ...place, radiusKm: 2, push: true, email: false });
  await neighbour.close();

  await login();
  const pet = await createPet(page, { lastSeenLat: place.lat + 0.001, lastSeenLng: place.lng });
  await page.goto(`/pet/${pet.id}`);
  await page.getByRole('button', { name: 'Report Missing' }).click();
  await expect(toast(page).getByText('Pet Reported Missing')).toBeVisible();
  // The alert is decided just after the report, by the job queue: the profile says so once it has
  // been (on a loaded CI machine that took more than 15 s once).
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Alert sent to 1 neighbour within 1 km')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(watcher.email)).toHaveCount(0);
});

test('when a signed-out visitor follows Watch My Area from the lost-pets board, then they are told to log in, and Log In brings them back to the area they searched', async ({
  page,
}) => {
  await page.goto('/lost?lat=48.85661&lng=2.35222');
  await page.getByRole('link', { name: 'Watch My Area' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Log in to watch an area: you will be alerted when a pet goes missing there' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('link', { name: 'Log In' }).click();
  await fillSignInForm(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Watch My Area' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/watch-areas');
  await expect(page.getByLabel('Latitude')).toHaveValue('48.85661');
  await expect(page.getByLabel('Longitude')).toHaveValue('2.35222');
});

test('when a latitude or longitude out of range is typed, then the field itself says so, and no area is added', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/watch-areas');
  const latitude = page.getByLabel('Latitude');
  const longitude = page.getByLabel('Longitude');
  await latitude.fill('123');
  await longitude.fill('2.35');
  await page.getByRole('button', { name: 'Watch This Area' }).click();
  await expect(latitude).toHaveAttribute('aria-invalid', 'true');
  await expect(latitude).toHaveAccessibleDescription('Latitude must be between -90 and 90');
  await expect(latitude).toBeFocused();
  await expect(longitude).not.toHaveAttribute('aria-invalid');

  // Mended, the mark goes; the longitude is the next wrong one.
  await latitude.fill('48.85');
  await expect(latitude).not.toHaveAttribute('aria-invalid');
  await longitude.fill('500');
  await page.getByRole('button', { name: 'Watch This Area' }).click();
  await expect(longitude).toHaveAttribute('aria-invalid', 'true');
  await expect(longitude).toHaveAccessibleDescription('Longitude must be between -180 and 180');
  await expect(longitude).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessibleInBothThemes(page);
  await expect(page.getByText('You do not watch any area yet.')).toBeVisible();
});

test('when this browser blocks notifications, even once the page is open, then the area is saved and listed as alerting by e-mail alone, not by push that cannot come; allowed again, push is offered without a reload', async ({
  page,
  context,
  login,
}) => {
  await login();
  await page.goto('/watch-areas');
  const push = page.getByRole('checkbox', { name: 'Push alerts on my devices' });
  await expect(push).toBeEnabled();
  // Blocked as the browser's own settings block a site: Playwright can only grant, so ask Chromium.
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  const setPermission = (setting: 'denied' | 'prompt') =>
    cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting,
      origin: new URL(page.url()).origin,
      browserContextId: targetInfo.browserContextId,
    });
  await setPermission('denied');
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');

  await expect(push).not.toBeChecked();
  await expect(push).toBeDisabled();
  await expect(push).toHaveAccessibleDescription(
    "Alerts are blocked for Homeward in this browser's settings, so this area alerts you by e-mail. Allow notifications for this site to choose push.",
  );
  await page.getByLabel('Latitude').fill('48.85661');
  await page.getByLabel('Longitude').fill('2.35222');
  await page.getByRole('button', { name: 'Watch This Area' }).click();

  const areas = page.getByRole('list', { name: 'Your areas' });
  await expect(areas.getByRole('listitem')).toHaveCount(1);
  await expect(areas).toContainText('Alerts by e-mail');
  await expect(areas).not.toContainText('push');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await setPermission('prompt');
  await expect(push).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Enable Alerts' })).toBeVisible();
});

test('when push alone is chosen in a browser that never allowed notifications and the browser is refused, then nothing is saved, the form says why, and offers e-mail', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/watch-areas');
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await page.getByLabel('Latitude').fill('48.85661');
  await page.getByLabel('Longitude').fill('2.35222');
  await page.getByRole('checkbox', { name: 'E-mail' }).uncheck();
  await page.getByRole('button', { name: 'Watch This Area' }).click();

  // Headless Chromium answers the browser's question itself, never with yes.
  await expect(page.getByRole('alert')).toHaveText(
    'This browser did not allow notifications for Homeward. Push alerts cannot reach you on this device, so the area was not saved.',
  );
  await expect(page.getByText('You do not watch any area yet.')).toBeVisible();
  expect(await (await page.request.get('/api/watch-areas')).json()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessibleInBothThemes(page);

  await page.getByRole('button', { name: 'Watch by E-mail Instead' }).click();
  const areas = page.getByRole('list', { name: 'Your areas' });
  await expect(areas.getByRole('listitem')).toHaveCount(1);
  await expect(areas).toContainText('Alerts by e-mail');
  await expect(areas).not.toContainText('push');
  await expect(page.getByRole('status')).toHaveText('You now watch this area.');
  await expect(page.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
});

test('when push alone is chosen and the browser allows notifications, then this device’s alerts are turned on before the area is saved', async ({
  page,
  context,
  login,
  database,
}) => {
  await context.grantPermissions(['notifications']);
  // A device of the tests' push service (see alerts.spec.ts); nothing is pushed to it here.
  const device = newDevice(`127.0.0.1:${pushServicePort}`).subscription;
  await page.addInitScript(stubPushManager, device);
  const person = await login();
  await page.goto('/watch-areas');
  await expect(page.getByRole('button', { name: 'Enable Alerts' })).toBeVisible();
  await page.getByLabel('Latitude').fill('48.85661');
  await page.getByLabel('Longitude').fill('2.35222');
  await page.getByRole('checkbox', { name: 'E-mail' }).uncheck();
  await page.getByRole('button', { name: 'Watch This Area' }).click();

  const areas = page.getByRole('list', { name: 'Your areas' });
  await expect(areas).toContainText('Alerts by push');
  await expect(areas).not.toContainText('e-mail');
  await expect(page.getByText('Alerts are on for this device')).toBeVisible();
  const [user] = await database.select().from(users).where(eq(users.email, person.email));
  const devices = await database.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
  expect(devices.map((d) => d.endpoint)).toEqual([device.endpoint]);
});

test('when the browser’s push service never answers, then after a minute the form says so and offers e-mail, and nothing is saved', async ({
  page,
  context,
  login,
}) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => {});
  });
  await page.clock.install();
  await login();
  await page.goto('/watch-areas');
  await page.getByLabel('Latitude').fill('48.85661');
  await page.getByLabel('Longitude').fill('2.35222');
  await page.getByRole('checkbox', { name: 'E-mail' }).uncheck();
  await page.getByRole('button', { name: 'Watch This Area' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeVisible();

  await page.clock.fastForward(61_000);
  await expect(page.getByRole('alert')).toContainText('This browser could not reach its alert service.');
  await expect(page.getByRole('list', { name: 'Your areas' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Watch by E-mail Instead' }).click();
  await expect(page.getByRole('list', { name: 'Your areas' })).toContainText('Alerts by e-mail');
});

test('when e-mail is turned off on an area (or by an e-mail’s unsubscribe link), then the area turns it back on, and an area that alerts only by e-mail keeps it', async ({
  page,
  login,
}) => {
  await login();
  for (const [lat, push] of [
    [48.85661, true],
    [45.764, false],
  ] as const) {
    const added = await page.request.post('/api/watch-areas', {
      data: { lat, lng: 2.35222, radiusKm: 2, push, email: true },
    });
    expect(added.status()).toBe(201);
  }
  await page.goto('/watch-areas');
  const areas = page.getByRole('list', { name: 'Your areas' });
  const both = areas.getByRole('listitem').filter({ hasText: '48.85661' });
  const emailOnly = areas.getByRole('listitem').filter({ hasText: '45.76400' });
  await expect(both).toContainText('Alerts by push and e-mail');
  await expect(emailOnly.getByRole('button', { name: /E-mail/ })).toHaveCount(0);

  await both.getByRole('button', { name: /^Turn E-mail Off/ }).click();
  await expect(both).toContainText('Alerts by push');
  await expect(both).not.toContainText('e-mail');
  const on = both.getByRole('button', { name: /^Turn E-mail On/ });
  await expect(on).toBeFocused();
  await on.click();
  await expect(both).toContainText('Alerts by push and e-mail');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
