import sharp from 'sharp';
import { buildFinderReport } from '../support/factories';
import { createPet, expect, expectAccessibleInBothThemes, holdRoute, test, toast } from './fixtures';

test('a missing pet stands out: a red banner above My Pets with its new reports, and its card first', async ({
  page,
  login,
}) => {
  await login();
  const lost = await createPet(page, { isMissing: true });
  // Created later, so the server lists it first; the dashboard still puts the missing pet first.
  const safe = await createPet(page);
  await page.request.post('/api/gps-pings', {
    data: buildFinderReport(lost.id, { finderLocation: 'Outside the bakery' }),
  });

  await page.goto('/');
  const banners = page.getByRole('list', { name: 'Missing pets' });
  await expect(banners.getByText(`${lost.name} is missing`)).toBeVisible();
  await expect(banners.getByText('1 new report')).toBeVisible();
  await expect(banners.getByText(`${safe.name} is missing`)).toHaveCount(0);
  // Above the My Pets heading.
  const bannerBox = await banners.boundingBox();
  const headingBox = await page.getByRole('heading', { name: 'My Pets' }).boundingBox();
  expect(bannerBox?.y ?? Infinity).toBeLessThan(headingBox?.y ?? 0);
  const cards = page.getByRole('list', { name: 'My pets' }).getByRole('listitem');
  await expect(cards.first()).toContainText(lost.name);
  await expect(cards.nth(1)).toContainText(safe.name);
  await expectAccessibleInBothThemes(page);

  await banners.getByRole('link', { name: `View ${lost.name}'s profile` }).click();
  await expect(page).toHaveURL(`/pet/${lost.id}`);
});

test('while a pet is missing its profile puts reports and last seen first, and the owner adds where and when it was last seen', async ({
  page,
  login,
}) => {
  await login();
  const pet = await createPet(page);
  await page.goto(`/pet/${pet.id}`);
  await expect(page.getByRole('button', { name: 'Add Last Seen Details' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Report Missing' }).click();
  await expect(toast(page).getByText('Pet Reported Missing')).toBeVisible();

  await page.getByRole('button', { name: 'Add Last Seen Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Last Seen Details' });
  await dialog.getByLabel('Last seen where?').fill('Riverside Park, north gate');
  await dialog.getByLabel('Last seen when?').fill('2026-05-04');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The same button, now named for what it does next, keeps the focus.
  await expect(page.getByRole('button', { name: 'Edit Last Seen Details' })).toBeFocused();

  const lastSeen = page.getByRole('heading', { name: 'Last Seen Information' });
  await expect(lastSeen).toBeVisible();
  await expect(page.getByText('Riverside Park, north gate')).toBeVisible();
  const order = async (name: string) => (await page.getByRole('heading', { name }).boundingBox())?.y ?? 0;
  expect(await order('Last Seen Information')).toBeLessThan(await order('Finder Reports'));
  expect(await order('Finder Reports')).toBeLessThan(await order('Owner Contact'));

  // The poster shows what was saved.
  await page.goto(`/poster/${pet.id}`);
  await expect(page.getByText('Riverside Park, north gate')).toBeVisible();
});

test('when the owner types a last-seen day after today or decades ago, then the dialog says what is wrong and saves nothing', async ({
  page,
  login,
}) => {
  await login();
  const pet = await createPet(page, { isMissing: true });
  await page.goto(`/pet/${pet.id}`);
  await page.getByRole('button', { name: 'Add Last Seen Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Last Seen Details' });
  const when = dialog.getByLabel('Last seen when?');
  // The picker offers no day after today, in the owner's own calendar.
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
  await expect(when).toHaveAttribute('max', today);

  let saves = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith(`/api/pets/${pet.id}`)) saves += 1;
  });
  // Both left empty: nothing to save, and the dialog says so instead of 'Saved'.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Enter where or when ${pet.name} was last seen.`);
  await expect(dialog.getByLabel('Last seen where?')).toBeFocused();
  await expect(toast(page).getByText('Last Seen Details Saved')).toHaveCount(0);
  expect(saves).toBe(0);

  await when.fill('2999-01-01');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Last seen date cannot be in the future');
  await expect(when).toHaveAttribute('aria-invalid', 'true');
  await expect(when).toBeFocused();
  expect(saves).toBe(0);

  // Nor a typo's year long before the pet was born.
  await when.fill('1899-05-04');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Last seen date must be within the last 30 years');
  await expect(when).toBeFocused();
  expect(saves).toBe(0);

  await when.fill(today);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  // While the save is on its way, the pressed button waits with the focus still on it.
  const release = await holdRoute(page, `**/api/pets/${pet.id}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const saving = dialog.getByRole('button', { name: 'Saving...' });
  await expect(saving).toBeFocused();
  await expect(saving).toBeDisabled();
  release();
  await expect(dialog).toBeHidden();
  expect(saves).toBe(1);
});

test('when a missing pet comes home, its scan page thanks the finders, even without JavaScript', async ({
  page,
  finderScene,
}) => {
  const { pet, scan } = await finderScene({ pet: { isMissing: true }, phone: { javaScriptEnabled: false } });
  await scan.goto(`/scan/${pet.id}`);
  await expect(scan.getByText(`Help Reunite ${pet.name} with Their Family!`)).toBeVisible();

  await page.goto(`/pet/${pet.id}`);
  await page.getByRole('button', { name: 'Mark as Safe' }).click();
  await expect(toast(page).getByText('Pet Marked Safe')).toBeVisible();

  await scan.reload();
  await expect(scan.getByRole('heading', { name: 'Home safe. Thank you for helping!' })).toBeVisible();
  await expect(scan.getByText(`Help Reunite ${pet.name} with Their Family!`)).toHaveCount(0);
});

test('Share Missing Alert copies a ready sentence with the scan page link, or hands both to the phone’s share sheet', async ({
  page,
  context,
  baseURL,
  login,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login();
  const safe = await createPet(page);
  await page.goto(`/pet/${safe.id}`);
  await expect(page.getByRole('heading', { name: safe.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share Missing Alert' })).toHaveCount(0);

  const pet = await createPet(page, {
    isMissing: true,
    lastSeenLocation: 'Riverside Park, north gate',
    lastSeenDate: '2026-05-04',
  });
  const link = `${baseURL}/scan/${pet.id}`;
  const words = `${pet.name} is missing, last seen near Riverside Park, north gate on May 4, 2026. Please share:`;
  // A desktop browser without a share sheet: the alert is copied.
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await page.goto(`/pet/${pet.id}`);
  await page.getByRole('button', { name: 'Share Missing Alert' }).click();
  await expect(toast(page).getByText('Alert Copied!', { exact: true })).toBeVisible();
  await expect(
    toast(page).getByText('The missing alert and its link have been copied to your clipboard.', { exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${words} ${link}`);

  // A phone: its share sheet gets the title, the words and the link.
  await page.evaluate(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => void shared.push(data),
      configurable: true,
    });
  });
  await page.getByRole('button', { name: 'Share Missing Alert' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
    .toEqual([{ title: `${pet.name} is missing`, text: words, url: link }]);
});

