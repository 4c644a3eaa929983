import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { pets } from '../../shared/schema';
import { buildFinderReport, insertPaidOrder } from '../support/factories';
import { buildPerson } from '../support/session';
import { createPet, expect, expectAccessibleInBothThemes, holdRoute, SMOKE, signIn, test, toast } from './fixtures';

interface NewPet {
  name: string;
  species: string;
  ownerName: string;
  ownerPhone: string;
  [field: string]: unknown;
}

const newPet = (overrides: Partial<NewPet> = {}): NewPet => ({
  name: `Biscuit ${crypto.randomBytes(2).toString('hex')}`,
  species: 'dog',
  breed: 'Beagle',
  ownerName: 'Jordan Lee',
  ownerPhone: '555-0100',
  ...overrides,
});

/** Creates a pet through the API as the signed-in page's owner. */
async function addPetByApi(request: APIRequestContext, overrides: Partial<NewPet> = {}) {
  const res = await request.post('/api/pets', { data: newPet(overrides) });
  expect(res.status()).toBe(201);
  return (await res.json()) as NewPet & { id: string; photoUrl: string | null };
}

/** Files are given by path, as a person picks them (a buffer would go through a blob: fetch that the CSP blocks). */
function fileOnDisk(name: string, bytes: Buffer) {
  const file = path.join(os.tmpdir(), `${crypto.randomBytes(4).toString('hex')}-${name}`);
  fs.writeFileSync(file, bytes);
  return file;
}

/** A real 1200x900 PNG, as a person would pick from their photos. */
function photoOnDisk() {
  const image = new PNG({ width: 1200, height: 900 });
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) image.data.set([x % 256, y % 256, 128, 255], (y * image.width + x) * 4);
  return fileOnDisk('pet-photo.png', PNG.sync.write(image));
}

/** Clicks the card away from its name and its QR button: the whole card opens the profile. */
const openFromCard = (card: Locator) => card.click({ position: { x: 12, y: 12 } });

