import { buildFinderReport } from '../support/factories';
import { buildPerson } from '../support/session';
import { createPet, expect, expectAccessibleInBothThemes, SMOKE, signIn, test } from './fixtures';

test.describe('as a visitor', () => {
  test('when opening the site, then the landing page shows the pitch, six features and the footer', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const feature of [
      'Smart QR Tags',
      'GPS Location Sharing',
      'Health Reminders',
      'Lost Pet Alerts',
      'Unlimited Pets',
      'Medical Records',
    ]) {
      await expect(page.getByRole('heading', { name: feature, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo')).toContainText('2025');
    await expectAccessibleInBothThemes(page);
  });

  test('when a visitor opens the site without scripts, then the landing page is all there and every way on is a link', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Keep Your Pets Safe with Smart QR Tags' })).toBeVisible();
    await expect(page.getByText('Homeward needs JavaScript')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Found a Pet?' })).toHaveAttribute('href', '/found');
    await expect(page.getByRole('link', { name: 'Lost Pet Alerts' })).toHaveAttribute('href', '/lost');
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page.getByLabel('Email')).toBeVisible();
    await context.close();
  });

  test('when an unknown address is opened signed out, then the landing page is shown', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  });

  for (const link of ['Log In', 'Get Started Free', 'Sign Up Now']) {
    test(`when "${link}" is clicked, then the browser goes to the sign-in page`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: link }).first().click();
      await expect(page.getByLabel('Email')).toBeVisible();
      await expect(page.getByLabel('First name')).toBeVisible();
      await expect(page.getByLabel('Last name')).toBeVisible();
    });
  }
});

test.describe('signed in', () => {
  test(
    'when a person signs in, then the dashboard greets them and a reload keeps them signed in',
    SMOKE,
    async ({ page }) => {
      await signIn(page);
      await expect(page.getByText('Manage your pets and keep them safe')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    },
  );

  test('when the server cannot say who is signed in (503), then the owner is told so, not shown the signed-out landing page, and Try Again brings the dashboard', async ({
    page,
    login,
  }) => {
    await login();
    await page.route('**/api/auth/user', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service temporarily unavailable. Please try again in a moment.' }),
      }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Homeward could not be reached.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    await page.unroute('**/api/auth/user');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  });

  test('when the theme is toggled, then the dark class flips and survives a reload', async ({ page, login }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await login();
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Toggle theme' }).click();
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Toggle theme' }).click();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('when no theme was chosen, then the system preference applies, and a chosen theme wins over it', async ({
    page,
    login,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await login();
    await page.goto('/');
    const html = page.locator('html');
    const background = () => page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    await expect(html).toHaveClass(/dark/);
    expect(await background()).toBe('rgb(22, 18, 15)');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Toggle theme' }).click();
    await expect(html).toHaveClass(/light/);
    await expect.poll(background).toBe('rgb(255, 250, 243)');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    expect(await background()).toBe('rgb(255, 250, 243)');
  });

  test('when an unknown page is opened, then the 404 page explains it', async ({ page, login }) => {
    await login();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('when a page’s code cannot be downloaded, then the page says so, the navigation stays and Try Again loads it', async ({
    page,
    consoleErrors,
    login,
  }) => {
    await login();
    await page.goto('/');
    await page.route('**/assets/orders-page-*.js', (route) => route.abort('internetdisconnected'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();

    const failure = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('Please check your connection and try again.');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    // The failed download is reported in the console, and nothing else is.
    expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('Failed to fetch dynamically imported module')]);

    await page.unroute('**/assets/orders-page-*.js');
    await failure.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  });

  test('when Logout is clicked, then the landing page returns and the next sign-in asks again', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/api/login');
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('when on a phone, then the bottom bar and its More sheet hold the navigation', async ({ page, login }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login(buildPerson());
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Home', 'Store', 'Add', 'Orders']) await expect(bar.getByRole('link', { name })).toBeVisible();
    // Opened from the keyboard, the sheet starts on its first way to go, not on a setting.
    await bar.getByRole('button', { name: 'More' }).focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'More' });
    await expect(sheet.getByRole('link', { name: 'Reminders' })).toBeFocused();
    await expect(sheet.getByRole('link', { name: 'Reminders' })).toHaveAttribute('href', '/reminders');
    await expect(sheet.getByRole('button', { name: 'Toggle theme' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    // The word toggles the theme, not only the icon beside it.
    const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await sheet.getByText('Theme', { exact: true }).click({ position: { x: 24, y: 18 } });
    await expect(page.locator('html')).toHaveClass(dark ? /\blight\b/ : /\bdark\b/);
  });

  test('when pages open, then each names the browser tab after itself', async ({ page, login }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Homeward — Pet safety, QR tags and lost pet alerts');
    await login(buildPerson());
    const pet = await createPet(page, { name: 'Bella', isMissing: true });
    const titles = [
      ['/', 'Dashboard — Homeward'],
      ['/add-pet', 'Add New Pet — Homeward'],
      [`/pet/${pet.id}`, 'Bella — Homeward'],
      [`/scan/${pet.id}`, 'Bella — Homeward'],
      [`/qr/${pet.id}`, "Bella's QR Code — Homeward"],
      [`/poster/${pet.id}`, 'Missing Poster for Bella — Homeward'],
      ['/reminders', 'Reminders — Homeward'],
      ['/orders', 'My Orders — Homeward'],
      ['/account', 'Account — Homeward'],
      ['/no-such-page', '404 Page Not Found — Homeward'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
    // Moving inside the app renames the tab too.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveTitle('Dashboard — Homeward');
  });

  test('when the screen is 360 px wide, then the brand stands on one line, signed out and in', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const brandLines = () =>
      page
        .getByRole('banner')
        .getByText('Homeward', { exact: true })
        .evaluate((brand) => {
          // The word's own line boxes (the icon beside it sits at another height).
          const word = [...brand.childNodes].find((node) => node.textContent?.includes('Homeward')) as Node;
          const text = document.createRange();
          text.selectNodeContents(word);
          const tops = new Set([...text.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          return tops.size;
        });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    expect(await brandLines()).toBe(1);
    await login(buildPerson());
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    expect(await brandLines()).toBe(1);
  });

  test('when tabbing down a long page on a phone, then no focused control hides under the bottom bar', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login(buildPerson());
    const pet = await createPet(page, { isMissing: true });
    for (const place of ['By the bakery', 'Riverside Park', 'Behind the school']) {
      const report = await page.request.post('/api/gps-pings', {
        data: buildFinderReport(pet.id, { finderLocation: place }),
      });
      expect(report.status()).toBe(201);
    }
    await page.goto(`/pet/${pet.id}`);
    await expect(page.getByRole('button', { name: 'Reply' })).toHaveCount(3);

    // Every stop of the page, from the top to the bar itself: Delete and each Reply among them.
    const stops: string[] = [];
    for (let presses = 0; presses < 80; presses++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const bar = document.querySelector('nav[aria-label="Mobile"]') as HTMLElement;
        return {
          name: focused.textContent?.trim() || focused.getAttribute('aria-label') || focused.tagName,
          inBar: bar.contains(focused),
          bottom: focused.getBoundingClientRect().bottom,
          barTop: bar.getBoundingClientRect().top,
        };
      });
      if (stop.inBar) break;
      stops.push(stop.name);
      expect(stop.bottom, `"${stop.name}" ends above the bottom bar`).toBeLessThanOrEqual(stop.barTop);
    }
    expect(stops).toContain('Delete');
    expect(stops.filter((name) => name === 'Reply')).toHaveLength(3);
  });
});
