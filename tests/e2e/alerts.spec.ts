import { eq } from 'drizzle-orm';
import { pushServicePort } from '../../playwright.config';
import { pushSubscriptions, users } from '../../shared/schema';
import { buildFinderReport } from '../support/factories';
import { type PushServiceDouble, startPushServiceDouble } from '../support/push-service-double';
import { createPet, expect, expectAccessibleInBothThemes, stubPushManager, test } from './fixtures';

// Headless Chromium cannot reach its real push service (Google's FCM), so the page's PushManager
// hands out a subscription of the tests' own push service instead; everything else is real: the
// permission, the service worker, the server's subscription, the encrypted and signed message.
// The push service listens on the one port the server was told of, so these tests run one by one.
test.describe.configure({ mode: 'serial' });

let pushService: PushServiceDouble;
test.beforeAll(async () => {
  pushService = await startPushServiceDouble({ port: pushServicePort });
});
test.afterAll(() => pushService?.close());

test("an owner turns alerts on for this device, a finder's report arrives as an alert, and its link opens the report", async ({
  page,
  context,
  login,
  database,
}) => {
  await context.grantPermissions(['notifications']);
  const device = pushService.subscribe();
  await page.addInitScript(stubPushManager, device);
  const person = await login();
  await page.goto('/');
  const [user] = await database.select().from(users).where(eq(users.email, person.email));
  const devices = () => database.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));

  await page.getByRole('button', { name: 'Enable Alerts' }).click();

  await expect(page.getByText('Alerts are on for this device')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn Off' })).toBeVisible();
  expect((await devices()).map((d) => d.endpoint)).toEqual([device.endpoint]);
  // The real service worker is registered, and the browser subscribed with the server's key.
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(new URL(worker ?? '').pathname).toBe('/sw.js');
  const { push } = await (await page.request.get('/api/config')).json();
  const usedKey = await page.evaluate(() => localStorage.getItem('test:push-subscription-key'));
  expect(Buffer.from(usedKey ?? '', 'base64').toString('base64url')).toBe(push.publicKey);
  await expectAccessibleInBothThemes(page);

  const pet = await createPet(page, { isMissing: true });
  const report = await page.request.post('/api/gps-pings', {
    data: buildFinderReport(pet.id, { finderName: 'Robin', finderLocation: 'Behind the library' }),
  });
  expect(report.status()).toBe(201);
  const reportId = (await report.json()).id;

  const [alert] = await pushService.messagesFor(device.endpoint);
  expect(alert?.message).toEqual({
    title: `${pet.name} was found`,
    body: 'Where: Behind the library',
    url: `/pet/${pet.id}#report-${reportId}`,
  });

  // What a tap on the alert opens: the report, in view and focused.
  await page.goto(alert.message.url);
  const reportItem = page.locator(`[id="report-${reportId}"]`);
  await expect(reportItem).toBeFocused();
  await expect(reportItem).toContainText('Behind the library');
  await expect(reportItem).toBeInViewport();

  // A later visit finds the alerts on and says the subscription again, so one the server dropped
  // is put right; Turn Off turns them off here and at the server.
  await database.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
  await page.goto('/');
  await expect.poll(async () => (await devices()).map((d) => d.endpoint)).toEqual([device.endpoint]);
  await page.getByRole('button', { name: 'Turn Off' }).click();
  await expect(page.getByRole('button', { name: 'Enable Alerts' })).toBeVisible();
  expect(await devices()).toEqual([]);
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });

  test('when Homeward is not on its Home Screen, the dashboard says how to add it instead of offering alerts', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/');
    await expect(
      page.getByText('To get alerts on this iPhone or iPad, add Homeward to your Home Screen'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enable Alerts' })).toHaveCount(0);
  });
});

test('the service worker shows a pushed alert, and keeps its link inside the app', async ({ page, context, login }) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(stubPushManager, pushService.subscribe());
  await login();
  await page.goto('/');
  await page.getByRole('button', { name: 'Enable Alerts' }).click();
  await expect(page.getByRole('button', { name: 'Turn Off' })).toBeVisible();
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  // A worker still installing has no active registration to show a notification from.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));

  // A push as the browser hands it to the worker (the push service's own delivery is tested above).
  const shown = await worker.evaluate(
    async (alerts) => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      for (const alert of alerts) scope.dispatchEvent(new PushEvent('push', { data: JSON.stringify(alert) }));
      for (let tries = 0; tries < 50 && (await scope.registration.getNotifications()).length < alerts.length; tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      return (await scope.registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: n.data.url,
      }));
    },
    [
      { title: 'Biscuit was found', body: 'Where: Behind the library', url: '/pet/1#report-2' },
      { title: 'Elsewhere', body: 'A link out', url: 'https://attacker.example/' },
    ],
  );

  const origin = new URL(page.url()).origin;
  expect(shown).toEqual(
    expect.arrayContaining([
      { title: 'Biscuit was found', body: 'Where: Behind the library', url: `${origin}/pet/1#report-2` },
      { title: 'Elsewhere', body: 'A link out', url: `${origin}/` },
    ]),
  );
});

test('when an alert arrives while the owner has the pet’s profile open, then the profile shows the report without a reload', async ({
  page,
  context,
  login,
}) => {
  await context.grantPermissions(['notifications']);
  const device = pushService.subscribe();
  await page.addInitScript(stubPushManager, device);
  await login();
  await page.goto('/');
  await page.getByRole('button', { name: 'Enable Alerts' }).click();
  await expect(page.getByRole('button', { name: 'Turn Off' })).toBeVisible();
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const pet = await createPet(page, { isMissing: true });
  await page.goto(`/pet/${pet.id}`);
  await expect(page.getByRole('heading', { name: pet.name, level: 1 })).toBeVisible();
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));

  const report = await page.request.post('/api/gps-pings', {
    data: buildFinderReport(pet.id, { finderLocation: 'By the bakery on Elm St' }),
  });
  expect(report.status()).toBe(201);
  const [alert] = await pushService.messagesFor(device.endpoint);
  // The app never polls: until the alert reaches this browser, the open profile knows nothing new.
  await expect(page.getByText('By the bakery on Elm St')).toHaveCount(0);

  // The push as the browser hands it to the worker (the push service's own delivery is tested above).
  await worker.evaluate((message) => {
    (self as unknown as ServiceWorkerGlobalScope).dispatchEvent(
      new PushEvent('push', { data: JSON.stringify(message) }),
    );
  }, alert.message);
  await expect(page.getByText('By the bakery on Elm St')).toBeVisible();
});

test('when the browser refuses the push registration, then the owner is told in words what to do, not the browser’s message', async ({
  page,
  context,
  login,
}) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    PushManager.prototype.subscribe = async () => {
      throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
    };
  });
  await login();
  await page.goto('/');
  await page.getByRole('button', { name: 'Enable Alerts' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Alerts could not be changed.' });
  await expect(alert).toContainText('Allow notifications for this site in the browser’s settings');
  await expect(alert).not.toContainText('Registration failed');
  await expect(page.getByRole('button', { name: 'Enable Alerts' })).toBeVisible();
});
