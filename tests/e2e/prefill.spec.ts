import type { Page } from '@playwright/test';
import { insertPaidOrder } from '../support/factories';
import { createPet, expect, test } from './fixtures';

async function openCheckout(page: Page) {
  await page.goto('/store');
  await page.getByRole('link', { name: 'Order Now: Classic Bone Tag' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

test('Add Pet starts with the owner name and e-mail the account knows', async ({ page, login }) => {
  const person = await login({ firstName: 'Morgan', lastName: 'Ray' });
  await page.goto('/add-pet');
  await expect(page.getByLabel('Owner Name')).toHaveValue('Morgan Ray');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(person.email);
  await expect(page.getByLabel('Phone Number')).toHaveValue('');
});

test("checkout fills the shipping name and phone from the chosen pet's owner contact when there is no order yet", async ({
  page,
  login,
}) => {
  await login();
  const pet = await createPet(page, { ownerName: 'Riley Stone', ownerPhone: '(555) 010-0456' });
  await openCheckout(page);
  await expect(page.getByLabel('Full Name')).toHaveValue('');
  await page.getByLabel('Pet', { exact: true }).click();
  await page.getByRole('option', { name: pet.name }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('Riley Stone');
  await expect(page.getByLabel('Phone Number')).toHaveValue('(555) 010-0456');
  await expect(page.getByLabel('Street Address')).toHaveValue('');
});

test('checkout fills the shipping name and phone from the last order, and leaves what the person typed', async ({
  page,
  login,
  database,
}) => {
  await login();
  const { id } = await (await page.request.get('/api/auth/user')).json();
  await insertPaidOrder(database, id, { shippingName: 'Avery Quinn', shippingPhone: '555-020-0777' });
  await openCheckout(page);
  await expect(page.getByLabel('Full Name')).toHaveValue('Avery Quinn');
  await expect(page.getByLabel('Phone Number')).toHaveValue('555-020-0777');
  await page.getByLabel('Full Name').fill('');
  await page.getByLabel('Pet', { exact: true }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByLabel('Full Name')).toHaveValue('');
});
