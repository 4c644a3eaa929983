import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, localPaymentIntents } from '../../../shared/schema';
import {
  catalogue,
  fallbackOrder,
  ordersOf,
  payLocally,
  saveDetails,
  startCheckout,
} from '../../../tests/support/checkout';
import { buildCheckoutDetails, insertPet, signedInOwner } from '../../../tests/support/factories';
import { expectRefusedForTheHour } from '../../../tests/support/rate-limit';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { NEW_PAYMENTS_LIMIT } from './payments.routes';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('starting a payment', () => {
  it('when an owner starts checkout, then the intent is for the catalogue price and the session user, whatever the body says', async () => {
    const session = await signedInOwner(app);
    const product = (await catalogue(session)).find((p) => p.price === 2499) ?? (await catalogue(session))[0];
    const res = await session.post('/api/create-payment-intent', {
      productId: product.id,
      quantity: 2,
      userId: crypto.randomUUID(),
      amount: 1,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['clientSecret', 'paymentIntentId']);
    expect(res.body.clientSecret).toContain('_secret_');

    const [checkout] = await app.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.paymentIntentId, res.body.paymentIntentId));
    expect(checkout).toMatchObject({
      userId: session.user.id,
      productId: product.id,
      quantity: 2,
      amount: product.price * 2,
    });
    const [intent] = await app.database.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.id, res.body.paymentIntentId));
    expect(intent).toMatchObject({ amount: product.price * 2, currency: 'usd', status: 'requires_payment_method' });
  });

  it('when signed out, then no payment can be started', async () => {
    const [product] = await catalogue(new Session(app.url));
    const res = await new Session(app.url).post('/api/create-payment-intent', { productId: product.id, quantity: 1 });
    expect(res.status).toBe(401);
  });

  it('when the product is unknown or the quantity nonsense, then it answers 4xx with a reason', async () => {
    const session = await signedInOwner(app);
    const [product] = await catalogue(session);
    const unknown = await session.post('/api/create-payment-intent', { productId: crypto.randomUUID(), quantity: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Product not found');
    expect((await session.post('/api/create-payment-intent', { productId: 'x', quantity: 1 })).status).toBe(404);
    for (const quantity of [0, -1, 1.5, '1', 11]) {
      const res = await session.post('/api/create-payment-intent', { productId: product.id, quantity });
      expect(res.status, `quantity ${quantity}`).toBe(400);
    }
    // Each says its own problem: an id too long names no product; a huge number is too many.
    const long = await session.post('/api/create-payment-intent', { productId: 'x'.repeat(101), quantity: 1 });
    expect([long.status, long.body.message]).toEqual([400, 'productId: Product not found']);
    const huge = await session.post('/api/create-payment-intent', { productId: product.id, quantity: 1e308 });
    expect([huge.status, huge.body.message]).toEqual([400, 'quantity: At most 10 tags per order']);
  });

  it('when an owner starts more than 30 payments in an hour, then 429 with Retry-After and a sentence, and no intent is made', async () => {
    expect(NEW_PAYMENTS_LIMIT).toEqual({ limit: 30, windowMs: 3_600_000 });
    const session = await signedInOwner(app);
    const [product] = await catalogue(session);
    const start = () => session.post('/api/create-payment-intent', { productId: product.id, quantity: 1 });
    for (let i = 0; i < NEW_PAYMENTS_LIMIT.limit; i++) expect((await start()).status, `payment ${i + 1}`).toBe(201);

    const refused = await start();

    expectRefusedForTheHour(
      refused,
      'You have started a lot of checkouts in the last hour. Please try again in 60 minutes.',
    );
    const started = await app.database.db.select().from(checkouts).where(eq(checkouts.userId, session.user.id));
    expect(started).toHaveLength(NEW_PAYMENTS_LIMIT.limit);
    // Another owner can still pay.
    const other = await signedInOwner(app);
    expect((await other.post('/api/create-payment-intent', { productId: product.id, quantity: 1 })).status).toBe(201);
  });
});

