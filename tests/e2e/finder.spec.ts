import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Download } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { buildFinderReport } from '../support/factories';
import {
  createPet,
  expect,
  expectAccessibleInBothThemes,
  holdRoute,
  openShareLocation,
  SMOKE,
  scanPageHydrated,
  strangerOnPhone,
  test,
} from './fixtures';

/** A small real PNG, so photos go through the same upload and serving path as an owner's. */
function photoDataUrl() {
  const png = new PNG({ width: 120, height: 90 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (png.width * y + x) * 4;
      png.data.set([200 - y, 120 + x / 2, 60, 255], i);
    }
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

const readPng = async (download: Download) => PNG.sync.read(fs.readFileSync(await download.path()));

function decodeQr(png: PNG, crop?: { x: number; y: number; width: number; height: number }) {
  const area = crop ?? { x: 0, y: 0, width: png.width, height: png.height };
  const pixels = new Uint8ClampedArray(area.width * area.height * 4);
  for (let row = 0; row < area.height; row++) {
    const from = ((area.y + row) * png.width + area.x) * 4;
    pixels.set(png.data.subarray(from, from + area.width * 4), row * area.width * 4);
  }
  return jsQR(pixels, area.width, area.height)?.data;
}

test.describe('the scan page, for a stranger on a phone', () => {
  test('when the pet is safe, then it shows who the pet is and how to reach the owner, without the missing banner', async ({
    page,
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { photoUrl: photoDataUrl() } });

    await scan.goto(`/scan/${pet.id}`);

    await expect(scan.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
    await expect(scan.getByText('Beagle', { exact: true })).toBeVisible();
    await expect(scan.getByText('Pet Safe')).toBeVisible();
    await expect(scan.getByText('Verified')).toBeVisible();
    await expect(scan.getByText('MISSING PET')).toHaveCount(0);
    await expect(scan.getByText(/Help Reunite/)).toHaveCount(0);
    const photo = scan.getByRole('img', { name: pet.name });
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    await expect(photo).toHaveAttribute('width', /\d+/);
    // Decoded (the phone takes the 160 px copy: scan-first-paint.spec.ts).
    // Polled: the app's copy of the photo replaces the server-rendered one and decodes anew.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await expect(scan.getByRole('link', { name: '(555) 010-0123' })).toHaveAttribute('href', 'tel:5550100123');
    await expect(scan.getByRole('link', { name: 'jordan@example.com' })).toHaveAttribute(
      'href',
      'mailto:jordan@example.com',
    );
    await expect(scan.getByText('Jordan Lee')).toBeVisible();
    const about = scan.getByRole('region', { name: 'About' });
    for (const fact of ['3 years', '25 lbs', 'Tricolor', '985112003456789']) await expect(about).toContainText(fact);
    await expect(scan.getByRole('heading', { name: 'Medical Information' })).toBeVisible();
    await expect(scan.getByText('Allergic to chicken')).toBeVisible();
    await expect(scan.getByRole('heading', { name: 'Special Needs' })).toBeVisible();
    await expect(scan.getByText('Shy with strangers')).toBeVisible();
    await expect(scan.getByText('Helping lost pets find their way home.')).toBeVisible();
    await expectAccessibleInBothThemes(scan);
    await stranger.close();

    // Signed in, the same page opens inside the app.
    await page.goto(`/scan/${pet.id}`);
    await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // The owner sees what a finder sees, the month the details were confirmed included.
    const month = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await expect(page.getByText(`Contact details confirmed ${month}`)).toBeVisible();
  });

  test('when the owner opens their own scan page, then it is the stranger’s page under a bar that says so, with the way to change it', async ({
    page,
    login,
  }) => {
    await login();
    const pet = await createPet(page, { ownerAddress: '12 Hidden Lane', vetName: 'Secret Paws Clinic' });
    await page.goto(`/scan/${pet.id}`);
    const bar = page.getByRole('region', { name: 'Owner preview' });
    await expect(bar).toContainText('This is what finders see');
    await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
    // The Public Page switches hide the address and the vet from strangers by default.
    await expect(page.getByText('12 Hidden Lane')).toHaveCount(0);
    await expect(page.getByText('Secret Paws Clinic')).toHaveCount(0);
    await expect(page.getByText('Jordan Lee').first()).toBeVisible();

    const fullView = bar.getByRole('button', { name: 'Show my full view' });
    await fullView.click();
    await expect(fullView).toHaveAttribute('aria-pressed', 'true');
    await expect(bar).toContainText('This is your full view: finders do not see the details you hid');
    await expect(page.getByText('12 Hidden Lane')).toBeVisible();
    await expect(page.getByText('Secret Paws Clinic')).toBeVisible();
    await fullView.click();
    await expect(page.getByText('12 Hidden Lane')).toHaveCount(0);
    await expectAccessibleInBothThemes(page);

    await bar.getByRole('link', { name: 'Change what finders see' }).click();
    await expect(page).toHaveURL(`/edit-pet/${pet.id}#publicPage.ownerName`);
    await expect(page.getByRole('switch', { name: "Owner's name" })).toBeFocused();
    await page.getByRole('switch', { name: 'Home address' }).click();
    await page.getByRole('button', { name: 'Update Pet' }).click();
    await expect(page).toHaveURL('/');
    await page.goto(`/scan/${pet.id}`);
    await expect(page.getByRole('region', { name: 'Owner preview' })).toContainText('This is what finders see');
    await expect(page.getByText('12 Hidden Lane')).toBeVisible();
    await expect(page.getByText('Secret Paws Clinic')).toHaveCount(0);
  });

  test(
    'when the pet is missing, then the finder can call, share a location, and the owner sees the report',
    SMOKE,
    async ({ page, finderScene }) => {
      const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });

      await scan.goto(`/scan/${pet.id}`);

      await expect(scan.getByText('MISSING PET', { exact: true })).toBeVisible();
      await expect(scan.getByRole('heading', { name: `Help Reunite ${pet.name} with Their Family!` })).toBeVisible();
      await expect(scan.getByRole('link', { name: 'Call Owner' })).toHaveAttribute('href', 'tel:5550100123');
      await expectAccessibleInBothThemes(scan);

      const dialog = await openShareLocation(scan);
      const submit = dialog.getByRole('button', { name: 'Share Location' });
      await expect(submit).toBeDisabled();
      await dialog.getByLabel(`Where did you find ${pet.name}?`).fill('   ');
      await expect(submit).toBeDisabled();
      await dialog.getByLabel('Your Name (Optional)').fill('Robin Finder');
      await dialog.getByLabel(`Where did you find ${pet.name}?`).fill('Riverside Park, by the north gate');
      await dialog.getByLabel('Additional Message (Optional)').fill('Safe with me at the café.');
      await expectAccessibleInBothThemes(scan);
      await submit.click();

      await expect(scan.getByText('Location Shared!', { exact: true })).toBeVisible();
      await expect(
        scan.getByText('Thank you! The owner has been notified of your location.', { exact: true }),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await scan.getByRole('button', { name: 'Share Location' }).click();
      await expect(dialog.getByLabel('Your Name (Optional)')).toHaveValue('');
      await expect(dialog.getByLabel(`Where did you find ${pet.name}?`)).toHaveValue('');
      await expect(dialog.getByLabel('Additional Message (Optional)')).toHaveValue('');
      await stranger.close();

      await page.goto(`/pet/${pet.id}`);
      const reports = page.getByRole('region', { name: /^Finder Reports/ });
      await expect(reports.getByText('Riverside Park, by the north gate')).toBeVisible();
      await expect(reports.getByText('Robin Finder')).toBeVisible();
      await expect(reports.getByText('Safe with me at the café.')).toBeVisible();
      await expect(reports.getByRole('link', { name: /Open in Maps/ })).toHaveCount(0);
      // Scans alone: the section's own sentence, nothing about found pets' conversations.
      await expect(reports.getByText(/It also holds your conversations/)).toHaveCount(0);
      await expectAccessibleInBothThemes(page);
    },
  );

  test('when the finder shares the phone position, then it fills only an empty place field, leaves it with the position removed, and the owner gets a map link to it', async ({
    page,
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({
      pet: { isMissing: true },
      phone: {
        geolocation: { latitude: 45.523064, longitude: -122.676483, accuracy: 12 },
        permissions: ['geolocation'],
      },
    });
    await scan.goto(`/scan/${pet.id}`);
    const dialog = await openShareLocation(scan);

    const place = dialog.getByLabel(`Where did you find ${pet.name}?`);
    const useLocation = dialog.getByRole('button', { name: 'Use my current location' });
    const captured = dialog.getByText('Location captured: 45.523064, -122.676483');
    const removeLocation = dialog.getByRole('button', { name: 'Remove captured location' });
    // A place the finder typed is kept, with or without the position beside it.
    await place.fill('By the fountain');
    await useLocation.click();
    await expect(captured).toBeVisible();
    await expect(place).toHaveValue('By the fountain');
    await removeLocation.click();
    await expect(place).toHaveValue('By the fountain');

    // An empty place field takes the coordinates themselves, never words that would read as a
    // place, and gives them up with the position.
    await place.fill('');
    await useLocation.click();
    await expect(captured).toBeVisible();
    await expect(place).toHaveValue('45.523064, -122.676483');
    await removeLocation.click();
    await expect(place).toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'Share Location' })).toBeDisabled();
    await useLocation.click();
    await expect(place).toHaveValue('45.523064, -122.676483');
    await dialog.getByRole('button', { name: 'Share Location' }).click();
    await expect(scan.getByText('Location Shared!', { exact: true })).toBeVisible();
    await stranger.close();

    await page.goto(`/pet/${pet.id}`);
    const reports = page.getByRole('region', { name: /^Finder Reports/ });
    await expect(reports.getByText('Shared GPS position', { exact: true })).toBeVisible();
    await expect(reports.getByText('My current location')).toHaveCount(0);
    // The position reads as a place people can follow, with a map to open it on.
    await expect(reports.getByText('45.5231° N, 122.6765° W', { exact: true })).toBeVisible();
    const mapLink = reports.getByRole('link', { name: 'Open in Maps (opens in a new tab)' });
    await expect(mapLink).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=45.523064&mlon=-122.676483#map=17/45.523064/-122.676483',
    );
  });

  test('when the finder refuses to share the position, then the dialog says a description is enough', async ({
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });
    await scan.goto(`/scan/${pet.id}`);
    const dialog = await openShareLocation(scan);

    await dialog.getByRole('button', { name: 'Use my current location' }).click();

    await expect(dialog.getByText('Location access was denied. Describing the place is enough.')).toBeVisible();
    await expect(dialog.getByLabel(`Where did you find ${pet.name}?`)).toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'Share Location' })).toBeDisabled();
    await stranger.close();
  });

  test('when a stranger opens the page, then it downloads only the finder’s code and asks the server for nothing more', async ({
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });
    const scripts: string[] = [];
    const apiCalls: string[] = [];
    scan.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'script') scripts.push(pathname);
      if (pathname.startsWith('/api/')) apiCalls.push(pathname);
    });
    await scan.goto(`/scan/${pet.id}`, { waitUntil: 'networkidle' });
    await scanPageHydrated(scan);
    await expect(scan.getByRole('button', { name: 'Share Location' })).toBeVisible();

    // The finder's own entry and its pieces, never the app's entry, owner pages, the store or Stripe.
    expect(scripts.some((file) => /\/assets\/scan-[^/]+\.js$/.test(file))).toBe(true);
    for (const file of scripts) {
      expect(file).not.toMatch(
        /\/assets\/(index|dashboard|pet-form|pet-profile|store|checkout|stripe|orders|reminders)/i,
      );
    }
    // The pet came with the page: no second read, and no sign-in check for a stranger.
    expect(apiCalls).toEqual([]);
    await stranger.close();
  });

  test('when the Share Location form cannot be downloaded, then the finder is told, can still call, and Try Again opens it', async ({
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true, ownerPhone: '555-0142' } });
    await scan.route('**/assets/share-location-dialog-*.js', (route) => route.abort('internetdisconnected'));
    await scan.goto(`/scan/${pet.id}`);
    await scanPageHydrated(scan);
    await scan.getByRole('button', { name: 'Share Location' }).click();

    const failure = scan.getByRole('alert').filter({ hasText: 'The Share Location form could not be loaded.' });
    await expect(failure).toBeInViewport();
    await expect(failure).toContainText('Please check your connection and try again.');
    await expect(scan.getByRole('link', { name: 'Call Owner' })).toHaveAttribute('href', 'tel:5550142');
    // Nothing else went wrong. (The failed download itself is caught by the page's error boundary:
    // React reports a caught error in the console, Preact, which the finder's page runs on, does not.)
    expect(
      stranger.errors.splice(0).filter((error) => !error.includes('Failed to fetch dynamically imported module')),
    ).toEqual([]);

    await scan.unroute('**/assets/share-location-dialog-*.js');
    await failure.getByRole('button', { name: 'Try Again' }).click();
    await expect(scan.getByRole('dialog', { name: 'Share Location' })).toBeVisible();
    await stranger.close();
  });

  test('when the API is unreachable, then a stranger still sees the pet and can call, from the server-rendered page', async ({
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true, ownerPhone: '555-0142' } });
    await scan.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await scan.goto(`/scan/${pet.id}`);
    await expect(scan.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
    await expect(scan.getByRole('link', { name: 'Call Owner' })).toHaveAttribute('href', 'tel:5550142');
    await stranger.close();
  });

  test(
    'when Share Location is tapped before the page’s scripts have loaded, then the server’s form opens at once',
    SMOKE,
    async ({ finderScene }) => {
      const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });
      await scan.route('**/assets/*.js', () => {
        // Held for good: the tap must not wait for them.
      });
      // Module scripts hold DOMContentLoaded back, so only wait for the server's HTML.
      await scan.goto(`/scan/${pet.id}`, { waitUntil: 'commit' });
      await scan.getByRole('link', { name: 'Share Location' }).click();
      await expect(scan).toHaveURL(new RegExp(`/scan/${pet.id}/share-location$`));
      await expect(scan.getByRole('heading', { level: 1, name: 'Share Location' })).toBeVisible();
      await expect(scan.getByLabel(`Where did you find ${pet.name}?`)).toBeFocused();
      await stranger.close();
    },
  );

  test('when the connection drops while a signed-in visitor opens the page, then they can try again', async ({
    page,
    login,
  }) => {
    await login();
    const pet = await createPet(page);
    await page.route(`**/api/pets/${pet.id}`, (route) => route.abort('internetdisconnected'));
    await page.goto(`/scan/${pet.id}`);
    // The page mounts again once the app knows who is signed in, and fetches again then: wait for
    // the signed-in layout, so the failure seen is the one the Try Again button belongs to.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Could Not Load This Pet' })).toBeVisible();

    await page.unroute(`**/api/pets/${pet.id}`);
    await page.getByRole('button', { name: 'Try Again' }).click();

    await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
  });

  test('when a finder sends too many reports, then the server’s reason is shown and the dialog stays open', async ({
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });
    for (let i = 0; i < 10; i++) {
      const res = await scan.request.post('/api/gps-pings', {
        data: buildFinderReport(pet.id, { finderLocation: `Spot ${i}` }),
      });
      expect(res.status()).toBe(201);
    }
    await scan.goto(`/scan/${pet.id}`);
    const dialog = await openShareLocation(scan);
    await dialog.getByLabel(`Where did you find ${pet.name}?`).fill('Main Street');

    await dialog.getByRole('button', { name: 'Share Location' }).click();

    await expect(
      scan.getByText('Too many reports from your connection. Please wait a minute and try again.', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByLabel(`Where did you find ${pet.name}?`)).toHaveValue('Main Street');
    await stranger.close();
  });

  test('when the code is linked to no pet, then the page says so', async ({ browser }) => {
    const stranger = await strangerOnPhone(browser);
    await stranger.page.goto(`/scan/${crypto.randomUUID()}`);
    await expect(stranger.page.getByRole('heading', { name: 'Pet Not Found' })).toBeVisible();
    await expect(stranger.page.getByText('This QR code is not linked to any pet profile.')).toBeVisible();
    await stranger.close();
  });
});

