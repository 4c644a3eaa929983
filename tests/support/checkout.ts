import crypto from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import type { PaymentIntentResponse } from '../../shared/contracts/checkout';
import type { TagProductView } from '../../shared/contracts/store';
import { notifications, orders } from '../../shared/schema';
import { buildCheckoutDetails, insertPet, type OwnerSession } from './factories';
import type { Session } from './session';
import type { TestApp } from './test-app';

export async function catalogue(session: Session) {
  return (await session.get<TagProductView[]>('/api/tag-products')).body;
}

/** The orders stored for a payment intent: a paid intent must make exactly one. */
export const ordersOf = (app: TestApp, paymentIntentId: string) =>
  app.database.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));

/**
 * Walks a signed-in owner through checkout up to the card: a pet, a payment intent for the
 * product, and the form details recorded on it (unless `withDetails` is false).
 */
export async function startCheckout(
  app: TestApp,
  session: OwnerSession,
  product?: TagProductView,
  { withDetails = true } = {},
) {
  const pet = await insertPet(app.database.db, session.user.id);
  const chosen = product ?? (await catalogue(session))[0];
  const created = await session.post<PaymentIntentResponse>('/api/create-payment-intent', {
    productId: chosen.id,
    quantity: 1,
  });
  if (created.status !== 201) throw new Error(`create-payment-intent answered ${created.status}: ${created.text}`);
  const intent = created.body;
  if (withDetails) {
    const updated = await saveDetails(session, intent.paymentIntentId, pet.id);
    if (updated.status !== 204) throw new Error(`update-payment-intent answered ${updated.status}: ${updated.text}`);
  }
  return { pet, product: chosen, intent };
}

/** The checkout form's details, recorded on the payment as the checkout page does before the card. */
export const saveDetails = (
  session: Session,
  paymentIntentId: string,
  petId: string,
  overrides: Record<string, unknown> = {},
) => session.post('/api/update-payment-intent', { paymentIntentId, petId, ...buildCheckoutDetails(overrides) });

/** The receipts queued for an owner: one per order. */
export const receiptsOf = (app: TestApp, userId: string) =>
  app.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), like(notifications.subject, 'Your Homeward order #%')));

/** Pays with the local test card processor, as the checkout page's card form does. */
export const payLocally = (session: Session, intent: PaymentIntentResponse, cardNumber = '4242 4242 4242 4242') =>
  session.post(`/api/local-payments/${intent.paymentIntentId}/confirm`, {
    clientSecret: intent.clientSecret,
    cardNumber,
    expiry: '12 / 34',
    cvc: '123',
  });

/** The client's fallback call, with the extra fields the spec's client sends (and the server ignores). */
export const fallbackOrder = (session: Session, paymentIntentId: string, overrides: Record<string, unknown> = {}) =>
  session.post('/api/orders', {
    paymentIntentId,
    productId: crypto.randomUUID(),
    quantity: 1,
    totalPrice: 1,
    status: 'confirmed',
    cardLastFour: '****',
    estimatedDelivery: '2020-01-01',
    ...buildCheckoutDetails(),
    ...overrides,
  });

/** A Stripe webhook delivery, signed as Stripe signs it (optionally at another time or with another secret). */
export function stripeEvent(
  type: string,
  object: object,
  { secret = 'whsec_x', timestamp, id = `evt_${crypto.randomBytes(12).toString('hex')}` } = {} as {
    secret?: string;
    timestamp?: number;
    id?: string;
  },
) {
  const body = JSON.stringify({ id, object: 'event', type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
  return { id, body, signature };
}

export const deliver = (session: Session, event: { body: string; signature: string }) =>
  session.request('POST', '/api/stripe/webhook', event.body, { 'stripe-signature': event.signature });
