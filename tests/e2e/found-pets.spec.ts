import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { like } from 'drizzle-orm';
import { dataUrl, JPEG_3X2 } from '../../server/features/pets/test-images';
import { LANGUAGES } from '../../shared/i18n/languages';
import { TRANSLATIONS } from '../../shared/i18n/resources';
import { rateLimits } from '../../shared/schema';
import { aPointIn } from '../support/places';
import {
  createPet,
  expect,
  expectAccessibleInBothThemes,
  signInBrowser,
  strangerOnPhone,
  test,
  toast,
} from './fixtures';

// Found pets are posted from this machine's one address, counted against a limit: each test starts from zero.
test.beforeEach(async ({ database }) => {
  await database.delete(rateLimits).where(like(rateLimits.key, 'found-reports-%'));
});

/** Each size choice's words on the form, and how many lines they take there. */
const sizeChoiceLines = (page: Page) =>
  page.locator('label:has(input[name="size"])').evaluateAll((labels) =>
    labels.map((label) => {
      const words = document.createRange();
      words.selectNodeContents(label);
      words.setStartAfter(label.querySelector('input') as HTMLInputElement);
      // A word broken across lines has a box on each.
      const lines = new Set([...words.getClientRects()].map((box) => Math.round(box.top))).size;
      return { words: label.textContent, lines };
    }),
  );