test.describe('the QR screen', () => {
  test('when the owner downloads the code, then it is a 1000 px PNG that scans to the pet’s page', async ({
    page,
    context,
    baseURL,
    login,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await login();
    const pet = await createPet(page);
    await page.goto(`/qr/${pet.id}`);
    const scanUrl = `${baseURL}/scan/${pet.id}`;

    await expect(page.getByRole('heading', { name: `${pet.name}'s QR Code` })).toBeVisible();
    const code = page.getByRole('img', { name: `QR code linking to ${pet.name}'s profile` });
    await expect(code).toHaveAttribute('width', '300');
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/pet/${pet.id}`);
    await expect(page.getByRole('link', { name: 'Order Physical QR Tag' })).toHaveAttribute('href', '/store');
    for (const step of ['Order a Physical Tag', 'Print and Attach', 'Peace of Mind']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }
    await expectAccessibleInBothThemes(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download QR Code' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${pet.name}-qr-code.png`);
    const png = await readPng(download);
    expect([png.width, png.height]).toEqual([1000, 1000]);
    expect(decodeQr(png)).toBe(scanUrl);

    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined });
    });
    await page.getByRole('button', { name: 'Share Profile' }).click();
    await expect(page.getByText('Link Copied!', { exact: true })).toBeVisible();
    await expect(page.getByText('The profile link has been copied to your clipboard.', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(scanUrl);
  });

  test('when the pet does not exist, then the screen says so', async ({ page, login }) => {
    await login();
    await page.goto(`/qr/${crypto.randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Pet Not Found' })).toBeVisible();
    await expect(page.getByText("This pet doesn't exist.")).toBeVisible();
  });
});

test.describe('the missing poster', () => {
  test('when the owner customizes and downloads it, then the PNG shows the poster and its QR code scans to the pet’s page', async ({
    page,
    baseURL,
    openPoster,
  }) => {
    const pet = await openPoster({
      isMissing: true,
      photoUrl: photoDataUrl(),
      lastSeenLocation: 'Elm Street playground',
      lastSeenDate: '2025-06-01',
    });

    await expect(page.getByRole('heading', { name: 'Missing Poster Generator' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/pet/${pet.id}`);
    await expect(page.getByLabel('Poster Title')).toHaveValue('MISSING PET');
    await expect(page.getByLabel('Reward')).toHaveAttribute('placeholder', 'e.g., $500 Reward');
    await page.getByLabel('Poster Title').fill('LOST DOG');
    await page.getByLabel('Reward').fill('$500 Reward');
    await page.getByLabel('Additional Information').fill('Very friendly.\nDo not chase.');

    const poster = page.locator('#missing-poster');
    await expect(poster.getByRole('heading', { name: 'LOST DOG' })).toBeVisible();
    await expect(poster.getByText('$500 Reward')).toBeVisible();
    await expect(poster.getByRole('img', { name: pet.name, exact: true })).toBeVisible();
    await expect(poster.getByText('LAST SEEN')).toBeVisible();
    await expect(poster.getByText('Elm Street playground')).toBeVisible();
    await expect(poster.getByText('Do not chase.')).toBeVisible();
    await expect(poster.getByText('PLEASE CONTACT')).toBeVisible();
    await expect(poster.getByText('(555) 010-0123')).toHaveCount(9);
    await expect(poster.getByText(pet.name, { exact: true })).toHaveCount(9);
    const box = await poster.boundingBox();
    expect(box && box.width / box.height).toBeCloseTo(8.5 / 11, 2);
    const order = await poster.evaluate((el) => (el.textContent ?? '').replace(/\s+/g, ' '));
    const sequence = [
      'LOST DOG',
      '$500 Reward',
      pet.name,
      'Beagle',
      'Tricolor',
      '3 years',
      'LAST SEEN',
      'Do not chase.',
    ];
    const positions = sequence.map((text) => order.indexOf(text));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await expectAccessibleInBothThemes(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Poster' }).click();
    const download = await downloading;
    await expect(page.getByText('Poster Downloaded!', { exact: true })).toBeVisible();
    await expect(page.getByText('Your missing pet poster has been saved.', { exact: true })).toBeVisible();
    expect(download.suggestedFilename()).toBe(`${pet.name}-missing-poster.png`);

    const png = await readPng(download);
    const posterBox = box as NonNullable<typeof box>;
    // Drawn at twice the poster's full design width, whatever the width of the preview.
    expect(png.width).toBe(672 * 2);
    expect(png.height).toBeCloseTo((672 * 2 * 11) / 8.5, -1);
    const scale = png.width / posterBox.width;
    const qrBox = await poster.getByRole('img', { name: `QR code linking to ${pet.name}'s profile` }).boundingBox();
    if (!qrBox) throw new Error('no QR code on the poster');
    const pad = 12;
    const crop = {
      x: Math.max(0, Math.floor((qrBox.x - posterBox.x) * scale) - pad),
      y: Math.max(0, Math.floor((qrBox.y - posterBox.y) * scale) - pad),
      width: Math.ceil(qrBox.width * scale) + 2 * pad,
      height: Math.ceil(qrBox.height * scale) + 2 * pad,
    };
    expect(decodeQr(png, crop)).toBe(`${baseURL}/scan/${pet.id}`);
    // The photo made it into the image: its pixels are the generated gradient, not the grey placeholder.
    const photoBox = await poster.getByRole('img', { name: pet.name, exact: true }).boundingBox();
    if (!photoBox) throw new Error('no photo on the poster');
    const cx = Math.round((photoBox.x - posterBox.x + photoBox.width / 2) * scale);
    const cy = Math.round((photoBox.y - posterBox.y + photoBox.height / 2) * scale);
    const [r, g, b] = png.data.subarray((cy * png.width + cx) * 4, (cy * png.width + cx) * 4 + 3);
    expect(Math.abs(r - g) + Math.abs(g - b)).toBeGreaterThan(40);
  });

  test('when the page is printed, then only the poster prints, on one Letter page', async ({ page, openPoster }) => {
    await openPoster({ isMissing: true });
    await expect(page.getByText('PLEASE CONTACT')).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { name: 'Missing Poster Generator' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Download Poster' })).toBeHidden();
    const poster = await page.locator('#missing-poster').boundingBox();
    expect(poster).toMatchObject({ x: 0, y: 0, width: 816, height: 1056 });

    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    expect(pdf).toMatch(/\/MediaBox\s*\[\s*0 0 612 792\s*\]/);
  });

  test('when the pet does not exist, then the page offers the way back', async ({ page, login }) => {
    await login();
    await page.goto(`/poster/${crypto.randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Pet Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  });

  test('when the pet is still loading, then the page says so', async ({ page, login }) => {
    await login();
    const pet = await createPet(page, { isMissing: true });
    const release = await holdRoute(page, `**/api/pets/${pet.id}`);
    await page.goto(`/poster/${pet.id}`);
    await expect(page.getByText('Loading pet information...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Missing Poster Generator' })).toBeVisible();
  });
});
