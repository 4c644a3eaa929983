import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, pets } from '../../../shared/schema';
import { catalogue, fallbackOrder, ordersOf, payLocally, startCheckout } from '../../../tests/support/checkout';
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
