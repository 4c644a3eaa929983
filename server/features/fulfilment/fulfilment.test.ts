import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tagProducts } from '../../../shared/schema';
import { catalogue, payLocally, startCheckout } from '../../../tests/support/checkout';
import { signedInOwner } from '../../../tests/support/factories';
import { type PrintifyDouble, printifySignature, startPrintifyDouble } from '../../../tests/support/printify-double';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createWebhookEventsService } from '../webhook-events/webhook-events.service';
import { createFulfilmentService } from './fulfilment.service';

const SHOP_ID = '12345';
const WEBHOOK_SECRET = 'printify-webhook-secret';

let app: TestApp;
let printify: PrintifyDouble;
let product: { id: string; name: string };
beforeAll(async () => {
  printify = await startPrintifyDouble();
  app = await startTestApp({
    PRINTIFY_API_TOKEN: printify.token,
    PRINTIFY_SHOP_ID: SHOP_ID,
    PRINTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PRINTIFY_API_URL: printify.url,
  });
  // The seed has no Printify ids: give one tag some, as an operator would for a real shop.
  const products = await catalogue(new Session(app.url));
  product = products[1];
  await app.database.db
    .update(tagProducts)
    .set({ printifyProductId: 'pfy-product-1', printifyVariantId: 4242 })
    .where(eq(tagProducts.id, product.id));
});
afterAll(async () => {
  await app?.database.db
    .update(tagProducts)
    .set({ printifyProductId: null, printifyVariantId: null })
    .where(eq(tagProducts.id, product.id));
  await app?.close();
  await printify?.close();
});

async function paidOrder() {
  const session = await signedInOwner(app, { firstName: 'Jordan', lastName: 'Lee' });
  const products = await catalogue(session);
  const checkout = await startCheckout(
    app,
    session,
    products.find((p) => p.id === product.id),
  );
  expect((await payLocally(session, checkout.intent)).status).toBe(200);
  const [order] = await app.database.db
    .select()
    .from(orders)
    .where(eq(orders.paymentIntentId, checkout.intent.paymentIntentId));
  return { session, order };
}

const orderById = async (id: string) => (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0];

function webhook(type: string, printifyOrderId: string, data: Record<string, unknown>, id = crypto.randomUUID()) {
  const body = JSON.stringify({
    id,
    type,
    created_at: new Date().toISOString(),
    resource: { id: printifyOrderId, type: 'order', data: { shop_id: Number(SHOP_ID), ...data } },
  });
  return { id, body, signature: printifySignature(body, WEBHOOK_SECRET) };
}

const send = (event: { body: string; signature: string }) =>
  new Session(app.url).request('POST', '/api/printify/webhook', event.body, { 'x-pfy-signature': event.signature });

describe('submitting paid orders to Printify', () => {
  it('when a tag is paid for, then Printify gets the order under our id, with the tag and the address, and it goes to production', async () => {
    const { order, session } = await paidOrder();
    const submitted = printify.orders.filter((o) => o.external_id === order.id);
    expect(submitted).toHaveLength(1);
    expect(submitted[0].request).toMatchObject({
      external_id: order.id,
      line_items: [{ product_id: 'pfy-product-1', variant_id: 4242, quantity: 1 }],
      send_shipping_notification: true,
      address_to: {
        first_name: 'Jordan',
        last_name: 'Lee',
        email: session.person.email,
        phone: '(555) 010-0199',
        country: 'US',
        region: 'IL',
        address1: '12 Elm Street',
        city: 'Springfield',
        zip: '62701',
      },
    });
    expect(submitted[0].status).toBe('sending-to-production');
    expect(await orderById(order.id)).toMatchObject({
      printifyOrderId: submitted[0].id,
      printifyStatus: 'sending-to-production',
    });
    const call = printify.requests.find((r) => r.method === 'POST' && r.path.endsWith('/orders.json'));
    expect(call?.path).toBe(`/v1/shops/${SHOP_ID}/orders.json`);
    expect(call?.headers['user-agent']).toBe('Homeward');
  });

  it('when a tag has no Printify ids, then the order is still made and left for manual fulfilment', async () => {
    const session = await signedInOwner(app);
    const other = (await catalogue(session)).find((p) => p.id !== product.id);
    const { intent } = await startCheckout(app, session, other);
    expect((await payLocally(session, intent)).status).toBe(200);
    const [order] = await app.database.db
      .select()
      .from(orders)
      .where(eq(orders.paymentIntentId, intent.paymentIntentId));
    expect(order).toMatchObject({ status: 'pending', printifyOrderId: null });
    expect(printify.orders.filter((o) => o.external_id === order.id)).toHaveLength(0);
  });

  it('when Printify took the order but its answer was lost, then the retry adopts that order instead of ordering twice', async () => {
    printify.loseNextAnswer();
    const { order } = await paidOrder();
    expect((await orderById(order.id)).printifyOrderId).toBeNull();
    expect(printify.orders.filter((o) => o.external_id === order.id)).toHaveLength(1);

    const fulfilment = createFulfilmentService({
      db: app.database.db,
      settings: {
        mode: 'printify',
        token: printify.token,
        shopId: SHOP_ID,
        apiUrl: printify.url,
        webhookSecret: WEBHOOK_SECRET,
      },
      webhookEvents: createWebhookEventsService({ db: app.database.db }),
    });
    await Promise.all([fulfilment.ensureSubmitted(order.id), fulfilment.ensureSubmitted(order.id)]);
    await fulfilment.ensureSubmitted(order.id);
    const submitted = printify.orders.filter((o) => o.external_id === order.id);
    expect(submitted).toHaveLength(1);
    expect(await orderById(order.id)).toMatchObject({
      printifyOrderId: submitted[0].id,
      printifyStatus: 'sending-to-production',
    });
  });
});

