import { expect, holdRoute, openShareLocation, scanPageHydrated, strangerOnPhone, test, toast } from './fixtures';

const THANK_YOU = 'Thank you! The owner has been notified of your location.';

test.describe('guidance for the finder', () => {
  test('when the pet is missing, then a What To Do card says what helps and links its microchip to the AAHA lookup', async ({
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true, microchipId: '985112003456789' } });
    await scan.goto(`/scan/${pet.id}`);

    const card = scan.getByRole('region', { name: 'What To Do' });
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Keep ${pet.name} safe and away from traffic.`);
    await expect(card).toContainText('Call or message the owner');
    await expect(card).toContainText('Any vet or shelter can scan a microchip for free.');
    await expect(card).toContainText('985112003456789');
    const lookup = card.getByRole('link', { name: /AAHA Universal Pet Microchip Lookup/ });
    await expect(lookup).toHaveAttribute('href', 'https://www.aaha.org/your-pet/pet-microchip-lookup/');
    await expect(lookup).toHaveAttribute('rel', /noopener/);
    await stranger.close();
  });

  test('when a 360 px phone shows the microchip number, then it stands on one line', async ({ finderScene }) => {
    const { pet, stranger, scan } = await finderScene({
      pet: { isMissing: true, microchipId: '985112003456789', age: '3 years', weight: '25 lbs' },
      phone: { viewport: { width: 360, height: 740 } },
    });
    await scan.goto(`/scan/${pet.id}`);
    // Measured once the app has taken over: the server-rendered copy it replaces may be detached mid-measure.
    await scanPageHydrated(scan);
    const number = scan.getByRole('region', { name: 'About' }).getByText('985112003456789', { exact: true });
    const lines = await number.evaluate(
      (dd) => dd.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(dd).lineHeight),
    );
    expect(lines).toBeLessThan(1.5);
    await stranger.close();
  });

  test('when the pet has no microchip or is safe, then the card has no lookup link, or is not shown', async ({
    page,
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true, microchipId: '' } });
    await scan.goto(`/scan/${pet.id}`);
    const card = scan.getByRole('region', { name: 'What To Do' });
    await expect(card).toContainText('Any vet or shelter can scan a microchip for free.');
    await expect(card.getByRole('link', { name: /Microchip Lookup/ })).toHaveCount(0);
    // Its one link is the board of missing pets nearby; without a last-seen point, the board itself.
    await expect(card.getByRole('link', { name: 'Other missing pets nearby' })).toHaveAttribute('href', '/lost');

    const safe = await page.request.post('/api/pets', {
      data: { name: 'Pip', species: 'cat', ownerName: 'Jordan Lee', ownerPhone: '555-0100', isMissing: false },
    });
    await scan.goto(`/scan/${(await safe.json()).id}`);
    await expect(scan.getByRole('heading', { level: 1, name: 'Pip' })).toBeVisible();
    await expect(scan.getByRole('region', { name: 'What To Do' })).toHaveCount(0);
    await stranger.close();
  });

  test('when the medical notes are marked urgent, then they stay at the top, above the banner and the guidance', async ({
    finderScene,
  }) => {
    const notes = 'URGENT: needs insulin twice a day. Do not feed.';
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true, medicalNotes: notes } });
    await scan.goto(`/scan/${pet.id}`);

    const urgent = scan.getByRole('region', { name: 'Urgent Medical Information' });
    await expect(urgent).toContainText(notes);
    const order = await scan.evaluate(() =>
      [...document.querySelectorAll('h1, h2')].map((heading) => heading.textContent?.trim()),
    );
    const at = (text: string) => order.findIndex((heading) => heading?.startsWith(text));
    expect(at('Urgent Medical Information')).toBeGreaterThan(at(pet.name));
    expect(at('Urgent Medical Information')).toBeLessThan(at('Help Reunite'));
    expect(at('Help Reunite')).toBeLessThan(at('What To Do'));
    // Said once, at the top: not again in the About card.
    await expect(scan.getByText(notes)).toHaveCount(1);
    await stranger.close();
  });
});

test.describe('Share Location without any script', () => {
  test('when scripts are off, then the link opens the server’s form, a refused report keeps what was typed, and a good one reaches the owner', async ({
    page,
    login,
    browser,
  }) => {
    await login();
    const created = await page.request.post('/api/pets', {
      data: { name: 'Nutmeg', species: 'dog', ownerName: 'Jordan Lee', ownerPhone: '(555) 010-0123', isMissing: true },
    });
    const pet = (await created.json()) as { id: string; name: string };
    const stranger = await strangerOnPhone(browser, { javaScriptEnabled: false });
    const scan = stranger.page;

    await scan.goto(`/scan/${pet.id}`);
    await expect(scan.getByRole('link', { name: 'Call Owner' })).toHaveAttribute('href', 'tel:5550100123');
    // A link, as it behaves without scripts: a button's role would promise a Space key that does nothing.
    await expect(scan.getByRole('button', { name: 'Share Location' })).toHaveCount(0);
    await scan.getByRole('link', { name: 'Share Location' }).click();
    await expect(scan).toHaveURL(new RegExp(`/scan/${pet.id}/share-location$`));
    await expect(scan.getByRole('heading', { level: 1, name: 'Share Location' })).toBeVisible();
    const place = scan.getByLabel('Where did you find Nutmeg?');
    await expect(place).toBeFocused();
    await expect(place).toHaveAttribute('required', '');

    // Only spaces: the browser lets it through, the server refuses it and keeps the rest.
    await scan.getByLabel('Your Name (Optional)').fill('Robin Finder');
    await place.fill('   ');
    await scan.getByLabel('Additional Message (Optional)').fill('Waiting by the bakery.');
    await scan.getByRole('button', { name: 'Share Location' }).click();
    await expect(scan.getByRole('alert')).toHaveText('Where you found the pet: Required');
    await expect(scan.getByLabel('Your Name (Optional)')).toHaveValue('Robin Finder');
    await expect(scan.getByLabel('Additional Message (Optional)')).toHaveValue('Waiting by the bakery.');

    // A contact that is neither a phone number nor an address is refused in the API's words.
    const contact = scan.getByLabel('Your Phone or Email (Optional)');
    await expect(contact).toHaveAccessibleDescription(/Replies to an email address come through Homeward/);
    await scan.getByLabel('Where did you find Nutmeg?').fill('Corner of Oak St and 5th Ave');
    await contact.fill('call me maybe');
    await scan.getByRole('button', { name: 'Share Location' }).click();
    await expect(scan.getByRole('alert')).toHaveText(
      'Your Phone or Email: Please enter a phone number or an email address',
    );
    await expect(scan.getByLabel('Where did you find Nutmeg?')).toHaveValue('Corner of Oak St and 5th Ave');

    await scan.getByLabel('Your Phone or Email (Optional)').fill('robin.finder@example.org');
    await scan.getByRole('button', { name: 'Share Location' }).click();
    await expect(scan.getByRole('heading', { name: 'Location Shared!' })).toBeVisible();
    await expect(scan.getByText(THANK_YOU, { exact: true })).toBeVisible();
    // Reloading the thank-you shows it again and files nothing (counted on the owner's side below).
    await scan.reload();
    await expect(scan.getByText(THANK_YOU, { exact: true })).toBeVisible();

    // The owner's replies are read on the finder's own conversation page, scripts or not.
    await scan.getByRole('link', { name: 'Open Your Conversation' }).click();
    await expect(scan).toHaveURL(/\/c\/[A-Za-z0-9_-]+$/);
    const conversation = scan.url();
    await expect(scan.getByRole('heading', { level: 1, name: 'Nutmeg' })).toBeVisible();
    await expect(scan.getByText('Waiting by the bakery.')).toBeVisible();

    await page.goto(`/pet/${pet.id}`);
    const reports = page.getByRole('region', { name: /^Finder Reports/ });
    await expect(reports.getByText('Corner of Oak St and 5th Ave')).toHaveCount(1);
    await expect(reports.getByText('Robin Finder')).toBeVisible();
    await expect(reports.getByText('Waiting by the bakery.')).toBeVisible();
    await expect(page.getByText('robin.finder@example.org')).toHaveCount(0);

    // The owner answers; the finder, still without scripts, reads it on the page the thank-you linked.
    await reports.getByRole('button', { name: 'Reply' }).click();
    const reply = page.getByRole('dialog', { name: 'Reply to the Finder' });
    await reply.getByLabel('Your Reply').fill('Thank you! I am on my way.');
    await reply.getByRole('button', { name: 'Send Reply' }).click();
    await expect(reports.getByText('Thank you! I am on my way.')).toBeVisible();
    await scan.goto(conversation);
    await expect(scan.getByText('Thank you! I am on my way.')).toBeVisible();
    await stranger.close();
  });

  test('when the dialog opens, then the required place field has focus and is marked required', async ({
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });
    await scan.goto(`/scan/${pet.id}`);
    const dialog = await openShareLocation(scan);
    const place = dialog.getByLabel(`Where did you find ${pet.name}?`);
    await expect(place).toBeFocused();
    await expect(place).toHaveAttribute('required', '');
    await expect(place).toHaveAttribute('aria-required', 'true');
    await expect(dialog.getByLabel('Your Phone or Email (Optional)')).toHaveAccessibleDescription(
      /Replies to an email address come through Homeward/,
    );
    await stranger.close();
  });
});

test('when a French finder types a contact that is neither a phone nor an address, then the field says so in French and takes the focus, and the report then goes', async ({
  finderScene,
}) => {
  const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });
  await scan.goto(`/scan/${pet.id}?lang=fr`);
  await scanPageHydrated(scan);
  await scan.getByRole('button', { name: 'Partager le lieu' }).click();
  const dialog = scan.getByRole('dialog', { name: 'Partager le lieu' });
  await dialog.getByLabel(/^Où avez-vous trouvé/).fill('Place de la Mairie');
  const contact = dialog.getByLabel('Votre téléphone ou e-mail (facultatif)');
  await contact.fill('appelez-moi');
  const send = dialog.getByRole('button', { name: 'Partager le lieu' });
  await send.click();
  await expect(contact).toBeFocused();
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await expect(contact).toHaveAccessibleDescription(/Saisissez un numéro de téléphone ou une adresse e-mail/);
  await expect(toast(scan).getByText(/finderContact/)).toHaveCount(0);

  await contact.fill('+33 6 12 34 56 78');
  await send.click();
  await expect(dialog).toBeHidden();
  await stranger.close();
});

test.describe('Share Location answers at once', () => {
  test('when the dialog’s code is slow to arrive, then the tap shows a spinner at once and the dialog follows', async ({
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });
    const release = await holdRoute(scan, '**/assets/share-location-dialog-*.js');
    await scan.goto(`/scan/${pet.id}`);
    await scanPageHydrated(scan);

    const button = scan.getByRole('button', { name: 'Share Location' });
    await button.click();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button.locator('svg[class*="animate-spin"]')).toHaveCount(1);
    release();
    await expect(scan.getByRole('dialog', { name: 'Share Location' })).toBeVisible();
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    await stranger.close();
  });

  test('when the dialog’s code does not come, then the finder is taken to the server’s form instead of waiting', async ({
    finderScene,
  }) => {
    const { pet, stranger, scan } = await finderScene({ pet: { isMissing: true } });
    await scan.route('**/assets/share-location-dialog-*.js', () => {
      // Never answered: a connection that has stalled.
    });
    await scan.goto(`/scan/${pet.id}`);
    await scanPageHydrated(scan);
    await scan.getByRole('button', { name: 'Share Location' }).click();
    await expect(scan).toHaveURL(new RegExp(`/scan/${pet.id}/share-location$`), { timeout: 8000 });
    await expect(scan.getByLabel(`Where did you find ${pet.name}?`)).toBeFocused();
    await stranger.close();
  });
});
