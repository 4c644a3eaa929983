import type { Browser, Page } from '@playwright/test';
import { png } from '../../server/features/pets/test-images';
import {
  createPet,
  expect,
  expectAccessible,
  scanPageHydrated,
  signInBrowser,
  strangerOnPhone,
  tabTo,
  test,
} from './fixtures';

// 'I Saw This Pet': neighbours tell a missing pet's owner where they saw it, with and without
// scripts, and the owner follows the search on the profile's map and timeline.

// A missing pet last seen somewhere of its own, listed on the lost-pets board: a fixed place would
// collect every earlier run's pets on a kept database, and the board lists the nearest fifty.
// When a sighter may say they saw the pet, the same with scripts and without.
const TIME_CHOICES = [
  'Just now',
  'About 15 minutes ago',
  'About 30 minutes ago',
  'About an hour ago',
  'About 2 hours ago',
  'About 4 hours ago',
  'About 8 hours ago',
  'Yesterday',
];

const lastSeen = () => ({
  lastSeenLat: Number((-40 + Math.random() * 100).toFixed(5)),
  lastSeenLng: Number((-170 + Math.random() * 340).toFixed(5)),
  lastSeenLocation: 'Pioneer Square',
});

test('a neighbour without scripts reports a sighting from the lost-pets board, in words and with a photo, and is told what happens next', async ({
  page,
  browser,
  login,
}) => {
  await login();
  const place = lastSeen();
  const pet = await createPet(page, { isMissing: true, ...place });
  const neighbour = await strangerOnPhone(browser, { javaScriptEnabled: false });
  const phone = neighbour.page;

  await phone.goto(`/lost?lat=${place.lastSeenLat}&lng=${place.lastSeenLng}&km=1`);
  await phone
    .getByRole('listitem')
    .filter({ hasText: pet.name })
    .getByRole('link', { name: 'I Saw This Pet', exact: true })
    .click();
  await expect(phone.getByRole('heading', { name: `I Saw ${pet.name}` })).toBeVisible();
  // Two mistakes at once: each is said beside its own field, and the focus is on the first.
  const where = phone.getByLabel(`Where did you see ${pet.name}?`);
  const contact = phone.getByLabel('Your Phone or Email (Optional)');
  await where.fill(' ');
  await contact.fill('nobody');
  await phone.getByRole('button', { name: 'Send Sighting' }).click();
  await expect(where).toBeFocused();
  await expect(where).toHaveAccessibleDescription(/^Where: Please describe the place where you saw the pet\./);
  await expect(contact).toHaveAccessibleDescription(
    /^Your Phone or Email: Please enter a phone number or an email address/,
  );
  await contact.fill('');
  await where.fill('Crossing Main St by the library');
  await expect(phone.getByLabel('When?').locator('option')).toHaveText(TIME_CHOICES);
  await phone.getByLabel('When?').selectOption({ label: 'About 30 minutes ago' });
  await phone.getByLabel('Which way was it going? (Optional)').selectOption({ label: 'North' });
  // A note is plain text, whatever it holds: taken as written, shown as written.
  await phone.getByLabel('Anything else? (Optional)').fill('Limping <b>a little</b> <3');
  await phone
    .getByLabel('Photo (Optional)')
    .setInputFiles({ name: 'dog.png', mimeType: 'image/png', buffer: png(40, 30) });
  await phone.getByRole('button', { name: 'Send Sighting' }).click();

  await expect(phone.getByRole('status')).toContainText('Thank You!');
  await expect(phone.getByRole('status')).toContainText('has been told right away');
  await neighbour.close();

  // The owner reads it on the profile, in words.
  await page.goto(`/pet/${pet.id}`);
  const sightings = page.getByRole('region', { name: /Sightings/ });
  await expect(sightings.getByText('Where: Crossing Main St by the library')).toBeVisible();
  await expect(sightings.getByText(/Seen 30 min ago: heading north/)).toBeVisible();
  await expect(sightings.getByText('Limping <b>a little</b> <3', { exact: true })).toBeVisible();
  await expect(sightings.locator('b')).toHaveCount(0);
  await expect(sightings.getByRole('list', { name: 'Sightings, newest first' }).getByRole('img')).toBeVisible();

  // Home, then lost again, without a reload: the new absence starts with no sightings.
  await page.getByRole('button', { name: 'Mark as Safe' }).click();
  await page.getByRole('button', { name: 'Report Missing' }).click();
  await expect(page.getByRole('region', { name: /Sightings/ }).getByText(/^No sightings yet\./)).toBeVisible();
  await expect(page.getByText('Where: Crossing Main St by the library')).toHaveCount(0);
});