test.describe('a pet found without a tag', () => {
  test('when a finder without scripts posts a found dog from /found, then the thank-you gives the management link and the public page shows the dog', async ({
    browser,
  }) => {
    const finder = await strangerOnPhone(browser, { javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = finder.page;
    await page.goto('/found');
    await page.getByRole('link', { name: 'Report a Found Pet' }).click();
    await expect(page.getByRole('heading', { name: 'Report a Found Pet', level: 1 })).toBeVisible();

    await page.getByLabel('Species').selectOption('dog');
    await page.getByLabel('Brown').check();
    await page.getByLabel('White').check();
    await page.getByLabel('Medium').check();
    await page.getByLabel('Collar or markings (optional)').fill('Red collar, no tag');
    await page.getByLabel('Photo 1').setInputFiles({ name: 'dog.jpg', mimeType: 'image/jpeg', buffer: JPEG_3X2 });
    await page.getByLabel('Where you found it').fill('Riverside Park, by the north gate');
    await page.getByLabel('With me').check();
    await page.getByLabel('Your phone or email').fill('robin.finder@example.org');
    await page.getByRole('button', { name: 'Post Found Pet' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you! The pet you found is posted.' })).toBeVisible();
    // Without scripts the place is in words only: the finder is told it is not compared until its
    // numbers are given, and where (no map to pin on without scripts).
    await expect(
      page.getByText(/not compared with missing pets, until its place is given: type its latitude and longitude/),
    ).toBeVisible();
    await expect(page.getByText(/pin where you found it in the form below/)).toBeHidden();
    const manageLink = page.getByRole('link', { name: /\/found-pet\/manage\// });
    await expect(manageLink).toBeVisible();
    await expect(page.getByRole('button', { name: 'Renew for 30 Days' })).toBeVisible();
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('link', { name: 'See the Public Page' }).click();
    await expect(page.getByRole('heading', { name: 'Found: Dog', level: 1 })).toBeVisible();
    await expect(page.getByText('White and Brown')).toBeVisible();
    await expect(page.getByText('Riverside Park, by the north gate')).toBeVisible();
    await expect(page.getByText('robin.finder@example.org')).toHaveCount(0);
    await finder.close();
  });

  test('when a finder without scripts types the latitude and longitude, then one alone is refused with the focus on it, and both pin the found dog as a map pin does', async ({
    browser,
  }) => {
    const finder = await strangerOnPhone(browser, { javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = finder.page;
    await page.goto('/found/report');
    // The place's hint says what works without scripts: no pin on a map, the numbers.
    const place = page.getByLabel('Where you found it');
    await expect(place).toHaveAccessibleDescription(/^A street, park or landmark.*Without a latitude and longitude/);
    await expect(page.getByText(/Without a pin on the map/)).toBeHidden();

    await page.getByLabel('Species').selectOption('dog');
    await page.getByLabel('Black').check();
    await page.getByLabel('Small').check();
    await page.getByLabel('Photo 1').setInputFiles({ name: 'dog.jpg', mimeType: 'image/jpeg', buffer: JPEG_3X2 });
    await page.getByText('Type a latitude and longitude').click();
    await page.getByLabel('Latitude').fill('45,5231');
    await page.getByLabel('Your phone or email').fill('kim.finder@example.org');
    await page.getByRole('button', { name: 'Post Found Pet' }).click();

    // Refused: the focus is on the latitude, which says why; what was typed is back, unfolded.
    const latitude = page.getByLabel('Latitude');
    await expect(latitude).toBeFocused();
    await expect(latitude).toHaveAccessibleDescription(/^Both a latitude and a longitude are needed/);
    await expect(latitude).toHaveValue('45,5231');
    await expect(page.getByText('Your photo was not kept: please choose it again.')).toBeVisible();

    await page.getByLabel('Longitude').fill('-122,6765');
    await page.getByLabel('Photo 1').setInputFiles({ name: 'dog.jpg', mimeType: 'image/jpeg', buffer: JPEG_3X2 });
    await page.getByRole('button', { name: 'Post Found Pet' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you! The pet you found is posted.' })).toBeVisible();
    await expect(page.getByText(/compared with pets reported missing nearby/)).toBeVisible();
    // Pinned: no form to give the place later.
    await expect(page.getByRole('button', { name: 'Save the Place' })).toHaveCount(0);
    await finder.close();
  });

  test('when a finder with scripts opens /found and the form at 360 px, then in each language every size choice reads on one line and nothing is wider than the phone, and an empty form posted brings the focus to the first field to mend', async ({
    browser,
  }) => {
    const finder = await strangerOnPhone(browser, { viewport: { width: 360, height: 740 } });
    const page = finder.page;
    for (const lang of LANGUAGES) {
      await page.goto(`/found/report?lang=${lang}`);
      const { sizeSmall, sizeMedium, sizeLarge } = TRANSLATIONS[lang].foundPet;
      await expect(page.getByLabel(sizeMedium, { exact: true })).toBeVisible();
      expect(await sizeChoiceLines(page), lang).toEqual(
        [sizeSmall, sizeMedium, sizeLarge].map((words) => ({ words, lines: 1 })),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(360);
      // The way to the form, on /found, in the language just picked and within the phone too.
      await page.goto(`/found?lang=${lang}`);
      await expect(page.getByRole('link', { name: TRANSLATIONS[lang].foundPet.reportLink })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(360);
    }

    // Refused, the form comes back with why at its top and beside each field, and the focus on the
    // first field to mend rather than on the page.
    await page.goto('/found/report?lang=en');
    await page.getByRole('button', { name: 'Post Found Pet' }).press('Enter');
    await expect(page.getByLabel('Species')).toBeFocused();
    await expect(page.getByLabel('Species')).toHaveAccessibleDescription('Choose the species.');
    await finder.close();
  });

  test('when a finder’s day is not the server’s (far east or west of it), then the found date starts on their own day, no later day can be chosen, and their day is posted', async ({
    browser,
  }) => {
    // The server's day is UTC's. Whatever the hour, one of these places is on another day.
    const timezoneId = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const theirDay = new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId }).format(new Date());
    expect(theirDay).not.toBe(new Date().toISOString().slice(0, 10));
    const finder = await strangerOnPhone(browser, { timezoneId });
    const page = finder.page;
    await page.goto('/found/report');
    const foundAt = page.getByLabel('When you found it');
    await expect(foundAt).toHaveValue(theirDay);
    await expect(foundAt).toHaveAttribute('max', theirDay);

    await page.getByLabel('Species').selectOption('cat');
    await page.getByLabel('Grey').check();
    await page.getByLabel('Small').check();
    await page.getByLabel('Photo 1').setInputFiles({ name: 'cat.jpg', mimeType: 'image/jpeg', buffer: JPEG_3X2 });
    await page.getByLabel('Where you found it').fill('Harbour steps');
    await page.getByLabel('With me').check();
    await page.getByLabel('Your phone or email').fill('sam.finder@example.org');
    await page.getByRole('button', { name: 'Post Found Pet' }).click();
    await page.getByRole('link', { name: 'See the Public Page' }).click();
    const shown = new Date(`${theirDay}T00:00:00Z`).toLocaleDateString('en', { dateStyle: 'medium', timeZone: 'UTC' });
    await expect(page.getByText(shown, { exact: true })).toBeVisible();
    await finder.close();
  });

  test('when a finder with scripts opens the found-pet form, then its map says how to use it with a keyboard, and a pin dropped with Enter can be removed, leaving no place posted', async ({
    page,
  }) => {
    await page.goto('/found/report');
    const map = page.getByRole('application', { name: 'Pin on the map (optional)' });
    await expect(map).toHaveAccessibleDescription(
      /Enter drops the pin at its centre.*a focused pin moves with the arrow keys/,
    );
    const marker = map.locator('.leaflet-marker-icon');
    const latitude = page.locator('#found-lat');
    const remove = page.getByRole('button', { name: 'Remove the pin' });
    await expect(remove).toBeHidden();

    await map.focus();
    await expect(async () => {
      await page.keyboard.press('Enter');
      await expect(latitude).toHaveValue(/^-?\d+\.\d{6}$/, { timeout: 1_500 });
    }).toPass();
    await expect(marker).toHaveCount(1);

    await remove.click();
    await expect(marker).toHaveCount(0);
    await expect(latitude).toHaveValue('');
    await expect(page.locator('#found-lng')).toHaveValue('');
    await expect(page.getByText('The pin is removed.')).toBeVisible();
    await expect(remove).toBeHidden();
    await expect(map).toBeFocused();
    await expectAccessibleInBothThemes(page);
  });

  test('when a signed-in owner whose dog is missing opens a found dog, then This Is My Pet opens the conversation on the dog’s profile', async ({
    page,
    login,
  }) => {
    await login();
    const pet = await createPet(page, { species: 'dog', isMissing: true });
    const { id } = await postedFoundDog(page.request, {
      colors: ['golden'],
      size: 'large',
      location: 'Elm Street bus stop',
      whereNow: 'vet',
    });

    await page.goto(`/found-pet/${id}`);
    await expect(page.getByRole('heading', { name: 'Is this your pet?' })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByLabel('Your missing pet').selectOption(pet.id);
    await page.getByLabel('Message to the finder').fill('That is our dog! Thank you for taking him to the vet.');
    await page.getByRole('button', { name: 'This Is My Pet' }).click();
    await expect(page.getByText(`Your conversation is on the profile of ${pet.name}.`)).toBeVisible();

    await page.getByRole('link', { name: 'Open the Profile' }).click();
    const reports = page.getByRole('region', { name: /^Finder Reports/ });
    await expect(reports.getByText('Elm Street bus stop')).toBeVisible();
    await expect(reports.getByText('That is our dog! Thank you for taking him to the vet.')).toBeVisible();
    // Not a scan: the section says it holds these conversations too, beside its own sentence.
    await expect(reports.getByText(/^Locations shared by people who scanned .+ QR code\.$/)).toBeVisible();
    await expect(
      reports.getByText(`It also holds your conversations with people who found a pet you said is ${pet.name}.`),
    ).toBeVisible();
  });

  for (const javaScriptEnabled of [true, false])
    test(`when an owner who claimed a found dog for one missing dog opens it ${javaScriptEnabled ? 'with' : 'without'} scripts, then the page shows that claim and claims it for their other missing dog too`, async ({
      browser,
      database,
    }) => {
      const owner = await strangerOnPhone(browser, { javaScriptEnabled });
      const page = owner.page;
      await signInBrowser(database, page.context());
      const bella = await createPet(page, { name: 'Bella', species: 'dog', isMissing: true });
      const max = await createPet(page, { name: 'Max', species: 'dog', isMissing: true });
      const { id } = await postedFoundDog(page.request);
      expect((await page.request.post(`/api/found-reports/${id}/claim`, { data: { petId: bella.id } })).status()).toBe(
        201,
      );

      await page.goto(`/found-pet/${id}`);
      const claim = page.getByRole('region', { name: 'Is this your pet?' });
      await expect(claim.getByText('Your conversation is on the profile of Bella.')).toBeVisible();
      await expect(claim.getByRole('link', { name: 'Open the Profile of Bella' })).toBeVisible();
      await expect(claim.getByText('Could it be another of your missing pets?')).toBeVisible();
      // Only the dog not yet claimed is offered.
      await expect(claim.getByLabel('Your missing pet').locator('option')).toHaveText(['Max']);
      // axe runs as a script in the page: the same HTML is checked once, with scripts.
      if (javaScriptEnabled) await expectAccessibleInBothThemes(page);

      await claim.getByRole('button', { name: 'This Is My Pet' }).click();
      await expect(claim.getByText('Your conversation is on the profile of Max.')).toBeVisible();
      await expect(claim.getByText('Your conversation is on the profile of Bella.')).toBeVisible();
      await expect(claim.getByLabel('Your missing pet')).toHaveCount(0);
      await claim.getByRole('link', { name: 'Open the Profile of Max' }).click();
      await expect(page).toHaveURL(new RegExp(`/pet/${max.id}$`));
      await owner.close();
    });
});

/**
 * A found dog posted by a finder who left only a phone number, with no point (words only), as
 * `overrides` change it: its id and management path.
 */
async function postedFoundDog(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const posted = await request.post('/api/found-reports', {
    data: {
      species: 'dog',
      colors: ['black'],
      size: 'small',
      photoUrls: [dataUrl('image/jpeg', JPEG_3X2)],
      location: 'Under the railway bridge',
      foundAt: new Date().toISOString().slice(0, 10),
      whereNow: 'finder',
      contact: `+1 555 0${crypto.randomInt(100, 999)} ${crypto.randomInt(1000, 9999)}`,
      ...overrides,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return (await posted.json()) as { id: string; managePath: string };
}

/** A found dog posted without a point, its management page open on the pin map (with scripts). */
async function openPinMap(page: Page) {
  const { managePath } = await postedFoundDog(page.request);
  await page.goto(managePath);
  const map = page.getByRole('application', { name: 'Pin on the map (optional)' });
  await expect(map).toBeVisible();
  return map;
}

test.describe('after a claim, between the finder and the owner', () => {
  test('when the finder says a claimed dog is not the one they found, then the owner’s profile says the finder closed the conversation and offers no Reply', async ({
    page,
    login,
    browser,
  }) => {
    await login();
    const pet = await createPet(page, { species: 'dog', isMissing: true });
    const { id, managePath } = await postedFoundDog(page.request);
    const claimed = await page.request.post(`/api/found-reports/${id}/claim`, {
      data: { petId: pet.id, message: 'Is that our dog?' },
    });
    expect(claimed.status()).toBe(201);
    await page.goto(`/pet/${pet.id}`);
    const reports = page.getByRole('region', { name: /^Finder Reports/ });
    await expect(reports.getByText('Is that our dog?')).toBeVisible();
    await expect(reports.getByRole('button', { name: 'Reply' })).toBeVisible();

    const finder = await strangerOnPhone(browser, { javaScriptEnabled: false });
    const notTheirs = finder.page.getByRole('button', { name: 'Not the Pet I Found' });
    await finder.page.goto(managePath);
    await notTheirs.click();
    // Asked once more, with the way back focused: Enter there changes nothing, and the button
    // tapped has the focus again.
    await expect(finder.page.getByRole('heading', { name: /^Not the pet you found\?/ })).toBeVisible();
    await expect(finder.page.getByText(/^The owner is told, on/)).toBeVisible();
    await expect(finder.page.getByRole('link', { name: 'Keep the Claim' })).toBeFocused();
    await finder.page.keyboard.press('Enter');
    await expect(notTheirs).toBeFocused();
    await notTheirs.click();
    await finder.page.getByRole('button', { name: 'Yes, Turn It Down' }).click();
    const turnedDown = finder.page.getByRole('region', { name: 'Claims you turned down' });
    await expect(turnedDown.getByText('You said this is not their pet.')).toBeVisible();
    await expect(notTheirs).toHaveCount(0);
    await finder.close();

    await page.reload();
    await expect(
      reports.getByText(
        `The finder closed this conversation: they said the pet they found is not ${pet.name}. Your messages no longer reach them.`,
      ),
    ).toBeVisible();
    await expect(reports.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  });

  test('when the finder’s phone runs scripts, then Not the Pet I Found asks first, Keep the Claim leaves the claim standing, and Yes lists it apart', async ({
    page,
    login,
    browser,
  }) => {
    await login();
    const pet = await createPet(page, { species: 'dog', isMissing: true });
    const { id, managePath } = await postedFoundDog(page.request);
    expect((await page.request.post(`/api/found-reports/${id}/claim`, { data: { petId: pet.id } })).status()).toBe(201);

    const finder = await strangerOnPhone(browser);
    const notTheirs = finder.page.getByRole('button', { name: 'Not the Pet I Found' });
    const standing = finder.page.getByRole('region', { name: 'An owner says this is their pet.' });
    await finder.page.goto(managePath);
    await notTheirs.click();
    const keep = finder.page.getByRole('link', { name: 'Keep the Claim' });
    await expect(keep).toBeFocused();
    await keep.click();
    await expect(notTheirs).toBeFocused();
    await expect(standing.getByText(`Owner of “${pet.name}”`)).toBeVisible();

    await notTheirs.click();
    await finder.page.getByRole('button', { name: 'Yes, Turn It Down' }).click();
    await expect(
      finder.page.getByRole('region', { name: 'Claims you turned down' }).getByText(`Owner of “${pet.name}”`),
    ).toBeVisible();
    await expect(standing).toHaveCount(0);
    await finder.close();
  });

  test('when an owner confirms a found dog without a word, then their profile tells it as the found report, not a shared position, and the finder reads Homeward’s line, not words the owner never wrote', async ({
    page,
    login,
    browser,
  }) => {
    await login();
    const pet = await createPet(page, { species: 'dog', isMissing: true });
    // Pinned: the report the claim files carries the place's grid cell, which must not read as a position.
    const { id, managePath } = await postedFoundDog(page.request, { ...aPointIn(-62, 150, 3, 20) });
    expect((await page.request.post(`/api/found-reports/${id}/claim`, { data: { petId: pet.id } })).status()).toBe(201);
    const told = `${pet.name}'s owner says this is their pet.`;

    await page.goto(`/pet/${pet.id}`);
    const reports = page.getByRole('region', { name: /^Finder Reports/ });
    await expect(reports.getByText('Found report: Under the railway bridge')).toBeVisible();
    await expect(reports.getByRole('link', { name: 'See the found dog' })).toHaveAttribute('href', `/found-pet/${id}`);
    await expect(reports.getByText(`Told the finder: “${told}”`)).toBeVisible();
    await expect(reports.getByText(/Shared GPS position/)).toHaveCount(0);
    await expect(reports.getByRole('img', { name: /Map of the position/ })).toHaveCount(0);

    const finder = await strangerOnPhone(browser, { javaScriptEnabled: false });
    await finder.page.goto(managePath);
    await finder.page.getByRole('button', { name: 'Open the Conversation' }).click();
    await expect(finder.page.getByRole('heading', { name: 'The Pet You Found' })).toBeVisible();
    await expect(finder.page.getByText(told)).toBeVisible();
    await expect(finder.page.getByText(/Shared GPS position/)).toHaveCount(0);
    await expect(finder.page.getByRole('link', { name: 'See Its Public Page' })).toHaveAttribute(
      'href',
      `/found-pet/${id}`,
    );
    // Nothing in the conversation is signed as the owner's.
    await expect(finder.page.getByText(`${pet.name}'s owner`, { exact: true })).toHaveCount(0);
    await finder.page.getByLabel('Your Message').fill('Yes, come by the bridge at six.');
    await finder.page.getByRole('button', { name: 'Send' }).click();
    await expect(finder.page.getByText('Yes, come by the bridge at six.')).toBeVisible();
    await finder.close();

    await page.reload();
    await expect(reports.getByText('Yes, come by the bridge at six.')).toBeVisible();
  });

  test('when a dog whose finder left only a phone is home safe, then the owner can thank them, and the finder reads it from the management page', async ({
    page,
    login,
    browser,
  }) => {
    await login();
    const pet = await createPet(page, { species: 'dog', isMissing: true });
    const { id, managePath } = await postedFoundDog(page.request);
    expect((await page.request.post(`/api/found-reports/${id}/claim`, { data: { petId: pet.id } })).status()).toBe(201);
    expect((await page.request.patch(`/api/pets/${pet.id}`, { data: { isMissing: false } })).status()).toBe(200);

    await page.goto(`/pet/${pet.id}`);
    await page.getByRole('button', { name: 'Thank the Finders' }).click();
    await expect(toast(page).getByText('Your thank-you was sent to the finder.')).toBeVisible();

    const finder = await strangerOnPhone(browser, { javaScriptEnabled: false });
    await finder.page.goto(managePath);
    await expect(
      finder.page.getByText(`The owner of “${pet.name}” thanked you: their message is in the conversation.`),
    ).toBeVisible();
    await finder.page.getByRole('button', { name: 'Open the Conversation' }).click();
    await expect(finder.page.getByText(`${pet.name} is home safe. Thank you for helping!`)).toBeVisible();
    await finder.close();
  });
});

test.describe('the place pinned later', () => {
  test('when a finder without scripts types the place’s latitude and longitude on the management page, then a mistyped one is explained, the corrected one puts the dog on the board, and a move (one number alone refused) takes it elsewhere', async ({
    browser,
  }) => {
    const finder = await strangerOnPhone(browser, { javaScriptEnabled: false });
    const page = finder.page;
    const { managePath } = await postedFoundDog(page.request);
    await page.goto(managePath);
    // Without scripts there is no map to pin on: the page asks for what works, the two numbers.
    await expect(
      page.getByText(/Without its latitude and longitude, this pet is not on the found-pets board/),
    ).toBeVisible();
    await expect(page.getByText(/Without a place on the map/)).toBeHidden();

    // Somewhere of this test's own: a kept database holds every earlier run's reports.
    const lat = (-40 - crypto.randomInt(0, 1_000_000) / 100_000).toFixed(5);
    const lng = (-70 + crypto.randomInt(0, 1_000_000) / 100_000).toFixed(5);
    await page.getByRole('textbox', { name: 'Latitude' }).fill('140');
    await page.getByRole('textbox', { name: 'Longitude' }).fill(lng);
    await page.getByRole('button', { name: 'Save the Place' }).click();
    await expect(
      page.getByText('Latitude must be between -90 and 90, and longitude between -180 and 180.'),
    ).toBeVisible();
    // The page answers with the focus on the latitude, which says why, rather than at its top.
    await expect(page.getByRole('textbox', { name: 'Latitude' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Latitude' })).toHaveAccessibleDescription(
      /^Latitude must be between -90 and 90/,
    );
    await expect(page.getByRole('textbox', { name: 'Longitude' })).toHaveValue(lng);

    await page.getByRole('textbox', { name: 'Latitude' }).fill(lat);
    await page.getByRole('button', { name: 'Save the Place' }).click();
    await expect(page.getByText(/The place is saved: the pet is now on the found-pets board/)).toBeVisible();

    // Saved, the place can still be corrected: the fields hold it, and a move takes the dog there.
    await expect(page.getByRole('heading', { name: 'Where you found it' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Latitude' })).toHaveValue(String(Number(lat)));
    const movedLat = (Number(lat) - 0.2).toFixed(5);
    await page.getByRole('textbox', { name: 'Latitude' }).fill(movedLat);
    await page.getByRole('textbox', { name: 'Longitude' }).fill('');
    await page.getByRole('button', { name: 'Move the Place' }).click();
    await expect(page.getByText('Both a latitude and a longitude are needed: type the other one too.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Longitude' })).toHaveValue('');
    await page.getByRole('textbox', { name: 'Longitude' }).fill(lng);
    await page.getByRole('button', { name: 'Move the Place' }).click();
    await expect(page.getByText(/^The place is moved/)).toBeVisible();

    await page.goto(`/found-pets?lat=${movedLat}&lng=${lng}&km=1`);
    await expect(page.getByRole('link', { name: /Found: Dog/ })).toHaveCount(1);
    await page.goto(`/found-pets?lat=${lat}&lng=${lng}&km=1`);
    await expect(page.getByRole('link', { name: /Found: Dog/ })).toHaveCount(0);
    await finder.close();
  });

  test('when the finder’s phone runs scripts and the place is saved, then the map shows its pin there, and a tap elsewhere moves it and is saved', async ({
    page,
  }) => {
    const place = aPointIn(-35, -65, 0.5, 5);
    const { managePath } = await postedFoundDog(page.request, { lat: place.lat, lng: place.lng });
    await page.goto(managePath);
    const map = page.getByRole('application', { name: 'Pin on the map (optional)' });
    const latitude = page.getByRole('textbox', { name: 'Latitude' });
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
    await expect(latitude).toHaveValue(String(place.lat));

    const area = await map.boundingBox();
    if (!area) throw new Error('no map');
    await page.mouse.click(area.x + area.width / 2 + 60, area.y + area.height / 2 + 40);
    await expect(latitude).not.toHaveValue(String(place.lat));
    const moved = await latitude.inputValue();
    await page.getByRole('button', { name: 'Move the Place' }).click();
    await expect(page.getByText(/^The place is moved/)).toBeVisible();
    await expect(latitude).toHaveValue(String(Number(moved)));
  });

  test('when the finder’s phone runs scripts, then Enter on the whole world pins nothing and asks to zoom in, once zoomed in Enter fills the same labelled fields, and the section passes the accessibility check', async ({
    page,
  }) => {
    const map = await openPinMap(page);
    const latitude = page.getByRole('textbox', { name: 'Latitude' });
    const longitude = page.getByRole('textbox', { name: 'Longitude' });
    await map.focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Zoom in to pin the place: from this far out, a tap brings the map closer first.'),
    ).toBeVisible();
    await expect(latitude).toHaveValue('');
    await expect(longitude).toHaveValue('');

    // Each Enter from far out zooms in on the map's centre, until it is close enough to pin.
    await expect(async () => {
      await page.keyboard.press('Enter');
      await expect(latitude).toHaveValue(/^-?\d+\.\d{6}$/, { timeout: 1_500 });
    }).toPass();
    await expect(longitude).toHaveValue(/^-?\d+\.\d{6}$/);
    await expect(page.getByText(/^Pin set at /)).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });

  test('when the finder types a latitude and longitude beside the pin map (with a decimal comma), then the map pins that place and shows it, and a typed place beyond the earth leaves the pin where it was', async ({
    page,
  }) => {
    const map = await openPinMap(page);
    const marker = map.locator('.leaflet-marker-icon');
    await expect(marker).toHaveCount(0);

    // The pin's point is the middle of its icon's foot; the map, brought to it, has it at its centre.
    const pinOffCentre = async () => {
      const [pin, area] = [await marker.boundingBox(), await map.boundingBox()];
      if (!pin || !area) return Number.POSITIVE_INFINITY;
      return Math.hypot(
        pin.x + pin.width / 2 - (area.x + area.width / 2),
        pin.y + pin.height - (area.y + area.height / 2),
      );
    };
    // A decimal comma, as much of the world writes it, is read as the server reads it.
    await page.getByRole('textbox', { name: 'Latitude' }).fill('-33,8688');
    await page.getByRole('textbox', { name: 'Longitude' }).fill('151,2093');
    await expect(marker).toHaveCount(1);
    await expect.poll(pinOffCentre).toBeLessThan(3);
    await expect(page.getByText('Pin set at -33,8688, 151,2093')).toBeVisible();

    await page.getByRole('textbox', { name: 'Latitude' }).fill('140');
    await page.getByRole('textbox', { name: 'Latitude' }).press('Tab');
    await expect(page.getByText('Pin set at -33,8688, 151,2093')).toBeVisible();
    await expect(marker).toHaveCount(1);
    expect(await pinOffCentre()).toBeLessThan(3);
    await expect(page.getByRole('textbox', { name: 'Latitude' })).toHaveValue('140');
  });
});
