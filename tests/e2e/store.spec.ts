import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { createPet, expect, expectAccessibleInBothThemes, fillSignInForm, test } from './fixtures';

const BONE_TAG = 'Classic Bone Tag';

async function openCheckout(page: Page, product = BONE_TAG) {
  await page.goto('/store');
  await page.getByRole('link', { name: `Order Now: ${product}` }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

async function fillCheckout(page: Page, petName: string) {
  await page.getByLabel('Pet', { exact: true }).click();
  await page.getByRole('option', { name: petName }).click();
  await page.getByRole('radio', { name: 'Gold' }).check();
  await page.getByLabel('Custom Engraving (Optional)').fill('Call 555-0100');
  await page.getByLabel('Full Name').fill('Jordan Lee');
  await page.getByLabel('Street Address').fill('12 Elm Street');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').fill('IL');
  await page.getByLabel('ZIP Code').fill('62701');
  await page.getByLabel('Phone Number').fill('(555) 010-0199');
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('1234');
  await page.getByLabel('CVC').fill('123');
}

/** A paid order made through the API, as the checkout page makes it, for tests about what follows. */
async function buyThroughApi(page: Page, petId: string) {
  const products = await (await page.request.get('/api/tag-products')).json();
  const product = products.find((p: { name: string }) => p.name === BONE_TAG);
  const intent = await (
    await page.request.post('/api/create-payment-intent', { data: { productId: product.id, quantity: 1 } })
  ).json();
  const details = {
    paymentIntentId: intent.paymentIntentId,
    petId,
    tagColor: 'silver',
    customText: '',
    shippingName: 'Jordan Lee',
    shippingAddress: '12 Elm Street',
    shippingCity: 'Springfield',
    shippingState: 'IL',
    shippingZip: '62701',
    shippingPhone: '555-010-0199',
  };
  expect((await page.request.post('/api/update-payment-intent', { data: details })).status()).toBe(204);
  const paid = await page.request.post(`/api/local-payments/${intent.paymentIntentId}/confirm`, {
    data: { clientSecret: intent.clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  const orders = await (await page.request.get('/api/orders')).json();
  return orders.find((o: { paymentIntentId: string }) => o.paymentIntentId === intent.paymentIntentId) as {
    id: string;
  };
}

/**
 * The operator's `npm run orders`, on the database of the server under test: PostgreSQL when
 * DATABASE_URL is set, otherwise the embedded one in the server's data directory, reached through
 * the running server.
 */
async function ordersCommand(...args: string[]) {
  const env = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: process.env.E2E_DATA_DIR };
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/orders.ts', ...args], { env });
}

test.describe('as a visitor', () => {
  test('when opening the store, then the benefits, the tags with prices and the reasons to choose them show', async ({
    page,
  }) => {
    await page.goto('/store');
    await expect(page.getByRole('heading', { name: 'Smart QR Tags', level: 1 })).toBeVisible();
    for (const benefit of ['Lifetime Protection', 'Free Shipping', '30-Day Guarantee'])
      await expect(page.getByRole('heading', { name: benefit })).toBeVisible();

    const tags = page.getByRole('list', { name: 'QR tags' }).getByRole('listitem');
    await expect(tags).toHaveCount(4);
    const bone = tags.filter({ hasText: BONE_TAG });
    await expect(bone).toContainText('$19.99');
    await expect(bone).toContainText('Popular');
    await expect(bone).toContainText('Bone');
    await expect(bone).toContainText('Stainless steel');
    await expect(bone.getByRole('img', { name: BONE_TAG })).toBeVisible();
    await expect(page.getByText('Popular', { exact: true })).toHaveCount(1);
    await expect(bone.getByRole('link', { name: `Order Now: ${BONE_TAG}` })).toHaveAttribute(
      'href',
      /^\/checkout\/[0-9a-f-]{36}$/,
    );

    await expect(page.getByRole('heading', { name: 'Why Choose Homeward QR Tags?' })).toBeVisible();
    for (const reason of ['Instant Updates', 'Weather Resistant', 'No Subscriptions', 'GPS Location Sharing'])
      await expect(page.getByRole('heading', { name: reason })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });

  test('when a visitor presses Order Now, then the landing page says to log in and Log In returns to that checkout', async ({
    page,
  }) => {
    await page.goto('/store');
    await page.getByRole('link', { name: `Order Now: ${BONE_TAG}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Log in to continue to checkout' })).toBeVisible();
    const checkoutPath = new URL(page.url()).pathname;
    expect(checkoutPath).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);

    await page.getByRole('link', { name: 'Log In' }).click();
    await fillSignInForm(page);

    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(checkoutPath);
    await expect(page.getByText(BONE_TAG).first()).toBeVisible();
  });
});

test.describe('signed in', () => {
  test('when the checkout form is sent empty or wrong, then each field says what is missing, word for word', async ({
    page,
    login,
  }) => {
    await login();
    await createPet(page, { name: 'Biscuit' });
    await openCheckout(page);
    await expect(page.getByRole('button', { name: 'Pay $19.99' })).toBeEnabled();
    await expect(page.getByText('FREE', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    for (const message of [
      'Please select a pet',
      'Please select a color',
      'Name is required',
      'Address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'Phone number is required',
    ])
      await expect(page.getByText(message, { exact: true })).toBeVisible();

    await page.getByLabel('Phone Number').fill('555-12');
    await page.getByLabel('ZIP Code').fill('627');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    await expect(page.getByText('Phone number must contain at least 7 digits')).toBeVisible();
    await expect(page.getByText('ZIP code is required')).toBeVisible();

    const engraving = page.getByLabel('Custom Engraving (Optional)');
    await engraving.fill('x'.repeat(60));
    await expect(engraving).toHaveValue('x'.repeat(50));
    await expect(page.getByText('50/50')).toBeVisible();
    // Checked at rest: the pointer still hovering the Pay button lightens it for a moment.
    await page.mouse.move(0, 0);
    await expectAccessibleInBothThemes(page);
  });

  test('when paying with 4242 4242 4242 4242, then the order is confirmed and appears once, at the tag price', async ({
    page,
    login,
  }) => {
    await login();
    const pet = await createPet(page, { name: 'Pepper' });
    await openCheckout(page);
    await fillCheckout(page, pet.name);
    await fillCard(page, '4242424242424242');
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(page.getByLabel('Expiry')).toHaveValue('12 / 34');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(
      page.getByText('Thank you for your order! Your QR tag will arrive in 3-5 business days.'),
    ).toBeVisible();
    await expectAccessibleInBothThemes(page);

    await page.getByRole('link', { name: 'Go to My Orders' }).click();
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    const orders = page.getByRole('list', { name: 'Orders' }).locator(':scope > li');
    await expect(orders).toHaveCount(1);
    const order = orders.first();
    await expect(order.getByRole('heading', { name: `${BONE_TAG} for Pepper` })).toBeVisible();
    await expect(order).toContainText('$19.99');
    await expect(order).toContainText('Pending');
    await expect(order).toContainText('“Call 555-0100”');
    await expect(order).toContainText(/Order #[0-9a-f]{8} /);
    const progress = order.getByRole('list', { name: 'Order progress' }).getByRole('listitem');
    await expect(progress.nth(0)).toHaveAttribute('data-lit', 'true');
    await expect(progress.nth(1)).toHaveAttribute('data-lit', 'false');
    await expect(progress.nth(2)).toHaveAttribute('data-lit', 'false');
    await expect(page.getByRole('link', { name: 'View Premium Plans' })).toBeVisible();
    await expectAccessibleInBothThemes(page);

    await order.getByRole('link', { name: /View Details/ }).click();
    await expect(page.getByRole('heading', { name: /^Order #[0-9a-f]{8}$/ })).toBeVisible();
    await expect(page.getByText('Card ending in ****4242')).toBeVisible();
    await expect(page.getByText(`${BONE_TAG} for Pepper`)).toBeVisible();
    const items = page.getByRole('region', { name: 'Order Items' });
    await expect(items).toContainText('Stainless steel');
    await expect(items).toContainText('$19.99');
    await expect(page.getByRole('heading', { name: 'Need Help?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact Support' })).toBeVisible();
    await expect(page.getByText('Most Popular')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Get Started/ })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Learn More/ })).toHaveCount(2);
    const upgrade = page.getByRole('region', { name: 'Upgrade' });
    await expect(upgrade).toContainText('Everything that brings your pet home is free, forever.');
    await expect(upgrade).toContainText('Premium tag designs in the store');
    await expect(upgrade).not.toContainText(/unlimited|reminders|location alerts/i);
    // How a plan is bought is not part of the product: its buttons stay where they are and open nothing.
    const details = page.url();
    await page.getByRole('button', { name: 'Get Started: Premium' }).click();
    await page.getByRole('button', { name: 'Learn More: Plus' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(page.url()).toBe(details);
    await expectAccessibleInBothThemes(page);
  });

  test('when the buyer taps Back while "Processing...", then the order is announced on the store and Forward shows it placed', async ({
    page,
    login,
  }) => {
    await login();
    const pet = await createPet(page, { name: 'Juniper' });
    await openCheckout(page);
    await fillCheckout(page, pet.name);
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    await page.goBack();

    await expect(page.getByRole('heading', { name: 'Smart QR Tags', level: 1 })).toBeVisible();
    const toast = page.getByRole('region', { name: /notifications/i });
    await expect(toast.getByText('Order Confirmed!', { exact: true })).toBeVisible();
    await expect(toast.getByRole('link', { name: 'View Order Details' })).toHaveAttribute(
      'href',
      /^\/order\/[0-9a-f-]{36}$/,
    );

    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await page.getByRole('link', { name: 'View Order Details' }).first().click();
    await expect(page.getByRole('heading', { name: /^Order #[0-9a-f]{8}$/ })).toBeVisible();
    await expect(page.getByText(`${BONE_TAG} for Juniper`)).toBeVisible();
    const orders = await (await page.request.get('/api/orders')).json();
    expect(orders).toHaveLength(1);
  });

  test('when the confirmed checkout is reloaded or come back to, then it shows the order placed, never a fresh form, and the return address lists it first', async ({
    page,
    login,
  }) => {
    await login();
    const earlier = await createPet(page, { name: 'Biscuit' });
    await buyThroughApi(page, earlier.id);
    const pet = await createPet(page, { name: 'Pepper' });
    await openCheckout(page);
    await fillCheckout(page, pet.name);
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    const details = await page.getByRole('link', { name: 'View Order Details' }).getAttribute('href');
    const checkout = page.url();

    await page.reload();

    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Order Details' })).toHaveAttribute('href', details as string);
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);

    await page.getByRole('link', { name: 'Go to My Orders' }).click();
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await page.goBack();
    expect(page.url()).toBe(checkout);
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);

    // Where the payment provider returns a buyer after a redirect-based payment.
    await page.goto('/orders?payment_success=true');
    const cards = page.getByRole('list', { name: 'Orders' }).locator(':scope > li');
    await expect(cards).toHaveCount(2);
    await expect(cards.first().getByRole('heading', { name: `${BONE_TAG} for Pepper` })).toBeVisible();
    await expect(cards.first().getByRole('link', { name: /View Details/ })).toHaveAttribute('href', details as string);
    const orders = await (await page.request.get('/api/orders')).json();
    expect(orders).toHaveLength(2);
  });

  test('when the card is declined, then "Payment Failed" says why and no order is made', async ({ page, login }) => {
    await login();
    const pet = await createPet(page, { name: 'Biscuit' });
    await openCheckout(page);
    await fillCheckout(page, pet.name);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    const toast = page.getByRole('region', { name: /notifications/i });
    await expect(toast.getByText('Payment Failed', { exact: true })).toBeVisible();
    await expect(toast.getByText('Your card was declined.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay $19.99' })).toBeEnabled();
    // Come back to after a payment that never completed, the checkout is a form to pay again.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Pay $19.99' })).toBeEnabled();
    await expect(page.getByLabel('Card number')).toHaveValue('');

    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'No Orders Yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Store' })).toHaveAttribute('href', '/store');
    await expectAccessibleInBothThemes(page);
  });

  test('when the operator ships and then delivers an order, then the owner sees tracking and the progress row follow', async ({
    page,
    login,
  }) => {
    await login();
    const pet = await createPet(page, { name: 'Biscuit' });
    const order = await buyThroughApi(page, pet.id);
    const short = order.id.slice(0, 8);

    const listed = await ordersCommand('list');
    expect(listed.stdout).toContain(order.id);
    const shipped = await ordersCommand(
      'ship',
      short,
      '1Z999AA10123456784',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(shipped.stdout).toContain(`Order ${short}: pending → shipped`);

    // Where Stripe returns a buyer after a redirect-based payment.
    await page.goto('/orders?payment_success=true');
    await expect(page.getByText(/^Payment received, thank you!/)).toBeVisible();
    const card = page.getByRole('list', { name: 'Orders' }).locator(':scope > li').first();
    await expect(card).toContainText('Shipped');
    await expect(card.getByRole('link', { name: /1Z999AA10123456784/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    const progress = card.getByRole('list', { name: 'Order progress' }).getByRole('listitem');
    await expect(progress.nth(0)).toHaveAttribute('data-lit', 'true');
    await expect(progress.nth(1)).toHaveAttribute('data-lit', 'true');
    await expect(progress.nth(2)).toHaveAttribute('data-lit', 'false');

    const backwards = await ordersCommand('status', short, 'processing').catch((error) => error);
    expect(backwards.code).toBe(1);
    expect(backwards.stderr).toContain('statuses only move forward');

    await expect(card.getByText('Estimated delivery')).toBeVisible();

    await ordersCommand('deliver', short);
    await page.reload();
    await expect(card).toContainText('Delivered');
    await expect(card.getByRole('list', { name: 'Order progress' })).toHaveCount(0);
    // The day it arrived, not the estimate.
    const today = await page.evaluate(() => new Date().toLocaleDateString());
    await expect(card.locator('dt:text-is("Delivered on") + dd')).toHaveText(today);
    await expect(card.getByText('Estimated delivery')).toHaveCount(0);
    await card.getByRole('link', { name: /View Details/ }).click();
    await expect(page.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(page.locator('dt:text-is("Delivered on") + dd')).toHaveText(today);
    // Colours read as the checkout offered them, not as stored.
    await expect(page.locator('dt:text-is("Tag color") + dd')).toHaveText('Silver');
    await expect(page.getByText('Estimated delivery')).toHaveCount(0);
  });

  test('when an order does not exist, then "Order Not Found" leads back to the orders', async ({ page, login }) => {
    await login();
    await page.goto('/order/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Orders' }).click();
    await expect(page.getByRole('heading', { name: 'No Orders Yet' })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });

  test('when a product does not exist, then "Product Not Found" leads back to the store', async ({ page, login }) => {
    await login();
    await page.goto('/checkout/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Store' }).click();
    await expect(page.getByRole('heading', { name: 'Smart QR Tags' })).toBeVisible();
  });
});
