import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, pets } from '../../../shared/schema';
import {
  catalogue,
  fallbackOrder,
  ordersOf,
  payLocally,
  receiptsOf,
  startCheckout,
} from '../../../tests/support/checkout';
import { eventually } from '../../../tests/support/eventually';
import { type OwnerSession, signedInOwner } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function buy(session: OwnerSession, productIndex = 0) {
  const product = (await catalogue(session))[productIndex];
  const checkout = await startCheckout(app, session, product);
  expect((await payLocally(session, checkout.intent)).status).toBe(200);
  const [order] = await ordersOf(app, checkout.intent.paymentIntentId);
  return { ...checkout, order };
}

describe('my orders', () => {
  it('when an owner has bought twice, then the list is newest first with product and pet names joined', async () => {
    const session = await signedInOwner(app);
    const first = await buy(session, 0);
    const second = await buy(session, 1);
    const res = await session.get('/api/orders');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.map((o: { id: string }) => o.id)).toEqual([second.order.id, first.order.id]);
    expect(res.body[0]).toMatchObject({
      productName: second.product.name,
      productShape: second.product.shape,
      productMaterial: second.product.material,
      petName: second.pet.name,
      totalPrice: second.product.price,
      paymentIntentId: second.intent.paymentIntentId,
      status: 'pending',
    });
    expect(res.body[0]).not.toHaveProperty('userId');
    expect(typeof res.body[0].createdAt).toBe('string');
  });

  it('when an order is opened, then its owner gets it; another owner, a malformed or an unknown id get 404', async () => {
    const owner = await signedInOwner(app);
    const { order } = await buy(owner);
    const mine = await owner.get(`/api/orders/${order.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: order.id, cardLastFour: '4242' });

    const stranger = await signedInOwner(app);
    const theirs = await stranger.get(`/api/orders/${order.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Order not found');
    expect((await stranger.get('/api/orders')).body).toEqual([]);
    expect((await owner.get('/api/orders/12345')).status).toBe(404);
    expect((await owner.get(`/api/orders/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await new Session(app.url).get('/api/orders')).status).toBe(401);
  });

  it('when the pet is deleted after the purchase, then the order stays, without a pet name', async () => {
    const session = await signedInOwner(app);
    const { order, pet } = await buy(session);
    await app.database.db.delete(pets).where(eq(pets.id, pet.id));
    const res = await session.get(`/api/orders/${order.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ petId: null, petName: null });
  });
});

describe("the client's fallback POST /api/orders", () => {
  it('when the webhook already made the order, then it answers that order with 200, ignoring the price and status sent', async () => {
    const session = await signedInOwner(app);
    const { order, product, intent } = await buy(session);
    const res = await fallbackOrder(session, intent.paymentIntentId, { totalPrice: 1, status: 'delivered' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: order.id, totalPrice: product.price, status: 'pending' });
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });

  it('when the payment was made but no order exists yet, then it creates the one order from the server record (201)', async () => {
    const session = await signedInOwner(app);
    const { intent, product } = await buy(session);
    // As if the success event had been lost: only the provider's word remains.
    await app.database.db.delete(orders).where(eq(orders.paymentIntentId, intent.paymentIntentId));
    const res = await fallbackOrder(session, intent.paymentIntentId, { totalPrice: 1, quantity: 9 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ totalPrice: product.price, quantity: 1, status: 'pending', cardLastFour: '4242' });
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });

  it('when the payment id is made up, then it answers 404 and no order exists', async () => {
    const session = await signedInOwner(app);
    for (const paymentIntentId of ['pi_made_up', `lpi_${crypto.randomBytes(12).toString('hex')}`]) {
      const res = await fallbackOrder(session, paymentIntentId);
      expect(res.status).toBe(404);
      expect(await ordersOf(app, paymentIntentId)).toHaveLength(0);
    }
    expect((await fallbackOrder(session, '')).status).toBe(400);
  });

  it('when the payment has not been completed, then it answers 402 and no order exists', async () => {
    const session = await signedInOwner(app);
    const { intent } = await startCheckout(app, session);
    const res = await fallbackOrder(session, intent.paymentIntentId);
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('This payment has not been completed.');
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);

    await payLocally(session, intent, '4000 0000 0000 0002');
    expect((await fallbackOrder(session, intent.paymentIntentId)).status).toBe(402);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);
  });

  it("when someone else's paid intent is claimed, then it answers 404 and the owner's order is untouched", async () => {
    const owner = await signedInOwner(app);
    const { intent, order } = await buy(owner);
    const stranger = await signedInOwner(app);
    const res = await fallbackOrder(stranger, intent.paymentIntentId);
    expect(res.status).toBe(404);
    const stored = await ordersOf(app, intent.paymentIntentId);
    expect(stored).toHaveLength(1);
    expect(stored[0].id).toBe(order.id);

    await app.database.db.delete(orders).where(eq(orders.paymentIntentId, intent.paymentIntentId));
    expect((await fallbackOrder(stranger, intent.paymentIntentId)).status).toBe(404);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);
  });

  it('when fallback calls race each other, then exactly one order exists', async () => {
    const session = await signedInOwner(app);
    const { intent } = await buy(session);
    await app.database.db.delete(orders).where(eq(orders.paymentIntentId, intent.paymentIntentId));
    const answers = await Promise.all(Array.from({ length: 5 }, () => fallbackOrder(session, intent.paymentIntentId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });
});

describe('the receipt', () => {
  it('when an order is placed, then its owner is sent one e-mail with the items, total, address, delivery and a link, under a subject nobody typed', async () => {
    const session = await signedInOwner(app);
    const { order, product, pet, intent } = await buy(session);

    const [receipt, ...more] = await eventually(
      () => receiptsOf(app, session.user.id),
      (sent) => sent.length > 0 && sent[0].sentAt !== null,
    );

    expect(more).toEqual([]);
    expect(receipt.sentAt).not.toBeNull();
    expect(receipt.recipient).toBe(session.person.email);
    expect(receipt.subject).toBe(`Your Homeward order #${order.id.slice(0, 8)} is confirmed`);
    for (const typed of [pet.name, 'If found', 'Jordan', 'Elm']) expect(receipt.subject).not.toContain(typed);
    const price = `$${(product.price / 100).toFixed(2)}`;
    for (const line of [
      `Item: 1 × ${product.name} (${product.shape}, ${product.material}), Gold`,
      `For: ${pet.name}`,
      'Engraving: If found, call me',
      `Total: ${price} (shipping free)`,
      'Jordan Lee\n12 Elm Street\nSpringfield, IL 62701',
      `Follow your order: ${app.config.publicUrl}/order/${order.id}`,
    ])
      expect(receipt.body).toContain(line);
    const [year, month, day] = (order.estimatedDelivery as string).split('-').map(Number);
    const delivery = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(receipt.body).toMatch(new RegExp(`Estimated delivery: \\w+, ${delivery}`));

    // The client's fallback after the payment finds the order: no second receipt.
    expect((await fallbackOrder(session, intent.paymentIntentId)).status).toBe(200);
    expect(await receiptsOf(app, session.user.id)).toHaveLength(1);
  });

  it('when the fallback makes the order the payment could not, then that call sends the one receipt', async () => {
    const session = await signedInOwner(app);
    const { intent } = await buy(session);
    await app.database.db.delete(orders).where(eq(orders.paymentIntentId, intent.paymentIntentId));
    await app.database.db.delete(notifications).where(eq(notifications.userId, session.user.id));

    const answers = await Promise.all([1, 2, 3].map(() => fallbackOrder(session, intent.paymentIntentId)));

    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    const [receipt, ...more] = await receiptsOf(app, session.user.id);
    expect(more).toEqual([]);
    expect(receipt.subject).toBe(`Your Homeward order #${answers[0].body.id.slice(0, 8)} is confirmed`);
  });
});
