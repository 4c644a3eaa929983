import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processedEvents } from '../../../shared/schema';
import {
  deliver,
  fallbackOrder,
  ordersOf,
  receiptsOf,
  saveDetails,
  startCheckout,
  stripeEvent,
} from '../../../tests/support/checkout';
import { signedInOwner } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import { type StripeDouble, startStripeDouble } from '../../../tests/support/stripe-double';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
let stripe: StripeDouble;
beforeAll(async () => {
  stripe = await startStripeDouble();
  app = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

/** Checkout up to the card, then Stripe charges it. */
async function paidCheckout() {
  const session = await signedInOwner(app);
  const checkout = await startCheckout(app, session);
  const intent = stripe.succeed(checkout.intent.paymentIntentId, '1881');
  return { session, ...checkout, paid: intent };
}

describe('Stripe mode', () => {
  it('when the client asks for its configuration, then it learns Stripe runs, with the publishable key only', async () => {
    const res = await new Session(app.url).get('/api/config');
    expect(res.body.payments).toEqual({ mode: 'stripe', publishableKey: 'pk_test_x' });
    expect(JSON.stringify(res.body)).not.toContain('sk_test_x');
  });

  it('when checkout starts, then Stripe is asked for an intent of the catalogue amount in USD, with our ids and an idempotency key', async () => {
    const session = await signedInOwner(app);
    const { intent, product, pet } = await startCheckout(app, session);
    const created = stripe.intents.get(intent.paymentIntentId);
    expect(created).toMatchObject({ amount: product.price, currency: 'usd', client_secret: intent.clientSecret });
    expect(created?.metadata).toMatchObject({
      userId: (await session.get('/api/auth/user')).body.id,
      productId: product.id,
      quantity: '1',
      // update-payment-intent added the checkout details.
      petId: pet.id,
      tagColor: 'gold',
      shippingZip: '62701',
    });
    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(create?.headers['idempotency-key']).toMatch(/^checkout-/);
    expect(create?.headers.authorization).toBe('Bearer sk_test_x');
  });

  it('when Stripe signs payment_intent.succeeded, then one pending order is made with the card digits Stripe reports', async () => {
    const { intent, product, paid } = await paidCheckout();
    const event = stripeEvent('payment_intent.succeeded', paid);
    const res = await deliver(new Session(app.url), event);
    expect(res.status).toBe(200);
    const [order] = await ordersOf(app, intent.paymentIntentId);
    expect(order).toMatchObject({ totalPrice: product.price, status: 'pending', cardLastFour: '1881' });
    const [seen] = await app.database.db.select().from(processedEvents).where(eq(processedEvents.id, event.id));
    expect(seen).toMatchObject({ source: 'stripe' });
  });

  it('when the same event is delivered twice, or a second event arrives for the same payment, then there is still one order', async () => {
    const { intent, paid } = await paidCheckout();
    const event = stripeEvent('payment_intent.succeeded', paid);
    const visitor = new Session(app.url);
    expect((await deliver(visitor, event)).status).toBe(200);
    expect((await deliver(visitor, event)).status).toBe(200);
    expect((await deliver(visitor, stripeEvent('payment_intent.succeeded', paid))).status).toBe(200);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });

  it('when a signature is forged, missing or old (a replay), then it answers 400 and no order is made', async () => {
    const { intent, paid } = await paidCheckout();
    const visitor = new Session(app.url);
    const forged = stripeEvent('payment_intent.succeeded', paid, { secret: 'whsec_not_ours' });
    expect((await deliver(visitor, forged)).status).toBe(400);
    const unsigned = stripeEvent('payment_intent.succeeded', paid);
    expect((await deliver(visitor, { body: unsigned.body, signature: '' })).status).toBe(400);
    const replay = stripeEvent('payment_intent.succeeded', paid, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const res = await deliver(visitor, replay);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid webhook signature');
    const tampered = stripeEvent('payment_intent.succeeded', paid);
    expect(
      (await deliver(visitor, { ...tampered, body: tampered.body.replace('succeeded', 'succeeded ') })).status,
    ).toBe(400);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);
  });

  it('when a delivery is signed with our secret but dated more than five minutes ahead, then 400 and no order; a minute or two ahead (clock drift) is taken', async () => {
    const { intent, paid } = await paidCheckout();
    const visitor = new Session(app.url);
    const now = Math.floor(Date.now() / 1000);

    const future = stripeEvent('payment_intent.succeeded', paid, { timestamp: now + 6 * 60 });
    const refused = await deliver(visitor, future);

    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Invalid webhook signature');
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);
    const [recorded] = await app.database.db.select().from(processedEvents).where(eq(processedEvents.id, future.id));
    expect(recorded).toBeUndefined();

    const drifted = stripeEvent('payment_intent.succeeded', paid, { timestamp: now + 2 * 60 });
    expect((await deliver(visitor, drifted)).status).toBe(200);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });

  it.each([
    ['no data at all', {}],
    ['data without an object', { data: {} }],
    ['data whose object is null', { data: { object: null } }],
    ['data whose object is text', { data: { object: 'pi_123' } }],
    ['a payment intent object without an id', { data: { object: { object: 'payment_intent' } } }],
  ])('when a signed event has %s, then 400, nothing is recorded and no order is made', async (_, shape) => {
    const { intent, paid } = await paidCheckout();
    const id = `evt_${crypto.randomUUID().replaceAll('-', '')}`;
    const body = JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', ...shape });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_x' });

    const res = await deliver(new Session(app.url), { body, signature });

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.message).toMatch(/^data/);
    const [recorded] = await app.database.db.select().from(processedEvents).where(eq(processedEvents.id, id));
    expect(recorded).toBeUndefined();
    // The event with its object, delivered again under the same id, still makes the order.
    expect((await deliver(new Session(app.url), stripeEvent('payment_intent.succeeded', paid, { id }))).status).toBe(
      200,
    );
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });

  it('when the event says succeeded but Stripe does not (a forged or stale event body), then no order is made', async () => {
    const session = await signedInOwner(app);
    const { intent } = await startCheckout(app, session);
    const claimed = { ...stripe.intents.get(intent.paymentIntentId), status: 'succeeded' };
    expect((await deliver(new Session(app.url), stripeEvent('payment_intent.succeeded', claimed))).status).toBe(200);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);
  });

  it('when payment_intent.payment_failed arrives, then it is acknowledged and no order is made', async () => {
    const session = await signedInOwner(app);
    const { intent } = await startCheckout(app, session);
    const failed = { ...stripe.intents.get(intent.paymentIntentId), status: 'requires_payment_method' };
    expect((await deliver(new Session(app.url), stripeEvent('payment_intent.payment_failed', failed))).status).toBe(
      200,
    );
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);
  });

  it('when the amount Stripe charged is not the amount the server asked, then neither the webhook nor the fallback makes an order', async () => {
    const { session, intent, paid } = await paidCheckout();
    paid.amount = 1;
    expect((await deliver(new Session(app.url), stripeEvent('payment_intent.succeeded', paid))).status).toBe(200);
    const res = await fallbackOrder(session, intent.paymentIntentId);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The amount paid does not match the order.');
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);
  });

  it('when the fallback comes first, then it makes the order from what Stripe says and the later webhook adds none', async () => {
    const { session, intent, product, paid } = await paidCheckout();
    const res = await fallbackOrder(session, intent.paymentIntentId, { totalPrice: 5, cardLastFour: '****' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ totalPrice: product.price, cardLastFour: '1881', status: 'pending' });
    expect((await deliver(new Session(app.url), stripeEvent('payment_intent.succeeded', paid))).status).toBe(200);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });

  it('when the fallback asks before Stripe has the money, then it answers 402 and makes nothing', async () => {
    const session = await signedInOwner(app);
    const { intent } = await startCheckout(app, session);
    expect((await fallbackOrder(session, intent.paymentIntentId)).status).toBe(402);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);
  });

  it('when the webhook and the fallback race, then exactly one order exists and both answer it', async () => {
    for (let round = 0; round < 3; round++) {
      const { session, intent, paid } = await paidCheckout();
      const event = stripeEvent('payment_intent.succeeded', paid);
      const [hook, fallback, duplicate] = await Promise.all([
        deliver(new Session(app.url), event),
        fallbackOrder(session, intent.paymentIntentId),
        deliver(new Session(app.url), event),
      ]);
      expect(hook.status).toBe(200);
      expect(duplicate.status).toBe(200);
      expect([200, 201]).toContain(fallback.status);
      const stored = await ordersOf(app, intent.paymentIntentId);
      expect(stored).toHaveLength(1);
      expect(fallback.body.id).toBe(stored[0].id);
    }
  });

  it('when the webhook and the fallback both run, then the owner gets one receipt for the one order', async () => {
    const { session, intent, paid } = await paidCheckout();
    const event = stripeEvent('payment_intent.succeeded', paid);
    await Promise.all([
      deliver(new Session(app.url), event),
      fallbackOrder(session, intent.paymentIntentId),
      deliver(new Session(app.url), stripeEvent('payment_intent.succeeded', paid)),
      fallbackOrder(session, intent.paymentIntentId),
    ]);
    const [order] = await ordersOf(app, intent.paymentIntentId);
    const receipts = await receiptsOf(app, session.user.id);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe(`Your Homeward order #${order.id.slice(0, 8)} is confirmed`);
  });

  it('when Stripe says the payment succeeded before the details were saved, then the details make the order', async () => {
    const session = await signedInOwner(app);
    const { intent, pet } = await startCheckout(app, session, undefined, { withDetails: false });
    const paid = stripe.succeed(intent.paymentIntentId, '1881');
    expect((await deliver(new Session(app.url), stripeEvent('payment_intent.succeeded', paid))).status).toBe(200);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(0);

    expect((await saveDetails(session, intent.paymentIntentId, pet.id)).status).toBe(204);

    const placed = await ordersOf(app, intent.paymentIntentId);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ petId: pet.id, cardLastFour: '1881', shippingZip: '62701' });
  });

  it('when the buyer deletes their account, then the shipping details are erased from the payment at Stripe', async () => {
    const { session, intent } = await paidCheckout();
    const metadata = () => stripe.intents.get(intent.paymentIntentId)?.metadata ?? {};
    expect(metadata()).toHaveProperty('shippingAddress');

    expect((await session.request('DELETE', '/api/account', { confirm: 'DELETE' })).status).toBe(200);
    const left = Object.keys(metadata());
    expect(left.filter((key) => key.startsWith('shipping') || key === 'engraving' || key === 'petId')).toEqual([]);
  });

  it('when the database is down, then the webhook answers 5xx so that Stripe delivers again', async () => {
    const { intent, paid } = await paidCheckout();
    const pool = app.database.pool;
    const query = pool.query;
    pool.query = (() =>
      Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))) as typeof pool.query;
    const event = stripeEvent('payment_intent.succeeded', paid);
    let res: Awaited<ReturnType<typeof deliver>>;
    try {
      res = await deliver(new Session(app.url), event);
    } finally {
      pool.query = query;
    }
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect((await deliver(new Session(app.url), event)).status).toBe(200);
    expect(await ordersOf(app, intent.paymentIntentId)).toHaveLength(1);
  });
});