describe('recording the checkout details', () => {
  it('when the form is incomplete, then the spec messages come back word for word and nothing is stored', async () => {
    const session = await signedInOwner(app);
    const { intent } = await startCheckout(app, session);
    const res = await session.post('/api/update-payment-intent', {
      paymentIntentId: intent.paymentIntentId,
      petId: '',
      tagColor: '',
      customText: 'x'.repeat(51),
      shippingName: ' ',
      shippingAddress: '',
      shippingCity: '',
      shippingState: '',
      shippingZip: '123',
      shippingPhone: '555-12',
    });
    expect(res.status).toBe(400);
    const messages = Object.fromEntries(
      res.body.errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(messages).toEqual({
      petId: 'Please select a pet',
      tagColor: 'Please select a color',
      customText: 'Maximum 50 characters',
      shippingName: 'Name is required',
      shippingAddress: 'Address is required',
      shippingCity: 'City is required',
      shippingState: 'State is required',
      shippingZip: 'ZIP code is required',
      shippingPhone: 'Phone number must contain at least 7 digits',
    });
    const missingPhone = await session.post('/api/update-payment-intent', {
      paymentIntentId: intent.paymentIntentId,
      ...buildCheckoutDetails({ shippingPhone: '' }),
    });
    expect(missingPhone.body.errors).toContainEqual({ path: 'shippingPhone', message: 'Phone number is required' });

    const [checkout] = await app.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.paymentIntentId, intent.paymentIntentId));
    expect(checkout.details).toMatchObject(buildCheckoutDetails());
  });

  it("when the pet or the payment is someone else's, then it answers 404 and nothing changes", async () => {
    const owner = await signedInOwner(app);
    const stranger = await signedInOwner(app);
    const { intent, pet } = await startCheckout(app, owner);
    const strangersPet = await insertPet(app.database.db, stranger.user.id);

    const foreignPet = await owner.post('/api/update-payment-intent', {
      paymentIntentId: intent.paymentIntentId,
      petId: strangersPet.id,
      ...buildCheckoutDetails({ shippingName: 'Changed' }),
    });
    expect(foreignPet.status).toBe(404);
    expect(foreignPet.body.message).toBe('Pet not found');

    const foreignIntent = await stranger.post('/api/update-payment-intent', {
      paymentIntentId: intent.paymentIntentId,
      petId: strangersPet.id,
      ...buildCheckoutDetails({ shippingName: 'Changed' }),
    });
    expect(foreignIntent.status).toBe(404);
    expect(foreignIntent.body.message).toBe('Payment not found');

    const [checkout] = await app.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.paymentIntentId, intent.paymentIntentId));
    expect(checkout.details).toMatchObject({ petId: pet.id, shippingName: 'Jordan Lee' });
  });
});

describe('details changed while the card is being confirmed', () => {
  it('when both arrive together, then the order carries the change, or the change is refused with 409', async () => {
    const session = await signedInOwner(app);
    for (let round = 0; round < 6; round++) {
      const { intent, pet } = await startCheckout(app, session);
      const changed = `Changed ${round}`;
      const [update] = await Promise.all([
        session.post('/api/update-payment-intent', {
          paymentIntentId: intent.paymentIntentId,
          petId: pet.id,
          ...buildCheckoutDetails({ shippingName: changed }),
        }),
        payLocally(session, intent),
      ]);
      const [order] = await ordersOf(app, intent.paymentIntentId);
      if (update.status === 204) expect(order.shippingName, `round ${round}`).toBe(changed);
      else {
        expect(update.status, `round ${round}`).toBe(409);
        expect(order.shippingName, `round ${round}`).toBe('Jordan Lee');
      }
    }
  });
});

