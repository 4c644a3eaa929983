import type Stripe from 'stripe';
import type { AppContext } from '../../context';
import { describeFailure, logger } from '../../lib/logger';
import { createFulfilment, type Fulfilment } from '../fulfilment/fulfilment.service';
import { createLocalProvider, type LocalPaymentProvider } from '../payments/local-provider';
import type { PaymentProvider } from '../payments/payment-provider';
import { createStripeClient, createStripeProvider } from '../payments/stripe-provider';
import { createOrdersService, type OrdersService } from './orders.service';

export interface Ordering {
  provider: PaymentProvider;
  /** Set when payments run through Stripe (for its webhook signatures). */
  stripe?: Stripe;
  /** Set when payments run through the local test card processor. */
  local?: LocalPaymentProvider;
  orders: OrdersService;
  fulfilment: Fulfilment;
  /** A paid order goes to the print provider; a failure there is logged, not the buyer's problem. */
  submitQuietly(orderId: string): Promise<void>;
}

// One set per app: the webhook routes (mounted before the JSON parser) and the API routes share it.
const perApp = new WeakMap<AppContext, Ordering>();

/** Payments, orders and fulfilment, wired together for the configured services. */
export function ordering(ctx: AppContext): Ordering {
  const known = perApp.get(ctx);
  if (known) return known;
  const { config, db } = ctx;
  const stripe = config.payments.mode === 'stripe' ? createStripeClient(config.payments) : undefined;
  const local = stripe ? undefined : createLocalProvider(db);
  const provider = stripe ? createStripeProvider(stripe) : (local as LocalPaymentProvider);
  const fulfilment = createFulfilment(db, config.fulfilment);
  const created: Ordering = {
    provider,
    stripe,
    local,
    orders: createOrdersService(db, provider),
    fulfilment,
    submitQuietly: (orderId) =>
      fulfilment.ensureSubmitted(orderId).catch((err) => {
        logger.error('order not submitted for fulfilment', { orderId, ...describeFailure(err) });
      }),
  };
  perApp.set(ctx, created);
  return created;
}
