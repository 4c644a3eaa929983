/** Intent metadata: flat strings, as Stripe stores it. */
export type PaymentMetadata = Record<string, string>;

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** What the server needs to know about a payment, whoever processed it. */
export interface PaymentIntentState {
  id: string;
  /** Stripe's lifecycle: requires_payment_method → (processing) → succeeded, or canceled. */
  status: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  metadata: PaymentMetadata;
  cardLastFour?: string;
}

/**
 * One interface for card payments, with two real implementations: Stripe when it is configured,
 * otherwise the local test card processor. Either way, the server creates the intent with its own
 * amount, and later asks the provider (never the browser) whether it succeeded.
 */
export interface PaymentProvider {
  readonly mode: 'stripe' | 'local';
  /** `idempotencyKey` makes a retried call return the first intent instead of creating another. */
  createIntent(amount: number, metadata: PaymentMetadata, idempotencyKey: string): Promise<CreatedIntent>;
  /** Undefined when the provider has no such intent. */
  retrieveIntent(id: string): Promise<PaymentIntentState | undefined>;
  /** Merges keys into the intent's metadata. */
  updateMetadata(id: string, metadata: PaymentMetadata): Promise<void>;
}

export const CURRENCY = 'usd';
