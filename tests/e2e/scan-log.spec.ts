import { buildFinderReport } from '../support/factories';
import { expect, signInBrowser, test } from './fixtures';

test('when a finder opens the scan page and shares their position, then the owner sees the scan under Recent Scans, with a rough position', async ({
  page,
  finderScene,
}) => {
  const { pet, scan } = await finderScene({ pet: { isMissing: true } });
  await page.goto(`/pet/${pet.id}`);
  const recentScans = page.getByRole('region', { name: 'Recent Scans' });
  await expect(recentScans).toContainText(`No one has scanned ${pet.name}'s tag yet.`);

  await scan.goto(`/scan/${pet.id}`);
  await expect(scan.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
  const report = await scan.request.post('/api/gps-pings', {
    data: buildFinderReport(pet.id, {
      finderLocation: 'By the river',
      finderLatitude: '45.523064',
      finderLongitude: '-122.676483',
    }),
  });
  expect(report.status()).toBe(201);

  // Where a scan alert leads (opened afresh, as from the alert): the card, in view and focused.
  await page.goto('/');
  await page.goto(`/pet/${pet.id}#recent-scans`);
  await expect(recentScans.getByRole('listitem')).toHaveCount(1);
  await expect(recentScans.getByRole('link', { name: /Near 45\.52, -122\.68/ })).toBeVisible();
  await expect(recentScans).toBeFocused();
});

test('when another Homeward user opens the scan page in the app, then the owners see that scan, and not their own visits', async ({
  page,
  finderScene,
  database,
}) => {
  const { pet, scan } = await finderScene();
  await signInBrowser(database, scan.context());

  // Who is signed in is known only after the pet has loaded: the page is shown signed out first,
  // then gains the signed-in layout around it, and must count the visit once.
  await scan.route('**/api/auth/user', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const recordings: number[] = [];
  scan.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().endsWith('/scans')) recordings.push(r.status());
  });
  const visitorKnown = scan.waitForResponse((r) => r.url().endsWith('/api/auth/user'));
  const recorded = scan.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/scans'));
  await scan.goto(`/scan/${pet.id}`);
  const heading = scan.getByRole('heading', { level: 1, name: pet.name });
  await expect(heading).toBeVisible();
  // Marks the page as first shown: a page mounted again would be a new element without the mark.
  await heading.evaluate((element) => element.setAttribute('data-first-mount', ''));
  expect((await visitorKnown).status()).toBe(200);
  await recorded;
  await expect(scan.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expect(heading).toHaveAttribute('data-first-mount', '');
  await scan.waitForLoadState('networkidle');
  expect(recordings).toEqual([204]);

  const ownVisit = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/scans'));
  await page.goto(`/scan/${pet.id}`);
  await ownVisit;
  await page.goto(`/pet/${pet.id}`);
  await expect(page.getByRole('region', { name: 'Recent Scans' }).getByRole('listitem')).toHaveCount(1);
});