test('with scripts, a neighbour reports with their position, a photo and a phone; the owner sees both sightings numbered newest first on the map and the timeline, replies without ever seeing the phone, and hides one', async ({
  page,
  browser,
  login,
}) => {
  await login();
  const place = lastSeen();
  const pet = await createPet(page, { isMissing: true, ...place });
  // An earlier sighting, an hour ago, in words only.
  const earlier = await page.request.post('/api/sightings', {
    data: {
      petId: pet.id,
      location: 'Buy cheap watches at example.com',
      seenAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    },
  });
  expect(earlier.status()).toBe(201);

  const neighbour = await strangerOnPhone(browser, {
    permissions: ['geolocation'],
    // 425 m north and 425 m east of the last-seen point: 600 m north-east.
    geolocation: {
      latitude: place.lastSeenLat + 0.00382,
      longitude: place.lastSeenLng + 0.00382 / Math.cos((place.lastSeenLat * Math.PI) / 180),
    },
  });
  const phone = neighbour.page;
  await phone.setViewportSize({ width: 360, height: 740 });
  await phone.goto(`/scan/${pet.id}`);
  // The page's script has taken over (before, a tap opens the form without scripts instead).
  await scanPageHydrated(phone);
  const sawIt = phone.getByRole('link', { name: 'I Saw This Pet' });
  const dialog = phone.getByRole('dialog', { name: `I Saw ${pet.name}` });
  // By keyboard: Escape closes the dialog and gives the focus back to the link that opened it.
  await sawIt.focus();
  await phone.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // Escape is heard once the dialog has taken the focus (its keyboard handling starts with it).
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await phone.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(sawIt).toBeFocused();
  await sawIt.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Use My Position' }).click();
  await expect(dialog.getByText('Pinned on the map', { exact: true })).toBeVisible();
  await dialog.getByLabel('Which way was it going? (Optional)').selectOption('north');
  await dialog.getByLabel('Anything else? (Optional)').fill('Limping a little');
  await dialog
    .getByLabel('Photo (Optional)')
    .setInputFiles({ name: 'dog.png', mimeType: 'image/png', buffer: png(40, 30) });
  await expect(dialog.locator('img[src^="data:image/jpeg"]')).toBeVisible();
  await dialog.getByLabel('Your Phone or Email (Optional)').fill('555-0142-777');
  await expectAccessible(phone);
  await dialog.getByRole('button', { name: 'Send Sighting' }).click();
  await expect(dialog.getByRole('status')).toContainText('Thank You!');
  await neighbour.close();

  await page.goto(`/pet/${pet.id}`);
  const sightings = page.getByRole('region', { name: /Sightings/ });
  const timeline = sightings.getByRole('list', { name: 'Sightings, newest first' });
  await expect(timeline.locator(':scope > li')).toHaveCount(2);
  await expect(timeline.locator(':scope > li').nth(0)).toContainText(
    /Number 1Seen (just now|1 min ago), 600 m north-east of the last-seen point: heading north/,
  );
  // The sighter's phone is never shown, not even to the owner: a reply waits on their page.
  const first = timeline.locator(':scope > li').nth(0);
  await expect(first).not.toContainText('555-0142-777');
  await first.getByRole('button', { name: 'Reply' }).click();
  const reply = page.getByRole('dialog', { name: 'Reply to the Person Who Saw Your Pet' });
  await expect(reply).toContainText('your reply waits on the conversation page they were given');
  await reply.getByLabel('Your Reply').fill('Thank you! Which side of the road?');
  await reply.getByRole('button', { name: 'Send Reply' }).click();
  await expect(first).toContainText('Thank you! Which side of the road?');
  await expect(timeline.locator(':scope > li').nth(0).getByRole('img')).toBeVisible();
  const second = timeline.locator(':scope > li').nth(1);
  await expect(second).toContainText('Where: Buy cheap watches at example.com');
  // Without any contact, a reply still reaches the page the sighter was given, and says so.
  await second.getByRole('button', { name: 'Reply' }).click();
  await expect(reply).toContainText('They left no phone or email: your reply waits on the conversation page');
  await reply.getByRole('button', { name: 'Close' }).click();
  await expect(reply).toBeHidden();
  // The map: the last-seen pin and the one sighting with a point, numbered as in the list.
  const map = sightings.getByRole('application', {
    name: `Map of where ${pet.name} was seen, numbered as in the list`,
  });
  await expect(map.locator('.homeward-number')).toHaveText(['1']);
  await expect(map.locator('.homeward-pin')).toHaveCount(1);

  await timeline.locator(':scope > li').nth(1).getByRole('button', { name: 'Hide' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Hide' }).click();
  await expect(timeline.locator(':scope > li')).toHaveCount(1);
  await expect(sightings.getByText('Buy cheap watches')).toHaveCount(0);
  await expectAccessible(page);
});

test('a signed-in neighbour on the app’s own scan page taps I Saw This Pet and gets the same dialog, its map fetched only then', async ({
  page,
  browser,
  login,
  database,
}) => {
  // The owner, in a browser of their own: the neighbour is a stranger to the pet.
  const ownerBrowser = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signInBrowser(database, ownerBrowser);
  const pet = await createPet(await ownerBrowser.newPage(), { isMissing: true, ...lastSeen() });
  await ownerBrowser.close();

  await login();
  await page.setViewportSize({ width: 360, height: 740 });
  const mapCode: string[] = [];
  page.on('request', (request) => {
    if (/leaflet/i.test(request.url())) mapCode.push(request.url());
  });
  await page.goto(`/scan/${pet.id}`);
  // The app's page, inside the signed-in layout (the server's page is for signed-out visitors).
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  const sawIt = page.getByRole('link', { name: 'I Saw This Pet' });
  await expect(sawIt).toBeVisible();
  expect(mapCode, 'no map before the tap').toEqual([]);

  await sawIt.click();
  const dialog = page.getByRole('dialog', { name: `I Saw ${pet.name}` });
  await expect(dialog).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/scan/${pet.id}`);
  // The map comes with the dialog, once it is open.
  await expect(dialog.getByRole('application', { name: `Where did you see ${pet.name}?` })).toBeVisible();
  expect(mapCode.length).toBeGreaterThan(0);
  await dialog.getByLabel('Where', { exact: true }).fill('Corner of Oak and 5th');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send Sighting' }).click();
  await expect(dialog.getByRole('status')).toContainText('Thank You!');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(sawIt).toBeFocused();
});

/** A neighbour's phone on the missing pet's scan page, with the dialog opened by its link. */
async function openDialogAsNeighbour(browser: Browser, page: Page) {
  const pet = await createPet(page, { isMissing: true, ...lastSeen() });
  const neighbour = await strangerOnPhone(browser);
  await neighbour.page.goto(`/scan/${pet.id}`);
  await scanPageHydrated(neighbour.page);
  await neighbour.page.getByRole('link', { name: 'I Saw This Pet' }).click();
  const dialog = neighbour.page.getByRole('dialog', { name: `I Saw ${pet.name}` });
  await expect(dialog).toBeVisible();
  return { pet, neighbour, dialog };
}

test('with scripts, a sighting sent without a place says so at the place field and takes the focus there', async ({
  page,
  browser,
  login,
}) => {
  await login();
  const { pet, neighbour, dialog } = await openDialogAsNeighbour(browser, page);
  await dialog.getByRole('button', { name: 'Send Sighting' }).click();

  const where = dialog.getByLabel('Where', { exact: true });
  const error = `Please show where you saw ${pet.name}: a pin on the map or a few words.`;
  await expect(where).toBeFocused();
  await expect(where).toHaveAttribute('aria-invalid', 'true');
  await expect(where).toHaveAccessibleDescription(error);
  await expect(dialog.getByRole('alert')).toHaveText(error);
  await expectAccessible(neighbour.page);
  await neighbour.close();
});

test('with scripts, the dialog offers the times the form without scripts offers, and the owner reads the one chosen', async ({
  page,
  browser,
  login,
}) => {
  await login();
  const { pet, neighbour, dialog } = await openDialogAsNeighbour(browser, page);
  await dialog.getByLabel('Where', { exact: true }).fill('Corner of Oak and 5th');
  const when = dialog.getByLabel('When?');
  await expect(when.locator('option')).toHaveText(TIME_CHOICES);
  await expect(when).toHaveValue('0');
  await when.selectOption({ label: 'About 2 hours ago' });
  await dialog.getByRole('button', { name: 'Send Sighting' }).click();
  await expect(dialog.getByRole('status')).toContainText('Thank You!');
  await neighbour.close();

  await page.goto(`/pet/${pet.id}`);
  await expect(page.getByRole('region', { name: /Sightings/ }).getByText(/Seen 2 h ago/)).toBeVisible();
});

test('with scripts, the dialog is tabbed through as it is shown: the map, the fields, Send, Close, and round again', async ({
  page,
  browser,
  login,
}) => {
  await login();
  const { pet, neighbour, dialog } = await openDialogAsNeighbour(browser, page);
  const phone = neighbour.page;
  const close = dialog.getByRole('button', { name: 'Close', exact: true });
  const map = dialog.getByRole('application', { name: `Where did you see ${pet.name}?` });
  const send = dialog.getByRole('button', { name: 'Send Sighting' });
  await expect(map).toBeVisible();
  // The dialog itself has the focus first, so its title and description are read.
  await expect(dialog).toBeFocused();

  await phone.keyboard.press('Tab');
  await expect(map).toBeFocused();
  await tabTo(phone, dialog.getByRole('button', { name: 'Use My Position' }));
  await tabTo(phone, dialog.getByLabel('Where', { exact: true }));
  await tabTo(phone, send);
  // Close, as in every dialog of the app, then the focus stays in the dialog: round again from the top.
  await phone.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await phone.keyboard.press('Tab');
  await expect(map).toBeFocused();
  await neighbour.close();
});
