import type { Page } from '@playwright/test';
import { tileServerOrigin } from '../../playwright.config';
import { buildFinderReport } from '../support/factories';
import { TEST_TILE_ATTRIBUTION } from '../support/tile-server';
import { createPet, expect, expectAccessible, test } from './fixtures';

/** The next tile the page receives from the tests' tile server. */
const tileFromTestServer = (page: Page) =>
  page.waitForResponse(
    (res) => res.url().startsWith(`${tileServerOrigin}/`) && res.headers()['content-type'] === 'image/png',
  );

/** Makes the tile server unreachable for this page, as offline or behind a blocker. */
const blockTiles = (page: Page) => page.route(`${tileServerOrigin}/**`, (route) => route.abort('blockedbyclient'));

/** A finder's report with the phone's position, as the scan page sends it. */
async function reportWithPosition(page: Page, petId: string) {
  const res = await page.request.post('/api/gps-pings', {
    data: buildFinderReport(petId, {
      finderLocation: 'By the river',
      finderLatitude: '45.523064',
      finderLongitude: '-122.676483',
    }),
  });
  expect(res.status()).toBe(201);
}

test('when a finder shared their position, then the owner sees it on a map with tiles from the configured server and its credit', async ({
  page,
  login,
}) => {
  await login();
  const pet = await createPet(page, { isMissing: true });
  await reportWithPosition(page, pet.id);

  const tile = tileFromTestServer(page);
  await page.goto(`/pet/${pet.id}`);
  const map = page.getByRole('group', { name: 'Map of the position the finder shared' });
  await expect(map).toBeVisible();
  expect((await tile).status()).toBe(200);
  await expect(map.locator('.homeward-pin')).toBeVisible();
  await expect(map).toContainText(TEST_TILE_ATTRIBUTION);
  // The raw position is still there as a link for the phone's maps app.
  await expect(page.getByRole('link', { name: /Shared GPS position \(45\.523064, -122\.676483\)/ })).toBeVisible();
  await expectAccessible(page);
});

test('when the map tiles cannot load, then the finder’s position still shows as a pin on a plain map, which says so', async ({
  page,
  login,
}) => {
  await login();
  const pet = await createPet(page, { isMissing: true });
  await reportWithPosition(page, pet.id);
  await blockTiles(page);

  await page.goto(`/pet/${pet.id}`);
  const map = page.getByRole('group', { name: 'Map of the position the finder shared' });
  await expect(map.getByText('Map images could not load.')).toBeVisible();
  await expect(map.locator('.homeward-pin')).toBeVisible();
});

test('the finder’s scan page downloads no map code', async ({ finderScene }) => {
  const { pet, scan } = await finderScene({ pet: { isMissing: true } });
  const downloads: string[] = [];
  scan.on('request', (request) => downloads.push(request.url()));

  await scan.goto(`/scan/${pet.id}`);
  // Once the app has taken the page over, everything it loads on its own has been asked for.
  await expect(scan.locator('#prerender')).toHaveCount(0);
  await scan.waitForLoadState('networkidle');
  const scripts = downloads.filter((url) => /\.(js|css)$/.test(new URL(url).pathname));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /leaflet|point-map|pin-map|lost/.test(url))).toEqual([]);
  expect(downloads.filter((url) => url.startsWith(tileServerOrigin))).toEqual([]);
});
