import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/connection';
import { pets, secretLinks } from '../../shared/schema';
import { createPet, expect, expectAccessibleInBothThemes, scanPageHydrated, test, toast } from './fixtures';

const DAY_MS = 24 * 3600 * 1000;
const monthYear = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Makes the pet's contact details look last confirmed `days` ago; answers that date. */
async function age(database: Db, petId: string, days: number) {
  // Mid-month, so the month shown is the same in every time zone.
  const then = new Date(Date.now() - days * DAY_MS);
  then.setUTCDate(15);
  await database.update(pets).set({ contactConfirmedAt: then }).where(eq(pets.id, petId));
  return then;
}

test.describe('confirming contact details', () => {
  test('when the owner opens a profile, then it says when the details were confirmed, and Confirm Details renews it', async ({
    page,
    login,
    database,
  }) => {
    await login();
    const pet = await createPet(page);
    const then = await age(database, pet.id, 400);

    await page.goto(`/pet/${pet.id}`);
    await expect(page.getByText(`Contact details confirmed ${monthYear(then)}`)).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Details' }).click();
    await expect(toast(page).getByText('Contact Details Confirmed')).toBeVisible();
    const now = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
    await expect(page.getByText(`Contact details confirmed ${now}`)).toBeVisible();
    await page.reload();
    await expect(page.getByText(`Contact details confirmed ${now}`)).toBeVisible();
  });

  test('when pets were not confirmed for 180 days, then the dashboard asks about them, with Confirm and Edit', async ({
    page,
    login,
    database,
  }) => {
    await login();
    const stale = await createPet(page);
    const older = await createPet(page);
    const fresh = await createPet(page);
    await age(database, stale.id, 200);
    await age(database, older.id, 500);
    await age(database, fresh.id, 100);

    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Are your contact details still right?' });
    await expect(banner).toBeVisible();
    const items = banner.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(older.name);
    await expect(items.nth(1)).toContainText(stale.name);
    await expect(banner).not.toContainText(fresh.name);
    await expectAccessibleInBothThemes(page);

    await banner.getByRole('listitem').filter({ hasText: stale.name }).getByRole('button', { name: 'Confirm' }).focus();
    await page.keyboard.press('Enter');
    await expect(items).toHaveCount(1);
    await expect(banner).not.toContainText(stale.name);
    // The row confirmed is gone: the focus moves to the row left, not to the top of the page.
    await expect(items.getByRole('button', { name: 'Confirm' })).toBeFocused();

    // The last row confirmed takes the banner away: the focus goes to the page's heading.
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeFocused();
    await age(database, older.id, 500);
    await page.reload();

    await banner.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/edit-pet/${older.id}`);
    await page.getByLabel('Phone Number').fill('555-010-7777');
    await page.getByRole('button', { name: 'Update Pet' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    // A changed phone number counts as confirmed: nothing is left to ask about.
    await expect(page.getByRole('region', { name: 'Are your contact details still right?' })).toHaveCount(0);
  });

  test('when the e-mailed link is opened without signing in, then one Confirm confirms that pet, and the link is spent', async ({
    page,
    login,
    database,
    browser,
  }) => {
    await login();
    const pet = await createPet(page);
    await age(database, pet.id, 200);
    const token = crypto.randomBytes(32).toString('base64url');
    const [owner] = await database.select({ userId: pets.userId }).from(pets).where(eq(pets.id, pet.id));
    await database.insert(secretLinks).values({
      tokenHash: crypto.createHash('sha256').update(token).digest('hex'),
      purpose: 'contact-confirmation',
      petId: pet.id,
      createdBy: owner.userId,
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    });

    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const mail = await context.newPage();
    await mail.goto(`/confirm-contact/${token}`);
    await expect(mail.getByRole('heading', { name: `Are ${pet.name}'s contact details still right?` })).toBeVisible();
    await expect(mail.getByText('(555) 010-0123')).toBeVisible();
    await expectAccessibleInBothThemes(mail);
    // Opening the page confirmed nothing.
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Are your contact details still right?' })).toContainText(pet.name);

    await mail.getByRole('button', { name: 'Confirm' }).click();
    await expect(mail.getByRole('heading', { name: 'Details Confirmed' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Pets' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Are your contact details still right?' })).toHaveCount(0);

    await mail.reload();
    await expect(mail.getByRole('heading', { name: 'Link Not Valid' })).toBeVisible();
    await expect(mail.getByText('This link has expired or has already been used.')).toBeVisible();
    await context.close();
  });
});