test.describe('dashboard', () => {
  test('when a new owner has no pets, then the empty state invites them to add one', async ({ page, login }) => {
    await login();
    await page.goto('/');
    await expect(page.getByText('Manage your pets and keep them safe')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Pets' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No pets yet' })).toBeVisible();
    await expect(page.getByText('Pets Safe')).toHaveCount(0);
    await expectAccessibleInBothThemes(page);
    await page.getByRole('link', { name: 'Add Your First Pet' }).click();
    await expect(page.getByRole('heading', { name: 'Add New Pet' })).toBeVisible();
  });

  test('when pets are loading, then three placeholder cards are shown', async ({ page, login }) => {
    await login();
    await page.goto('/');
    await addPetByApi(page.request);
    const release = await holdRoute(page, '**/api/pets');
    await page.reload();
    const loading = page.getByRole('status', { name: 'Loading pets' });
    await expect(loading).toBeVisible();
    await expect(loading.locator(':scope > *')).toHaveCount(3);
    release();
    await expect(loading).toHaveCount(0);
  });

  for (const { width, columns } of [
    { width: 360, columns: 1 },
    { width: 1280, columns: 3 },
  ]) {
    test(`when the screen is ${width} px wide, then pet cards sit in ${columns} column(s) and open the profile or the QR code`, async ({
      page,
      login,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await login();
      await page.goto('/');
      await addPetByApi(page.request, { name: 'Rex' });
      // A long name wraps inside its card instead of widening the page.
      await addPetByApi(page.request, { name: 'Milo the Magnificent, Destroyer of Slippers' });
      const missing = await addPetByApi(page.request, { name: 'Pepper', breed: '', species: 'cat', isMissing: true });
      await page.reload();

      const cards = page.getByRole('list', { name: 'My pets' }).getByRole('listitem');
      await expect(cards).toHaveCount(3);
      const tops = await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
      expect(new Set(tops.map(Math.round)).size).toBe(3 / columns);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Newest first; the card shows the badge, the initial (no photo), the name and breed or else species.
      const pepper = cards.first();
      await expect(pepper.getByRole('heading', { name: 'Pepper' })).toBeVisible();
      await expect(pepper.getByText('Missing', { exact: true })).toBeVisible();
      await expect(pepper.getByText('Cat', { exact: true })).toBeVisible();
      await expect(pepper.getByText('P', { exact: true })).toBeVisible();
      await expect(cards.nth(1).getByText('Safe', { exact: true })).toBeVisible();
      await expect(cards.nth(1).getByText('Beagle')).toBeVisible();

      await expect(page.getByRole('group', { name: 'Pets Safe' })).toContainText('2');
      await expect(page.getByRole('group', { name: 'Reminders' })).toContainText('0');
      await expectAccessibleInBothThemes(page);

      await pepper.getByRole('link', { name: 'QR Code' }).click();
      await expect(page).toHaveURL(`/qr/${missing.id}`);
      await page.goBack();
      await openFromCard(cards.first());
      await expect(page).toHaveURL(`/pet/${missing.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Pepper' })).toBeVisible();
    });
  }

  test('when a pet has unseen finder reports, then its card counts them', async ({ page, browser, login }) => {
    await login();
    await page.goto('/');
    const pet = await addPetByApi(page.request, { isMissing: true });
    const finder = await browser.newContext({ baseURL: new URL(page.url()).origin });
    for (const place of ['Central Park', 'Main Street']) {
      const res = await finder.request.post('/api/gps-pings', {
        data: buildFinderReport(pet.id, { finderLocation: place }),
      });
      expect(res.status()).toBe(201);
    }
    await finder.close();
    await page.reload();
    await expect(page.getByRole('list', { name: 'My pets' }).getByText('2 new reports')).toBeVisible();
  });
});

test.describe('adding and editing', () => {
  test('when the form is sent empty, then the required-fields toast and the field errors show', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/');
    await page.getByRole('link', { name: 'Add Pet' }).first().click();
    await expect(page.getByRole('heading', { name: 'Add New Pet' })).toBeVisible();
    for (const section of [
      'Pet Photo',
      'Basic Information',
      'Owner Contact Information',
      'Veterinarian Information',
      'Medical & Special Needs',
    ])
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    // Inputs stop at the shared limits (a name's is its poster tab's), so length is never why a save fails.
    await expect(page.getByLabel('Pet Name')).toHaveAttribute('maxlength', '50');
    await expect(page.getByLabel('Breed')).toHaveAttribute('maxlength', '100');
    await expect(page.getByLabel('Medical Notes')).toHaveAttribute('maxlength', '5000');
    await expectAccessibleInBothThemes(page);

    // The owner's name comes prefilled from the account: emptied, it is required like the others.
    await page.getByLabel('Owner Name').fill('');
    await page.getByRole('button', { name: 'Add Pet' }).click();
    await expect(toast(page).getByText('Missing Required Fields')).toBeVisible();
    await expect(toast(page).getByText('Please fill in all required fields (marked with *).')).toBeVisible();
    for (const label of ['Pet Name', 'Species', 'Owner Name', 'Phone Number']) {
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(page.getByText('Required', { exact: true })).toHaveCount(4);
    await expect(page).toHaveURL('/add-pet');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  });

  test('when the phone number has no digits to dial, then the field says so and the pet is not added', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/add-pet');
    await page.getByLabel('Pet Name').fill('Pip');
    await page.getByLabel('Species').click();
    await page.getByRole('option', { name: 'Cat' }).click();
    await page.getByLabel('Owner Name').fill('Jordan Lee');
    await page.getByLabel('Phone Number').fill('<script>alert(3)</script>');
    await page.getByRole('button', { name: 'Add Pet' }).click();

    // Nothing is missing, so the toast does not say so; the field says what is wrong and has focus.
    await expect(toast(page).getByText('Please Check the Highlighted Fields')).toBeVisible();
    await expect(toast(page).getByText('Missing Required Fields')).toHaveCount(0);
    await expect(page.getByText('Phone number must contain at least 7 digits')).toBeVisible();
    await expect(page.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Phone Number')).toBeFocused();
    await expect(page).toHaveURL('/add-pet');

    await page.getByLabel('Phone Number').fill('+1 (555) 010-4242');
    await page.getByRole('button', { name: 'Add Pet' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('listitem').filter({ hasText: 'Pip' })).toBeVisible();
  });

  test('when a name longer than a phone screen should hold is typed, then the field stops where the rule does, and the pet is added with that much', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/add-pet');
    await page.getByLabel('Pet Name').fill('Bella '.repeat(50));
    await expect(page.getByLabel('Pet Name')).toHaveValue('Bella '.repeat(50).slice(0, 50));
    await page.getByLabel('Species').click();
    await page.getByRole('option', { name: 'Dog' }).click();
    await page.getByLabel('Owner Name').fill('Jordan Lee');
    await page.getByLabel('Phone Number').fill('555-0100');
    await page.getByRole('button', { name: 'Add Pet' }).click();
    await expect(page).not.toHaveURL('/add-pet');
    const [pet] = await (await page.request.get('/api/pets')).json();
    expect(pet.name).toBe('Bella '.repeat(50).slice(0, 50));
  });

  test('when Add Pet is double-clicked, then the form sends once and one pet is added', async ({ page, login }) => {
    await login();
    await page.goto('/add-pet');
    await page.getByLabel('Pet Name').fill('Twice');
    await page.getByLabel('Species').click();
    await page.getByRole('option', { name: 'Dog' }).click();
    await page.getByLabel('Owner Name').fill('Jordan Lee');
    await page.getByLabel('Phone Number').fill('555-0100');
    // The answer waits until both clicks are in, as on a slow phone network.
    const sent: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/pets', async (route) => {
      if (route.request().method() === 'POST') {
        sent.push(route.request().headers()['idempotency-key']);
        await held;
      }
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add Pet' }).dblclick();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeVisible();
    release();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('listitem').filter({ hasText: 'Twice' })).toHaveCount(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^[0-9a-f]{32}$/);
    const stored = (await (await page.request.get('/api/pets')).json()) as { name: string }[];
    expect(stored.map((pet) => pet.name)).toEqual(['Twice']);
  });

  test(
    'when an owner adds a pet with a photo from disk, then it is resized and shown on the dashboard',
    SMOKE,
    async ({ page, login }) => {
      await login();
      await page.goto('/add-pet');
      const photoInput = page.getByLabel('Photo', { exact: true });
      await photoInput.setInputFiles(fileOnDisk('notes.txt', Buffer.from('not a picture')));
      await expect(
        toast(page).getByText('This file could not be read as an image. Please choose another photo.'),
      ).toBeVisible();
      // Any image type works, vector drawings included.
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="teal"/></svg>';
      await photoInput.setInputFiles(fileOnDisk('drawing.svg', Buffer.from(svg)));
      await expect(page.getByRole('img', { name: 'Pet photo' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
      await expect(page.getByTestId('photo-file-name')).toHaveText(/drawing\.svg$/);
      await photoInput.setInputFiles(photoOnDisk());
      // The chosen file is named, not the browser's 'No file chosen' (the input is emptied after each pick).
      await expect(page.getByTestId('photo-file-name')).toHaveText(/pet-photo\.png$/);
      await expect(page.getByText('No file chosen')).toHaveCount(0);
      await page.getByLabel('Pet Name').fill('Luna');
      await page.getByLabel('Species').click();
      await page.getByRole('option', { name: 'Rabbit' }).click();
      await page.getByLabel('Breed').fill('Holland Lop');
      await page.getByLabel('Age').fill('2 years');
      await page.getByLabel('Owner Name').fill('Jordan Lee');
      await page.getByLabel('Phone Number').fill('555-0101');
      await page.getByLabel('Clinic Name').fill('Happy Paws');
      await page.getByLabel('Medical Notes').fill('Needs hay daily');
      await expect(page.getByRole('img', { name: 'Photo of Luna' })).toBeVisible();
      await page.getByRole('button', { name: 'Add Pet' }).click();

      await expect(page).toHaveURL('/');
      const card = page.getByRole('listitem').filter({ hasText: 'Luna' });
      await expect(card.getByText('Holland Lop')).toBeVisible();
      await expect(card.getByText('Safe', { exact: true })).toBeVisible();
      const src = await card.locator('img').getAttribute('src');
      expect(src).toMatch(/^\/api\/pets\/[0-9a-f-]{36}\/photo\?v=[0-9a-f]+$/);
      await expect(card.locator('img')).toHaveJSProperty('complete', true);
      // The card's small avatar downloads the thumbnail, not the whole photo.
      expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('&size=160');

      // Stored as a JPEG whose longer side is 800 px, aspect ratio kept.
      const photo = await page.request.get(src as string);
      expect(photo.headers()['content-type']).toBe('image/jpeg');
      const { format, width, height } = await sharp(await photo.body()).metadata();
      expect({ format, width, height }).toEqual({ format: 'jpeg', width: 800, height: 600 });
    },
  );

  test('when saving fails, then a destructive toast gives the server’s reason and the form stays', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/add-pet');
    const release = await holdRoute(page, '**/api/pets', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service temporarily unavailable. Please try again in a moment.' }),
      }),
    );
    await page.getByLabel('Pet Name').fill('Bolt');
    await page.getByLabel('Species').click();
    await page.getByRole('option', { name: 'Dog' }).click();
    await page.getByLabel('Owner Name').fill('Jordan Lee');
    await page.getByLabel('Phone Number').fill('555-0102');
    await page.getByRole('button', { name: 'Add Pet' }).click();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await expect(toast(page).getByText('Error', { exact: true })).toBeVisible();
    // The message is '{status}: {body text}'; the body text of a JSON error is its sentence.
    await expect(
      toast(page).getByText('503: Service temporarily unavailable. Please try again in a moment.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL('/add-pet');
    await expect(page.getByLabel('Pet Name')).toHaveValue('Bolt');
  });

  test('when an owner edits a pet, then the form is filled in, the photo and the sex are kept and the change is saved', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/add-pet');
    await page.getByLabel('Photo', { exact: true }).setInputFiles(photoOnDisk());
    await page.getByLabel('Pet Name').fill('Ziggy');
    await page.getByLabel('Species').click();
    await page.getByRole('option', { name: 'Bird' }).click();
    await page.getByLabel('Breed').fill('Budgie');
    const sex = page.getByLabel('Sex', { exact: true });
    await expect(sex).toHaveText('Unknown');
    await sex.click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.getByLabel('Owner Name').fill('Jordan Lee');
    await page.getByLabel('Phone Number').fill('555-0103');
    await page.getByRole('button', { name: 'Add Pet' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Ziggy' });
    const photoBefore = await card.locator('img').getAttribute('src');

    await openFromCard(card);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Pet' })).toBeVisible();
    await expect(page.getByLabel('Pet Name')).toHaveValue('Ziggy');
    await expect(page.getByLabel('Species')).toHaveText('Bird');
    await expect(sex).toHaveText('Female');
    await expect(page.getByRole('img', { name: 'Photo of Ziggy' })).toBeVisible();
    await page.getByLabel('Breed').fill('');
    await page.getByLabel('Color').fill('Green and yellow');
    // The sex is changed with the keyboard: the list opens on the one chosen.
    await sex.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option', { name: 'Female' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('option', { name: 'Male', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sex).toHaveText('Male');
    await page.getByRole('button', { name: 'Update Pet' }).click();

    await expect(page).toHaveURL('/');
    await expect(card.getByText('Bird', { exact: true })).toBeVisible();
    expect(await card.locator('img').getAttribute('src')).toBe(photoBefore);
    await openFromCard(card);
    await expect(page.getByText('Green and yellow')).toBeVisible();
    await expect(page.locator('dl > div').filter({ has: page.getByText('Sex', { exact: true }) })).toHaveText(
      'SexMale',
    );

    // The photo can be removed: the initial takes its place.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Remove Photo' }).click();
    await page.getByRole('button', { name: 'Update Pet' }).click();
    await expect(page).toHaveURL('/');
    await expect(card.locator('img')).toHaveCount(0);
    await expect(card.getByText('Z', { exact: true })).toBeVisible();
  });

  test('when the pet to edit is loading, cannot be found or is someone else’s, then the page says so', async ({
    page,
    browser,
    login,
  }) => {
    await login();
    const pet = await addPetByApi(page.request);
    const release = await holdRoute(page, `**/api/pets/${pet.id}`);
    await page.goto(`/edit-pet/${pet.id}`);
    await expect(page.getByText('Loading pet details...')).toBeVisible();
    await expect(page.getByText('Fetching pet data...')).toBeVisible();
    release();
    await expect(page.getByLabel('Pet Name')).toHaveValue(pet.name);

    await page.goto(`/edit-pet/${crypto.randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Error Loading Pet' })).toBeVisible();
    await expect(page.getByText('404: Pet not found', { exact: true })).toBeVisible();

    // Someone else's pet reads exactly like one that does not exist.
    const stranger = await browser.newPage({ baseURL: new URL(page.url()).origin });
    await signIn(stranger, buildPerson());
    await stranger.goto(`/edit-pet/${pet.id}`);
    await expect(stranger.getByRole('heading', { name: 'Error Loading Pet' })).toBeVisible();
    await expect(stranger.getByText('404: Pet not found', { exact: true })).toBeVisible();
    await stranger.close();

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  });
});

test.describe('pet profile', () => {
  test('when a pet saved before the phone and date rules breaks them, then Report Missing, Mark as Safe and an edit still save', async ({
    page,
    login,
    database,
  }) => {
    await login();
    const created = await createPet(page);
    // Written as an older version let owners write them: no digits to dial, a day still to come.
    const future = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    await database
      .update(pets)
      .set({ ownerPhone: 'call my mobile', lastSeenDate: future })
      .where(eq(pets.id, created.id));

    await page.goto(`/pet/${created.id}`);
    // The owner learns the number reaches no one, where it is shown.
    await expect(
      page.getByText('Finders cannot call this number. Use Edit to give one with at least 7 digits.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'call my mobile' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Report Missing' }).click();
    await expect(toast(page).getByText('Pet Reported Missing')).toBeVisible();
    await page.getByRole('button', { name: 'Mark as Safe' }).click();
    await expect(toast(page).getByText('Pet Marked Safe')).toBeVisible();

    await page.goto(`/edit-pet/${created.id}`);
    await page.getByLabel('Pet Name').fill('Renamed');
    await page.getByRole('button', { name: 'Update Pet' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('listitem').filter({ hasText: 'Renamed' })).toBeVisible();

    // A new value must be a number, though.
    await page.goto(`/edit-pet/${created.id}`);
    await page.getByLabel('Phone Number').fill('text me');
    await page.getByRole('button', { name: 'Update Pet' }).click();
    await expect(page.getByText('Phone number must contain at least 7 digits')).toBeVisible();
  });

  test('when the owner opens a profile, then every set detail, card and action is there', async ({ page, login }) => {
    await login();
    const pet = await addPetByApi(page.request, {
      name: 'Scout',
      age: '4 years',
      weight: '30 lbs',
      color: 'Brown',
      microchipId: '985112000000001',
      ownerEmail: 'jordan@example.com',
      ownerAddress: '1 Elm St',
      vetName: 'Happy Paws Clinic',
      vetPhone: '555-0199',
      medicalNotes: 'Allergic to chicken',
      lastSeenLocation: 'Riverside Park',
    });
    await page.goto(`/pet/${pet.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Scout' })).toBeVisible();
    await expect(page.getByText('Beagle')).toBeVisible();
    await expect(page.getByText('Safe', { exact: true })).toBeVisible();
    for (const value of ['4 years', '30 lbs', 'Brown', '985112000000001', '1 Elm St', 'Allergic to chicken'])
      await expect(page.getByText(value)).toBeVisible();
    await expect(page.getByRole('link', { name: '555-0100' })).toHaveAttribute('href', 'tel:5550100');
    await expect(page.getByRole('link', { name: 'jordan@example.com' })).toHaveAttribute(
      'href',
      'mailto:jordan@example.com',
    );
    for (const card of ['Owner Contact', 'Veterinarian', 'Medical & Special Needs'])
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    // Last seen details only matter while the pet is missing.
    await expect(page.getByRole('heading', { name: 'Last Seen Information' })).toHaveCount(0);

    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/edit-pet/${pet.id}`);
    await expect(page.getByRole('link', { name: 'View QR Code' })).toHaveAttribute('href', `/qr/${pet.id}`);
    await expect(page.getByRole('link', { name: 'Manage Reminders' })).toHaveAttribute(
      'href',
      `/reminders?pet=${pet.id}`,
    );
    await expect(page.getByRole('link', { name: 'Order QR Tag' })).toHaveAttribute('href', '/store');
    await expect(page.getByRole('link', { name: 'Generate Poster' })).toHaveCount(0);
    await expectAccessibleInBothThemes(page);
  });

  test('when a 360 px phone shows a 15-digit microchip number, then it stands on one line', async ({ page, login }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login();
    const pet = await addPetByApi(page.request, { microchipId: '985112003456789', age: '3 years', weight: '25 lbs' });
    await page.goto(`/pet/${pet.id}`);
    const number = page.getByText('985112003456789', { exact: true });
    await expect(number).toBeVisible();
    const lines = await number.evaluate(
      (element) => element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
    );
    expect(Math.round(lines)).toBe(1);
  });

  test('when a pet has no vet or medical details, then those cards are left out', async ({ page, login }) => {
    await login();
    const pet = await addPetByApi(page.request, { name: 'Plain', species: 'rabbit', breed: '' });
    await page.goto(`/pet/${pet.id}`);
    await expect(page.getByText('Rabbit', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Owner Contact' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Veterinarian' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Medical & Special Needs' })).toHaveCount(0);
  });

  test('when the owner reports the pet missing and then safe, then the badge, actions and toasts follow', async ({
    page,
    login,
  }) => {
    await login();
    const pet = await addPetByApi(page.request, { name: 'Shadow', lastSeenLocation: 'Riverside Park' });
    await page.goto(`/pet/${pet.id}`);

    // From the keyboard, the focus stays on the toggle, which now offers the way back.
    await page.getByRole('button', { name: 'Report Missing' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page).getByText('Pet Reported Missing')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Safe' })).toBeFocused();
    await expect(
      toast(page).getByText('Shadow has been reported missing. Share the QR code to help find them.'),
    ).toBeVisible();
    await expect(page.getByText('Missing', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Generate Poster' })).toHaveAttribute('href', `/poster/${pet.id}`);
    await expect(page.getByRole('heading', { name: 'Last Seen Information' })).toBeVisible();
    await expect(page.getByText('Riverside Park')).toBeVisible();
    // Away from the button just clicked, so its hover colour is not what gets checked.
    await page.mouse.move(0, 0);
    await expectAccessibleInBothThemes(page);

    await page.reload();
    await page.getByRole('button', { name: 'Mark as Safe' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page).getByText('Pet Marked Safe')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Report Missing' })).toBeFocused();
    await expect(toast(page).getByText('Shadow is now marked as safe.')).toBeVisible();
    await expect(page.getByText('Safe', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Generate Poster' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Shadow' }).getByText('Safe', { exact: true }),
    ).toBeVisible();
  });

  test('when the owner deletes a pet, then it asks first, warns of a tag not shipped yet, and the pet leaves the dashboard', async ({
    page,
    login,
    database,
  }) => {
    await login();
    const { id } = await (await page.request.get('/api/auth/user')).json();
    const pet = await addPetByApi(page.request, { name: 'Ghost' });
    await insertPaidOrder(database, id, { petId: pet.id, status: 'shipped' });
    await page.goto(`/pet/${pet.id}`);

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Ghost?' });
    await expect(dialog).toBeVisible();
    // A shipped tag is the owner's to keep or not; one still being made is worth a word.
    await expect(dialog.getByText('not shipped yet')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await insertPaidOrder(database, id, { petId: pet.id, status: 'processing' });
    await page.reload();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(
      dialog.getByText('A tag you ordered for Ghost has not shipped yet and will lead to no profile.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Ghost' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).press('Enter');
    await expect(page).toHaveURL('/');
    await expect(toast(page).getByText('Pet Deleted')).toBeVisible();
    // The focus starts again at the dashboard's heading, not lost with the profile.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back!' })).toBeFocused();
    const myPets = page.getByRole('list', { name: 'My pets' });
    await expect(myPets.getByRole('listitem').first()).toBeVisible();
    await expect(myPets.getByText('Ghost')).toHaveCount(0);

    await page.goto(`/pet/${pet.id}`);
    await expect(page.getByRole('heading', { name: 'Pet Not Found' })).toBeVisible();
  });

  test('when the pet does not exist or belongs to someone else, then the profile says it is not found', async ({
    page,
    browser,
    login,
  }) => {
    await login();
    const pet = await addPetByApi(page.request, { name: 'Private' });

    await page.goto(`/pet/${crypto.randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Pet Not Found' })).toBeVisible();
    await expect(page.getByText("This pet profile doesn't exist.")).toBeVisible();
    await page.goto('/pet/not-a-real-id');
    await expect(page.getByRole('heading', { name: 'Pet Not Found' })).toBeVisible();

    const stranger = await browser.newPage({ baseURL: new URL(page.url()).origin });
    await signIn(stranger, buildPerson());
    await stranger.goto(`/pet/${pet.id}`);
    await expect(stranger.getByRole('heading', { name: 'Pet Not Found' })).toBeVisible();
    await expect(stranger.getByText('Private')).toHaveCount(0);
    await stranger.close();

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  });
});

test('when a pet’s name ends in s, then its possessive reads "Whiskers\'" and never "Whiskers\'s"', async ({
  page,
  login,
}) => {
  await login();
  const pet = await createPet(page, { name: 'Whiskers' });
  await page.goto(`/qr/${pet.id}`);
  await expect(page.getByRole('heading', { name: "Whiskers' QR Code" })).toBeVisible();
  await expect(page.getByText("Anyone who scans this code sees Whiskers' public profile.")).toBeVisible();
  await expect(page.getByRole('img', { name: "QR code linking to Whiskers' profile" })).toBeVisible();
  await page.goto(`/pet/${pet.id}`);
  await expect(page.getByText("Locations shared by people who scanned Whiskers' QR code.")).toBeVisible();
  await expect(page.getByText("Whiskers's")).toHaveCount(0);
});