test('a missing pet’s link, fetched as a chat app fetches it, carries its preview and a 1200×630 card', async ({
  page,
  playwright,
  baseURL,
  login,
}) => {
  await login();
  const pet = await createPet(page, {
    isMissing: true,
    lastSeenLocation: 'Riverside Park',
    lastSeenDate: '2026-05-04',
  });
  // No cookie, no script: what an unfurler gets from the built server.
  const unfurler = await playwright.request.newContext({ baseURL });
  const html = await (await unfurler.get(`/scan/${pet.id}`)).text();
  const tag = (property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)">`))?.[1];
  expect(tag('og:title')).toBe(`${pet.name} is missing`);
  expect(tag('og:description')).toContain('Last seen near Riverside Park on May 4, 2026.');
  // What reads the page's own description (a search engine, a plainer unfurler) reads the same.
  const descriptions = [...html.matchAll(/<meta name="description" content="([^"]*)">/g)].map((match) => match[1]);
  expect(descriptions).toEqual([tag('og:description')]);
  const image = tag('og:image') ?? '';
  expect(image.startsWith(`${baseURL}/api/pets/${pet.id}/card.jpg?v=`)).toBe(true);
  const card = await unfurler.get(image.replace(/&amp;/g, '&'));
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/jpeg');
  const { width, height } = await sharp(await card.body()).metadata();
  expect([width, height]).toEqual([1200, 630]);
  await unfurler.dispose();
  // The owner, signed in, gets the app's page: with the same preview in its head.
  const appPage = await (await page.request.get(`/scan/${pet.id}`)).text();
  expect(appPage).not.toContain('id="prerender"');
  expect(appPage).toContain(`<meta property="og:title" content="${pet.name} is missing">`);
});
