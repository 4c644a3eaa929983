import crypto from 'node:crypto';
import type { LocalCard } from '../../../shared/contracts/checkout';
import type { Db } from '../../db/connection';
import { AppError, conflict, notFound } from '../../lib/errors';
import {
  findLocalIntent,
  insertLocalIntentOnce,
  type LocalIntent,
  markLocalIntentDeclined,
  markLocalIntentSucceeded,
  mergeLocalIntentMetadata,
} from './local-payments.repository';
import { CURRENCY, type PaymentIntentState, type PaymentMetadata, type PaymentProvider } from './payment-provider';
import { checkTestCard } from './test-cards';

export interface LocalPaymentProvider extends PaymentProvider {
  readonly mode: 'local';
  /**
   * Charges the card as Stripe.js would: the client secret proves the caller holds this checkout.
   * A card that cannot be right (number, expiry, CVC) throws 400 and changes nothing; a declined
   * one is recorded on the intent and answered with the 402 error to show.
   */
  confirm(id: string, card: LocalCard): Promise<ConfirmOutcome>;
}

export type ConfirmOutcome = { status: 'succeeded' } | { status: 'declined'; error: AppError };

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
};

const toState = (intent: LocalIntent): PaymentIntentState => ({
  id: intent.id,
  status: intent.status,
  amount: intent.amount,
  currency: intent.currency,
  metadata: intent.metadata as PaymentMetadata,
  ...(intent.cardLastFour && { cardLastFour: intent.cardLastFour }),
});

/**
 * The embedded card processor: Stripe's payment-intent lifecycle and test cards, with its state
 * in the database, so checkout works end to end with no account anywhere.
 */
export function createLocalProvider(db: Db): LocalPaymentProvider {
  return {
    mode: 'local',

    async createIntent(amount, metadata, idempotencyKey) {
      // The id derives from the key, so a repeated call finds the intent the first one stored.
      const id = `lpi_${crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
      const clientSecret = `${id}_secret_${crypto.randomBytes(16).toString('hex')}`;
      const intent = await insertLocalIntentOnce(db, {
        id,
        clientSecret,
        amount,
        currency: CURRENCY,
        status: 'requires_payment_method',
        metadata,
      });
      return { id, clientSecret: (intent as LocalIntent).clientSecret };
    },

    async retrieveIntent(id) {
      const intent = await findLocalIntent(db, id);
      return intent && toState(intent);
    },

    async updateMetadata(id, metadata) {
      await mergeLocalIntentMetadata(db, id, metadata);
    },

    async confirm(id, card) {
      const intent = await findLocalIntent(db, id);
      if (!intent || !sameSecret(intent.clientSecret, card.clientSecret)) throw notFound('Payment');
      if (intent.status === 'succeeded') throw conflict('This payment has already been completed.');

      const outcome = checkTestCard(card);
      if (outcome.result === 'invalid') throw new AppError(400, 'invalid_card', outcome.message);
      if (outcome.result === 'declined') {
        await markLocalIntentDeclined(db, id, outcome.message);
        return { status: 'declined', error: new AppError(402, outcome.code, outcome.message) };
      }
      if (!(await markLocalIntentSucceeded(db, id, outcome.lastFour)))
        throw conflict('This payment has already been completed.');
      return { status: 'succeeded' };
    },
  };
}
