import crypto from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  createPet,
  expect,
  expectAccessibleInBothThemes,
  expectFocusVisible,
  scanPageHydrated,
  tabTo,
  test,
  toast,
} from './fixtures';

/** Tabs to the element, checking that every stop on the way shows its focus. */
const tabVisiblyTo = (page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') =>
  tabTo(page, target, { key, eachStop: () => expectFocusVisible(page) });

/** Tabs through the whole page, once round, checking that every stop shows its focus. */
async function expectFocusShownAtEveryStop(page: Page) {
  for (let stop = 0; stop < 100; stop++) {
    await page.keyboard.press('Tab');
    const roundDone = await page.evaluate(() => {
      const tracker = window as { visitedStops?: WeakSet<Element> };
      tracker.visitedStops ??= new WeakSet();
      const visited = tracker.visitedStops;
      const element = document.activeElement;
      if (!element || element === document.body || visited.has(element)) return true;
      visited.add(element);
      return false;
    });
    if (roundDone) {
      expect(stop, 'focus stops on the page').toBeGreaterThan(0);
      return;
    }
    await expectFocusVisible(page);
  }
  throw new Error('Tab did not come back round within 100 stops');
}

/**
 * The page does not scroll sideways. On failure, names the outermost elements that stick out, so
 * the fix can go where the width comes from.
 */
async function expectNoSidewaysScroll(page: Page) {
  const layout = await page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el: Element) => {
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) return false;
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const sticking = [...document.body.querySelectorAll('*')].filter(
      (el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el),
    );
    const outermost = sticking.filter((el) => !sticking.some((other) => other !== el && other.contains(el)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      offenders: outermost
        .slice(0, 5)
        .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`),
    };
  });
  expect(
    layout.scrollWidth,
    `page wider than the screen because of ${layout.offenders.join(', ')}`,
  ).toBeLessThanOrEqual(layout.width);
}

test.describe('with the keyboard alone', () => {
  test('when an owner fills the add-pet form with the keyboard, then it validates, saves and every stop shows its focus', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/add-pet');
    await expect(page.getByRole('heading', { name: 'Add New Pet', level: 1 })).toBeVisible();
    const name = `Keys ${crypto.randomBytes(2).toString('hex')}`;

    // Through every stop of the page, from the header down to the submit button.
    const submit = page.getByRole('button', { name: 'Add Pet' });
    await tabVisiblyTo(page, submit);
    await page.keyboard.press('Enter');
    await expect(toast(page).getByText('Missing Required Fields')).toBeVisible();
    // Focus goes to the first field to fix, and shows there.
    const petName = page.getByLabel('Pet Name');
    await expect(petName).toBeFocused();
    await expect(petName).toHaveAttribute('aria-invalid', 'true');
    await expectFocusVisible(page);

    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    const species = page.getByLabel('Species');
    await expect(species).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press('Space');
    await expect(page.getByRole('option', { name: 'Dog' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Cat' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(species).toHaveText('Cat');
    await expect(species).toBeFocused();
    await expectFocusVisible(page);
    // A look back at the name: Shift+Tab returns to it, as typed.
    await page.keyboard.press('Shift+Tab');
    await expect(petName).toBeFocused();
    await expect(petName).toHaveValue(name);
    await expectFocusVisible(page);

    await tabVisiblyTo(page, page.getByLabel('Owner Name'));
    // Prefilled from the account: typed over, as a person replaces it.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Jordan Lee');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Phone Number')).toBeFocused();
    await page.keyboard.type('555-0100');
    await expectFocusVisible(page);
    await tabVisiblyTo(page, submit);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL('/');
    const card = page.getByRole('list', { name: 'My pets' }).getByRole('listitem').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText('Cat', { exact: true })).toBeVisible();
  });

  test('when a finder shares a location with the keyboard, then the dialog opens, sends, closes onto its confirmation and gives focus back', async ({
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });
    await scan.goto(`/scan/${pet.id}`);
    await expect(scan.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
    // The app has taken over from the server-rendered copy of the page.
    await scanPageHydrated(scan);

    const opener = scan.getByRole('button', { name: 'Share Location' });
    await tabVisiblyTo(scan, opener);
    await scan.keyboard.press('Enter');
    const dialog = scan.getByRole('dialog', { name: 'Share Location' });
    await expect(dialog).toBeVisible();
    // The one required field has the focus first; the optional name is a Shift+Tab away.
    await expect(dialog.getByLabel(`Where did you find ${pet.name}?`)).toBeFocused();
    await expectFocusVisible(scan);
    await scan.keyboard.type('By the bakery on Oak Street');
    await scan.keyboard.press('Shift+Tab');
    await expect(dialog.getByLabel('Your Name (Optional)')).toBeFocused();
    await tabVisiblyTo(scan, dialog.getByRole('button', { name: 'Share Location' }));
    await scan.keyboard.press('Enter');

    await expect(toast(scan).getByText('Location Shared!', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    // The confirmation takes the focus, so it is read out; closing it gives the focus back.
    const confirmation = scan.getByRole('status', { name: 'Your report was sent.' });
    await expect(confirmation).toBeFocused();
    await expectFocusVisible(scan);
    await tabVisiblyTo(scan, confirmation.getByRole('button', { name: 'Close' }));
    await scan.keyboard.press('Enter');
    await expect(confirmation).toHaveCount(0);
    await expect(opener).toBeFocused();

    // Escape closes it, and focus returns to the button that opened it. While the toast is up,
    // Escape may go to the toast first (the topmost dismissable layer), so let it time out.
    await expect(toast(scan).getByText('Location Shared!', { exact: true })).toBeHidden();
    await scan.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // Open for the keyboard once it holds the focus: the dialog listens for Escape from then on (a
    // key pressed in the same few milliseconds as Enter, on a slow phone, would go unheard).
    await expect(dialog.getByLabel(`Where did you find ${pet.name}?`)).toBeFocused();
    await scan.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expectFocusVisible(scan);
    await stranger.close();
  });
});

interface Visit {
  label: string;
  signedIn: boolean;
  path: (ids: { pet: string; product: string }) => string;
  heading: (petName: string) => string;
  /** What shows once the page has loaded its data, when the heading comes first. */
  ready?: (page: Page) => Locator;
}

const VISITS: Visit[] = [
  {
    label: 'the dashboard',
    signedIn: true,
    path: () => '/',
    heading: () => 'Welcome back!',
    ready: (page) => page.getByRole('list', { name: 'My pets' }).getByRole('listitem'),
  },
  { label: 'the add-pet form', signedIn: true, path: () => '/add-pet', heading: () => 'Add New Pet' },
  { label: 'a pet profile', signedIn: true, path: ({ pet }) => `/pet/${pet}`, heading: (name) => name },
  { label: 'the QR screen', signedIn: true, path: ({ pet }) => `/qr/${pet}`, heading: (name) => `${name}'s QR Code` },
  {
    label: 'the poster generator',
    signedIn: true,
    path: ({ pet }) => `/poster/${pet}`,
    heading: () => 'Missing Poster Generator',
  },
  { label: 'the scan page', signedIn: true, path: ({ pet }) => `/scan/${pet}`, heading: (name) => name },
  {
    label: 'the store',
    signedIn: true,
    path: () => '/store',
    heading: () => 'Smart QR Tags',
    ready: (page) => page.getByRole('list', { name: 'QR tags' }).getByRole('listitem'),
  },
  {
    label: 'the checkout',
    signedIn: true,
    path: ({ product }) => `/checkout/${product}`,
    heading: () => 'Checkout',
    ready: (page) => page.getByRole('button', { name: /^Pay / }),
  },
  {
    label: 'My Orders',
    signedIn: true,
    path: () => '/orders',
    heading: () => 'My Orders',
    ready: (page) => page.getByRole('heading', { name: 'No Orders Yet' }),
  },
  {
    label: 'the reminders',
    signedIn: true,
    path: () => '/reminders',
    heading: () => 'Reminders',
    ready: (page) => page.getByRole('heading', { name: 'No Reminders Yet' }),
  },
  { label: 'the 404 page', signedIn: true, path: () => '/no/such/page', heading: () => '404 Page Not Found' },
  {
    label: 'the landing page',
    signedIn: false,
    path: () => '/',
    heading: () => 'Keep Your Pets Safe with Smart QR Tags',
  },
  {
    label: 'the store',
    signedIn: false,
    path: () => '/store',
    heading: () => 'Smart QR Tags',
    ready: (page) => page.getByRole('list', { name: 'QR tags' }).getByRole('listitem'),
  },
  { label: 'the scan page', signedIn: false, path: ({ pet }) => `/scan/${pet}`, heading: (name) => name },
  { label: 'the Found a Pet? page', signedIn: false, path: () => '/found', heading: () => 'Found a Pet?' },
  {
    label: 'the Share Location form without scripts',
    signedIn: false,
    path: ({ pet }) => `/scan/${pet}/share-location`,
    heading: () => 'Share Location',
  },
];

// One word wider than a phone's screen, as a pasted link or a long compound name can be.
const LONG_BREED = 'Labradoodle'.repeat(8);

test.describe('on a 360 px screen', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const visit of VISITS) {
    test(`when ${visit.label} is opened ${visit.signedIn ? 'signed in' : 'signed out'}, then it fits the width, passes the accessibility checks in both themes and shows focus at every stop`, async ({
      page,
      login,
    }) => {
      await login();
      // A missing pet with last-seen details and a long breed: the pages show the most they can.
      const pet = await createPet(page, {
        isMissing: true,
        breed: LONG_BREED,
        lastSeenLocation: 'Riverside Park, by the north gate',
        lastSeenDate: '2025-06-01',
      });
      const products = (await (await page.request.get('/api/tag-products')).json()) as { id: string }[];
      if (!visit.signedIn) await page.context().clearCookies();

      await page.goto(visit.path({ pet: pet.id, product: products[0].id }));
      await expect(page.getByRole('heading', { level: 1, name: visit.heading(pet.name), exact: true })).toBeVisible();
      if (visit.ready) await expect(visit.ready(page).first()).toBeVisible();

      await expectNoSidewaysScroll(page);
      // Nor is the long breed cut off where it shows: it wraps.
      for (const breed of await page.getByText(LONG_BREED).all()) {
        const box = await breed.boundingBox();
        if (box) expect(box.x + box.width, 'the breed ends on the screen').toBeLessThanOrEqual(360);
      }
      await expectAccessibleInBothThemes(page);
      await expectFocusShownAtEveryStop(page);
    });
  }

  test('when the poster is previewed, then it scales down to the screen instead of scrolling sideways', async ({
    page,
    openPoster,
  }) => {
    await openPoster({ isMissing: true });
    await expect(page.getByRole('heading', { level: 1, name: 'Missing Poster Generator' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    const preview = page.getByRole('region', { name: 'Preview' });
    const poster = preview.locator('#missing-poster');
    await expect(poster).toBeVisible();
    const layout = await preview.evaluate((el) => ({
      scrolls: el.scrollWidth > el.clientWidth,
      right: el.getBoundingClientRect().right,
    }));
    expect(layout.scrolls).toBe(false);
    expect(layout.right).toBeLessThanOrEqual(360);
    const box = await poster.boundingBox();
    expect(box && box.width / box.height).toBeCloseTo(8.5 / 11, 2);
    // Everything on it scaled with it: the QR code and the contact box stay inside the poster.
    const qr = await poster.getByRole('img', { name: /QR code linking/ }).boundingBox();
    expect(qr && box && qr.x + qr.width).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
  });
});
