import Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { CURRENCY, type PaymentIntentState, type PaymentMetadata, type PaymentProvider } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  /** Another address for Stripe's API (a local double in tests); Stripe's own when unset. */
  apiUrl?: string;
}

// Stripe's ids are short and alphanumeric: anything else is not worth a network call.
const INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;

export function createStripeClient({ secretKey, apiUrl }: StripeSettings) {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === 'https:' ? 443 : 80),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

// The SDK refuses a signature older than its tolerance (five minutes) but takes any date ahead:
// a delivery dated in the future would stay replayable until then. Five minutes covers clock drift.
const MAX_SECONDS_AHEAD = 300;

/** The time a Stripe-Signature header was signed: its last `t=`, which is the one the SDK checks. */
function signedAt(header: string) {
  const stamps = header
    .split(',')
    .map((item) => item.split('='))
    .filter(([key]) => key === 't');
  return Number.parseInt(stamps.at(-1)?.[1] ?? '', 10);
}

/**
 * A webhook delivery's event, once Stripe's SDK has checked its signature over the raw body and
 * its age, and it is not dated more than five minutes ahead; undefined when any check fails.
 */
export function verifiedStripeEvent(stripe: Stripe, rawBody: Buffer, header: string, secret: string): unknown {
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, header, secret);
  } catch {
    return undefined;
  }
  if (!(signedAt(header) <= Date.now() / 1000 + MAX_SECONDS_AHEAD)) return undefined;
  return event;
}

/** Stripe being unreachable or failing is not the customer's fault: say so, and let callers retry. */
function stripeFailed(what: string, err: unknown): never {
  if (err instanceof Stripe.errors.StripeError) {
    logger.error({ what, type: err.type, code: err.code, status: err.statusCode }, 'stripe call failed');
    throw new AppError(502, 'payment_provider_error', 'The payment service is not available. Please try again.');
  }
  throw err;
}

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    mode: 'stripe',

    async createIntent(amount, metadata, idempotencyKey) {
      try {
        const intent = await stripe.paymentIntents.create(
          { amount, currency: CURRENCY, metadata, automatic_payment_methods: { enabled: true } },
          { idempotencyKey },
        );
        return { id: intent.id, clientSecret: intent.client_secret as string };
      } catch (err) {
        stripeFailed('create intent', err);
      }
    },

    async retrieveIntent(id) {
      if (!INTENT_ID.test(id)) return undefined;
      try {
        const intent = await stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] });
        return toState(intent);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return undefined;
        stripeFailed('retrieve intent', err);
      }
    },

    async updateMetadata(id, metadata) {
      try {
        await stripe.paymentIntents.update(id, { metadata });
      } catch (err) {
        stripeFailed('update intent', err);
      }
    },
  };
}

function toState(intent: Stripe.PaymentIntent): PaymentIntentState {
  const method = intent.payment_method;
  const cardLastFour = method && typeof method === 'object' ? method.card?.last4 : undefined;
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: intent.metadata as PaymentMetadata,
    ...(cardLastFour && { cardLastFour }),
  };
}