describe('the Printify webhook', () => {
  it('when signed events arrive, then production, shipment and delivery move the order forward with its tracking', async () => {
    const { order } = await paidOrder();
    const printifyId = (await orderById(order.id)).printifyOrderId as string;

    expect((await send(webhook('order:updated', printifyId, { status: 'in-production' }))).status).toBe(200);
    expect(await orderById(order.id)).toMatchObject({ status: 'processing', printifyStatus: 'in-production' });

    const shipped = webhook('order:shipment:created', printifyId, {
      status: 'fulfilled',
      shipments: [{ carrier: 'usps', number: '9400111899223', url: 'https://tools.usps.com/go/9400111899223' }],
    });
    expect((await send(shipped)).status).toBe(200);
    expect(await orderById(order.id)).toMatchObject({
      status: 'shipped',
      printifyStatus: 'fulfilled',
      trackingNumber: '9400111899223',
      printifyTrackingUrl: 'https://tools.usps.com/go/9400111899223',
    });

    // Printify says when the carrier delivered: a webhook may arrive hours later.
    const handedOver = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const delivered = webhook('order:shipment:delivered', printifyId, {
      status: 'fulfilled',
      shipments: [{ carrier: 'usps', number: '9400111899223', delivered_at: handedOver }],
    });
    expect((await send(delivered)).status).toBe(200);
    expect((await orderById(order.id)).status).toBe('delivered');
    expect((await orderById(order.id)).deliveredAt?.toISOString()).toBe(handedOver);

    // A late, older event must not rewind the order.
    expect((await send(webhook('order:updated', printifyId, { status: 'in-production' }))).status).toBe(200);
    expect(await orderById(order.id)).toMatchObject({ status: 'delivered', printifyStatus: 'fulfilled' });
  });

  it('when the signature is wrong or missing, then it answers 400 and changes nothing', async () => {
    const { order } = await paidOrder();
    const printifyId = (await orderById(order.id)).printifyOrderId as string;
    const event = webhook('order:shipment:delivered', printifyId, { status: 'fulfilled' });
    expect((await send({ body: event.body, signature: printifySignature(event.body, 'not-the-secret') })).status).toBe(
      400,
    );
    expect((await send({ body: event.body, signature: '' })).status).toBe(400);
    const tampered = event.body.replace('"fulfilled"', '"canceled"');
    expect((await send({ body: tampered, signature: event.signature })).status).toBe(400);
    expect((await orderById(order.id)).status).toBe('pending');
  });

  it('when an event is delivered again, then the second delivery is skipped', async () => {
    const { order } = await paidOrder();
    const printifyId = (await orderById(order.id)).printifyOrderId as string;
    const id = crypto.randomUUID();
    const first = webhook('order:shipment:created', printifyId, { shipments: [{ number: 'FIRST-1' }] }, id);
    const again = webhook('order:shipment:created', printifyId, { shipments: [{ number: 'OTHER-2' }] }, id);
    expect((await send(first)).status).toBe(200);
    expect((await send(again)).status).toBe(200);
    expect(await orderById(order.id)).toMatchObject({ status: 'shipped', trackingNumber: 'FIRST-1' });
  });

  it('when an event is about another shop, an unknown order or is malformed, then nothing changes', async () => {
    const { order } = await paidOrder();
    const printifyId = (await orderById(order.id)).printifyOrderId as string;
    expect((await send(webhook('order:updated', printifyId, { status: 'fulfilled', shop_id: 999 }))).status).toBe(200);
    expect((await send(webhook('order:updated', 'unknown-order', { status: 'fulfilled' }))).status).toBe(200);
    const malformed = '{"id": 5}';
    expect((await send({ body: malformed, signature: printifySignature(malformed, WEBHOOK_SECRET) })).status).toBe(400);
    expect(await orderById(order.id)).toMatchObject({ status: 'pending', printifyStatus: 'sending-to-production' });
  });
});
