import type { ReactNode } from 'react';

/** What the checkout form needs from a payment provider's form, whichever provider runs. */
export interface PaymentHandle {
  /** False until the provider's form has loaded: the Pay button waits for it. */
  ready: boolean;
  /** The inputs shown in the Payment card. */
  fields: ReactNode;
  /** Charges the card; rejects with an Error whose message the 'Payment Failed' toast shows. */
  confirm(): Promise<void>;
}

export const PAYMENT_NOT_READY = 'The payment form has not finished loading. Please try again in a moment.';
