import { buildFinderReport } from '../support/factories';
import {
  expect,
  expectAccessibleInBothThemes,
  holdRoute,
  openShareLocation,
  scanPageHydrated,
  strangerOnPhone,
  test,
  toast,
} from './fixtures';

const FINDER_EMAIL = 'robin.finder@example.org';

test.describe('the conversation between a finder and the owner', () => {
  test('when a finder leaves an e-mail address, then owner and finder talk through Homeward and neither sees the other’s address', async ({
    page,
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });
    await scan.goto(`/scan/${pet.id}`);
    const dialog = await openShareLocation(scan);
    await dialog.getByLabel(`Where did you find ${pet.name}?`).fill('Riverside Park, by the north gate');
    await dialog.getByLabel('Your Phone or Email (Optional)').fill(FINDER_EMAIL);
    await dialog.getByRole('button', { name: 'Share Location' }).click();
    await expect(scan.getByText('Location Shared!', { exact: true })).toBeVisible();

    await scan.getByRole('link', { name: 'Open Your Conversation' }).click();
    await expect(scan).toHaveURL(/\/c\/[A-Za-z0-9_-]{32}$/);
    await expect(scan.getByRole('heading', { name: pet.name, level: 1 })).toBeVisible();
    await expect(scan.getByText('Riverside Park, by the north gate')).toBeVisible();
    await expect(scan.getByText(/No replies yet/)).toBeVisible();

    await page.goto(`/pet/${pet.id}`);
    const reports = page.getByRole('region', { name: /^Finder Reports/ });
    await expect(reports.getByText('Riverside Park, by the north gate')).toBeVisible();
    await expect(page.getByText(FINDER_EMAIL)).toHaveCount(0);
    await reports.getByRole('button', { name: 'Reply' }).click();
    const reply = page.getByRole('dialog', { name: 'Reply to the Finder' });
    await expect(reply.getByText(/receives your reply by email/)).toBeVisible();
    await reply.getByLabel('Your Reply').fill('Thank you so much! I am on my way.');
    await reply.getByRole('button', { name: 'Send Reply' }).click();
    await expect(reply).toBeHidden();
    await expect(reports.getByText('Thank you so much! I am on my way.')).toBeVisible();

    await scan.reload();
    await expect(scan.getByText('Thank you so much! I am on my way.')).toBeVisible();
    await expect(scan.getByText(`${pet.name}'s owner`, { exact: true })).toBeVisible();
    // Sending in place is the page's script's: wait for it to take over from the server's copy.
    await expect(scan.locator('#prerender')).toHaveCount(0);
    await scan.getByLabel('Your Message').fill('Great, we are waiting on the bench by the gate.');
    await scan.getByRole('button', { name: 'Send' }).click();
    await expect(scan.getByText('Great, we are waiting on the bench by the gate.')).toBeVisible();
    await expect(scan.getByLabel('Your Message')).toHaveValue('');
    await expectAccessibleInBothThemes(scan);
    await stranger.close();

    // The owner's e-mail links to the report itself: on a phone it is far down the profile.
    const [report] = await (await page.request.get(`/api/pets/${pet.id}/reports`)).json();
    await page.setViewportSize({ width: 360, height: 640 });
    // From elsewhere, as the e-mail's link opens it (from the profile itself only the hash would change).
    await page.goto('/');
    await page.goto(`/pet/${pet.id}#report-${report.id}`);
    await expect(reports.getByText('Great, we are waiting on the bench by the gate.')).toBeVisible();
    await expect(page.locator(`#report-${report.id}`)).toBeInViewport();
    await expect(page.getByText(FINDER_EMAIL)).toHaveCount(0);
  });

  test('when the pet is home safe, then one tap on Thank the Finders thanks each finder on their conversation page', async ({
    page,
    finderScene,
  }) => {
    const { pet, scan } = await finderScene({ pet: { isMissing: true } });
    // The same finder reported earlier, writing their address in capitals; someone else left no contact.
    for (const data of [
      buildFinderReport(pet.id, { finderLocation: 'Near the bakery', finderContact: FINDER_EMAIL.toUpperCase() }),
      buildFinderReport(pet.id, { finderLocation: 'Under the bridge' }),
    ]) {
      expect((await scan.request.post('/api/gps-pings', { data })).ok()).toBe(true);
    }
    const filed = await scan.request.post('/api/gps-pings', {
      data: buildFinderReport(pet.id, { finderLocation: 'By the duck pond', finderContact: FINDER_EMAIL }),
    });
    const { conversationPath } = await filed.json();

    await page.goto(`/pet/${pet.id}`);
    const reports = page.getByRole('region', { name: /^Finder Reports/ });
    await expect(reports.getByText('By the duck pond')).toBeVisible();
    // While the pet is missing there is nobody to thank yet.
    await expect(page.getByRole('button', { name: 'Thank the Finders' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Mark as Safe' }).click();
    await expect(toast(page).getByText('Pet Marked Safe')).toBeVisible();

    const thanked = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith(`/api/pets/${pet.id}/thanks`),
    );
    await reports.getByRole('button', { name: 'Thank the Finders' }).click();
    expect((await thanked).ok()).toBe(true);
    await expect(toast(page).getByText('Finders Thanked')).toBeVisible();
    await expect(toast(page).getByText('Your thank-you was sent to the finder.')).toBeVisible();
    const thanks = `${pet.name} is home safe. Thank you for helping!`;
    await expect(reports.getByText(thanks), 'one thank-you for the one finder who can be reached').toHaveCount(1);
    // Each finder is thanked once: the button goes once nobody is left to thank.
    await expect(reports.getByRole('button', { name: 'Thank the Finders' })).toHaveCount(0);

    await scan.goto(conversationPath);
    await expect(scan.getByText(thanks)).toBeVisible();
    await expect(scan.getByText(`${pet.name}'s owner`, { exact: true })).toBeVisible();
  });

  test('when the finder’s phone runs no JavaScript, then the conversation page reads and its Send form still posts', async ({
    page,
    browser,
    login,
  }) => {
    await login();
    const created = await page.request.post('/api/pets', {
      data: { name: 'Pepper', species: 'cat', ownerName: 'Jordan Lee', ownerPhone: '555-0100', isMissing: true },
    });
    const pet = await created.json();
    const finder = await strangerOnPhone(browser, { javaScriptEnabled: false });
    const report = await finder.page.request.post('/api/gps-pings', {
      data: buildFinderReport(pet.id, { finderLocation: 'Behind the library', finderContact: '555 010 0199' }),
    });
    const { conversationPath } = await report.json();

    await finder.page.goto(conversationPath);
    await expect(finder.page.getByRole('heading', { name: 'Pepper', level: 1 })).toBeVisible();
    await finder.page.getByLabel('Your Message').fill('Pepper is asleep in my car, call me any time.');
    await finder.page.getByRole('button', { name: 'Send' }).click();
    await expect(finder.page).toHaveURL(new RegExp(`${conversationPath}#message-`));
    await expect(finder.page.getByText('Pepper is asleep in my car, call me any time.')).toBeVisible();
    await finder.close();

    await page.goto(`/pet/${pet.id}`);
    const reports = page.getByRole('region', { name: /^Finder Reports/ });
    await expect(reports.getByText('Pepper is asleep in my car, call me any time.')).toBeVisible();
    await expect(reports.getByRole('link', { name: 'Call the finder: 555 010 0199' })).toHaveAttribute(
      'href',
      'tel:5550100199',
    );
  });

  test('when the finder starts typing before the page’s script arrives, then the message survives the takeover', async ({
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });
    const report = await scan.request.post('/api/gps-pings', {
      data: buildFinderReport(pet.id, { finderLocation: 'By the fountain', finderContact: FINDER_EMAIL }),
    });
    const { conversationPath } = await report.json();
    const release = await holdRoute(scan, '**/assets/*.js');

    await scan.goto(conversationPath, { waitUntil: 'commit' });
    await scan.getByLabel('Your Message').fill('Half a thought, typed on a slow phone');
    await expect(scan.locator('#prerender')).toHaveCount(1);
    release();
    await expect(scan.locator('#prerender')).toHaveCount(0);
    await expect(scan.getByLabel('Your Message')).toHaveValue('Half a thought, typed on a slow phone');
    await stranger.close();
  });

  test('when a conversation link is guessed, then the page says it does not exist', async ({ browser }) => {
    const visitor = await strangerOnPhone(browser);
    const res = await visitor.page.goto('/c/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res?.status()).toBe(404);
    await expect(visitor.page.getByRole('heading', { name: 'Conversation Not Found' })).toBeVisible();
    visitor.errors.length = 0;
    await visitor.close();
  });
});

test('when a finder on a 360 px phone scrolled down shares a location, then the confirmation comes into view, takes the focus and stays until closed', async ({
  finderScene,
}) => {
  const { pet, stranger, scan } = await finderScene({
    pet: { isMissing: true, medicalNotes: 'Needs daily insulin. '.repeat(20), specialNeeds: 'Shy. '.repeat(40) },
    phone: { viewport: { width: 360, height: 740 } },
  });
  await scan.goto(`/scan/${pet.id}`);
  await scanPageHydrated(scan);
  await scan.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const dialog = await openShareLocation(scan);
  await dialog.getByLabel(`Where did you find ${pet.name}?`).fill('Behind the library');
  await dialog.getByRole('button', { name: 'Share Location' }).click();

  const notice = scan.getByRole('status', { name: 'Your report was sent.' });
  await expect(notice).toBeFocused();
  await expect(notice).toBeInViewport();
  await expect(notice.getByRole('link', { name: 'Open Your Conversation' })).toBeInViewport();
  // The toast goes after its five seconds; the confirmation does not.
  await expect(toast(scan).getByText('Location Shared!')).toBeVisible();
  await expect(toast(scan).getByText('Location Shared!')).toBeHidden({ timeout: 10_000 });
  await expect(notice).toBeVisible();

  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);
  await expect(scan.getByRole('button', { name: 'Share Location' })).toBeFocused();
  await stranger.close();
});
