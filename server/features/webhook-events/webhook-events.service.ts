import type { Db } from '../../db/connection';
import { isEventProcessed, markEventProcessed, type WebhookSource } from './webhook-events.repository';

/** The providers' webhook deliveries, Stripe's and Printify's, counted once each by their event id. */
export function createWebhookEventsService({ db }: { db: Db }) {
  return {
    /**
     * Runs `apply` once per event id: senders deliver an event more than once. An event is recorded
     * only once `apply` has done its work, so one that failed (and answered 5xx) is applied again
     * when the sender retries.
     */
    async oncePer(eventId: string, source: WebhookSource, apply: () => Promise<void>) {
      if (await isEventProcessed(db, eventId)) return;
      await apply();
      await markEventProcessed(db, eventId, source);
    },
  };
}

export type WebhookEventsService = ReturnType<typeof createWebhookEventsService>;