describe('a card confirmed before the checkout details are saved', () => {
  it('when the details arrive after the payment, then they make the one order, paid, with those details', async () => {
    const session = await signedInOwner(app);
    const { intent, pet, product } = await startCheckout(app, session, undefined, { withDetails: false });
    expect((await payLocally(session, intent)).status).toBe(200);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);

    const saved = await saveDetails(session, intent.paymentIntentId, pet.id, { shippingName: 'Sam Rivera' });

    expect(saved.status).toBe(204);
    const placed = await ordersOf(app, intent.paymentIntentId);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      userId: session.user.id,
      petId: pet.id,
      totalPrice: product.price,
      shippingName: 'Sam Rivera',
      cardLastFour: '4242',
      status: 'pending',
    });
    // The client's fallback finds that order instead of being refused, and a later change is refused.
    const fallback = await fallbackOrder(session, intent.paymentIntentId);
    expect(fallback.status).toBe(200);
    expect(fallback.body.id).toBe(placed[0].id);
    expect((await saveDetails(session, intent.paymentIntentId, pet.id)).status).toBe(409);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });

  it('when details are saved for a payment not yet made, then no order exists until the card is paid', async () => {
    const session = await signedInOwner(app);
    const { intent, pet } = await startCheckout(app, session, undefined, { withDetails: false });
    expect((await saveDetails(session, intent.paymentIntentId, pet.id)).status).toBe(204);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);
    expect((await payLocally(session, intent)).status).toBe(200);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });
});

describe('the local test card processor', () => {
  it('when paying with 4242 4242 4242 4242, then exactly one pending order exists at the catalogue price, card 4242', async () => {
    const session = await signedInOwner(app);
    const { intent, product, pet } = await startCheckout(app, session);
    const paid = await payLocally(session, intent);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ paymentIntentId: intent.paymentIntentId, status: 'succeeded' });

    const created = await ordersOf(app, intent.paymentIntentId);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      userId: session.user.id,
      petId: pet.id,
      productId: product.id,
      quantity: 1,
      totalPrice: product.price,
      status: 'pending',
      cardLastFour: '4242',
      tagColor: 'gold',
      customText: 'If found, call me',
      shippingZip: '62701',
    });
    expect(created[0].estimatedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const again = await payLocally(session, intent);
    expect(again.status).toBe(409);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });

  it('when the card is declined, then the answer is 402 "Your card was declined." and no order exists', async () => {
    const session = await signedInOwner(app);
    const { intent } = await startCheckout(app, session);
    const res = await payLocally(session, intent, '4000 0000 0000 0002');
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ message: 'Your card was declined.', code: 'card_declined' });
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);

    // The intent stays open: another card can still pay it.
    expect((await payLocally(session, intent)).status).toBe(200);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });

  it('when the card details cannot be right, then it answers 400 with what is wrong and charges nothing', async () => {
    const session = await signedInOwner(app);
    const { intent } = await startCheckout(app, session);
    const cases: [Record<string, string>, string][] = [
      [{ cardNumber: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
      [{ cardNumber: '4242 4242' }, 'Your card number is incomplete.'],
      [{ cardNumber: '' }, 'Your card number is incomplete.'],
      [{ expiry: '01 / 20' }, "Your card's expiration date is in the past."],
      [{ expiry: '13 / 40' }, "Your card's expiration date is invalid."],
      [{ expiry: '12' }, "Your card's expiration date is incomplete."],
      [{ cvc: '12' }, "Your card's security code is incomplete."],
    ];
    for (const [change, message] of cases) {
      const res = await session.post(`/api/local-payments/${intent.paymentIntentId}/confirm`, {
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
        ...change,
      });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);
  });

  it('when the client secret is wrong or the intent unknown, then it answers 404', async () => {
    const session = await signedInOwner(app);
    const { intent } = await startCheckout(app, session);
    const wrongSecret = await payLocally(session, {
      ...intent,
      clientSecret: `${intent.paymentIntentId}_secret_forged`,
    });
    expect(wrongSecret.status).toBe(404);
    const unknown = await payLocally(session, { ...intent, paymentIntentId: 'lpi_unknown' });
    expect(unknown.status).toBe(404);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);
  });
});
