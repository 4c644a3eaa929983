import { like } from 'drizzle-orm';
import { dataUrl, JPEG_3X2 } from '../../server/features/pets/test-images';
import { rateLimits } from '../../shared/schema';
import { createPet, expect, expectAccessibleInBothThemes, strangerOnPhone, test } from './fixtures';

// Found pets are posted from this machine's one address, counted against a limit: each test starts from zero.
test.beforeEach(async ({ database }) => {
  await database.delete(rateLimits).where(like(rateLimits.key, 'found-reports-%'));
});

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
    await expect(page.getByText(/compared with pets reported missing nearby/)).toBeVisible();
    const manageLink = page.getByRole('link', { name: /\/found-pet\/manage\// });
    await expect(manageLink).toBeVisible();
    await expect(page.getByRole('button', { name: 'Renew for 30 Days' })).toBeVisible();
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('link', { name: 'See the Public Page' }).click();
    await expect(page.getByRole('heading', { name: 'Found: Dog', level: 1 })).toBeVisible();
    await expect(page.getByText('White, Brown')).toBeVisible();
    await expect(page.getByText('Riverside Park, by the north gate')).toBeVisible();
    await expect(page.getByText('robin.finder@example.org')).toHaveCount(0);
    await finder.close();
  });

  test('when a signed-in owner whose dog is missing opens a found dog, then This Is My Pet opens the conversation on the dog’s profile', async ({
    page,
    login,
  }) => {
    await login();
    const pet = await createPet(page, { species: 'dog', isMissing: true });
    const posted = await page.request.post('/api/found-reports', {
      data: {
        species: 'dog',
        colors: ['golden'],
        size: 'large',
        photoUrls: [dataUrl('image/jpeg', JPEG_3X2)],
        location: 'Elm Street bus stop',
        foundAt: new Date().toISOString().slice(0, 10),
        whereNow: 'vet',
        contact: '+1 555 0100 4242',
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const { id } = (await posted.json()) as { id: string };

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
  });
});