test.describe('backup contacts and the public page switches', () => {
  test('when the owner adds backup contacts and hides the phone, then the scan page shows exactly that', async ({
    page,
    finderScene,
  }) => {
    const { pet, scan } = await finderScene({ pet: { isMissing: true, ownerAddress: '12 Hidden Way' } });

    await page.goto(`/edit-pet/${pet.id}`);
    // The spec's page by default.
    for (const [label, on] of [
      ["Owner's name", true],
      ['Phone', true],
      ['E-mail', true],
      ['Home address', false],
      ['Medical information', true],
      ['Special care needs', true],
      ['Veterinarian', false],
      ['Backup contacts', true],
    ] as const) {
      await expect(page.getByRole('switch', { name: label, exact: true })).toHaveAttribute('aria-checked', String(on));
    }

    for (let n = 1; n <= 3; n++) await page.getByRole('button', { name: 'Add Backup Contact' }).click();
    await expect(page.getByRole('button', { name: 'Add Backup Contact' })).toHaveCount(0);
    const contact = (n: number) => page.getByRole('group', { name: `Backup Contact ${n}` });
    await contact(1).getByLabel('Backup contact name').fill('Sam Rivera');
    await contact(1).getByLabel('Backup contact phone').fill('(555) 010-0456');
    await contact(1).getByLabel('Relationship').fill('Sister');
    await contact(2).getByLabel('Backup contact name').fill('Alex Kim');
    await contact(2).getByLabel('Backup contact phone').fill('555 010 0789');
    await contact(3).getByRole('button', { name: 'Remove Backup Contact 3' }).click();
    await expect(page.getByRole('button', { name: 'Add Backup Contact' })).toBeVisible();

    // Keyboard: Space flips a switch.
    await page.getByRole('switch', { name: 'Phone', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('switch', { name: 'Home address' }).click();
    await page.getByRole('switch', { name: 'Medical information' }).click();
    await expectAccessibleInBothThemes(page);
    await page.getByRole('button', { name: 'Update Pet' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();

    await scan.goto(`/scan/${pet.id}`);
    const contacts = scan.getByRole('region', { name: 'Contact Owner' });
    await expect(contacts.getByRole('link', { name: /If no answer, call Sam Rivera/ })).toHaveAttribute(
      'href',
      'tel:5550100456',
    );
    await expect(contacts.getByRole('link', { name: /If no answer, call Alex Kim/ })).toHaveAttribute(
      'href',
      'tel:5550100789',
    );
    await expect(contacts).toContainText('Sister');
    await expect(contacts).toContainText('12 Hidden Way');
    await expect(contacts).toContainText(`Contact details confirmed ${monthYear(new Date())}`);
    await expect(scan.getByText('(555) 010-0123')).toHaveCount(0);
    await expect(scan.getByRole('heading', { name: 'Medical Information' })).toHaveCount(0);
    await expect(scan.getByText('Allergic to chicken')).toHaveCount(0);

    // No phone to call: Message Owner opens the Share Location dialog instead (it comes with the
    // page's scripts; a tap before them opens the server's form).
    await expect(scan.getByRole('link', { name: 'Call Owner' })).toHaveCount(0);
    await scanPageHydrated(scan);
    await scan.getByRole('button', { name: 'Message Owner' }).click();
    await expect(scan.getByRole('dialog').getByLabel(`Where did you find ${pet.name}?`)).toBeVisible();

    // The owner's profile lists the backup contacts too.
    await page.goto(`/pet/${pet.id}`);
    await expect(page.getByText('Sam Rivera')).toBeVisible();
  });

  test('when a backup contact is incomplete, then the form says what is missing and saves nothing', async ({
    page,
    login,
  }) => {
    await login();
    const pet = await createPet(page);
    await page.goto(`/edit-pet/${pet.id}`);
    await page.getByRole('button', { name: 'Add Backup Contact' }).click();
    await page.getByLabel('Backup contact name').fill('Sam');
    await page.getByLabel('Backup contact phone').fill('12');
    await page.getByRole('button', { name: 'Update Pet' }).click();
    await expect(page.getByText('Phone number must contain at least 7 digits')).toBeVisible();
    await expect(page.getByLabel('Backup contact phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(`/edit-pet/${pet.id}`);
    const stored = await (await page.request.get(`/api/pets/${pet.id}`)).json();
    expect(stored.backupContacts).toEqual([]);
  });

  test('when the pet keeps the default choices, then the scan page stays the spec’s, with the confirmed line', async ({
    finderScene,
  }) => {
    const { pet, scan } = await finderScene({
      pet: { isMissing: true, ownerAddress: '12 Hidden Way', vetName: 'Paws Clinic' },
    });
    await scan.goto(`/scan/${pet.id}`);
    await expect(scan.getByRole('link', { name: 'Call Owner' })).toHaveAttribute('href', 'tel:5550100123');
    await expect(scan.getByRole('button', { name: 'Message Owner' })).toHaveCount(0);
    await expect(scan.getByText('Jordan Lee')).toBeVisible();
    await expect(scan.getByText('Allergic to chicken')).toBeVisible();
    await expect(scan.getByText('12 Hidden Way')).toHaveCount(0);
    await expect(scan.getByText('Paws Clinic')).toHaveCount(0);
    await expect(scan.getByText(/If no answer/)).toHaveCount(0);
    await expect(scan.getByText(`Contact details confirmed ${monthYear(new Date())}`)).toBeVisible();
  });

  test('when a safe pet’s owner hides the phone, then a finder can still message them', async ({ finderScene }) => {
    const { pet, scan } = await finderScene({
      pet: { publicPage: { ownerPhone: false, ownerEmail: false, backupContacts: false } },
    });
    await scan.goto(`/scan/${pet.id}`);
    await expect(scan.getByText('(555) 010-0123')).toHaveCount(0);
    await expect(scan.getByText('jordan@example.com')).toHaveCount(0);
    await scanPageHydrated(scan);
    await scan.getByRole('button', { name: 'Message Owner' }).click();
    await expect(scan.getByRole('dialog').getByLabel(`Where did you find ${pet.name}?`)).toBeVisible();
  });
});
