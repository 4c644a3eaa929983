import https from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushMessage } from '../../../shared/contracts/push';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/connection';
import { badRequest } from '../../lib/errors';
import { describeFailure, logger } from '../../lib/logger';
import { mapBounded } from '../../lib/map-bounded';
import { retryThroughRestart } from '../../lib/retry-through-restart';
import type { JobsService } from '../jobs/jobs.service';
import {
  deleteSubscription,
  deleteSubscriptionById,
  keptServerKey,
  type PushSubscriptionRow,
  saveSubscription,
  subscriptionById,
  subscriptionsOfPetOwners,
  subscriptionsOfUser,
  subscriptionsOfUsers,
} from './push.repository';
import type { NewPushSubscription } from './push.schemas';
import { allowedEndpoint } from './push-endpoints';

export type PushService = Awaited<ReturnType<typeof createPushService>>;

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

// A phone that was off overnight still hears of a report from the evening; a report is urgent.
const SEND_OPTIONS = { TTL: 24 * 3600, urgency: 'high', timeout: 5000 } as const;

// A VAPID token (RFC 8292) is signed for one push service's origin and may be shown until it
// expires (at most 24 hours): signed for 12, and signed again when less than one is left. The
// message itself is still encrypted for each device with a key of its own.
const VAPID_TOKEN_SECONDS = 12 * 3600;
const VAPID_RENEW_BEFORE_SECONDS = 3600;
// Connections to a push service stay open between messages (one TLS handshake, not one per
// message), up to this many at once per push service.
const SOCKETS_PER_PUSH_SERVICE = 32;
// Messages of one batch (notifyUsers) in flight at once: each waits mostly on its push service.
const SENDS_AT_ONCE = 32;

const notAllowed = () =>
  badRequest('endpoint: This push service is not supported', [
    { path: 'endpoint', message: 'This push service is not supported' },
  ]);

/** The job that alerts a pet's owners of what a stranger just did (a report, a sighting, a message). */
const PET_OWNERS_JOB = 'push.pet-owners';
/**
 * The job that sends one message again to one device whose push service could not take it then
 * (RFC 8030: 429 or a 5xx, or no answer at all), from 30 s later on, well within its 24 hours.
 */
const RETRY_JOB = 'push.retry';
const RETRY_FIRST_AFTER_MS = 30_000;

/** Whether a push service's failure may pass: too many requests, its own fault, or no answer. */
const passing = (status: number | undefined) => status === undefined || status === 429 || status >= 500;

/**
 * Alerts on the owners' devices (Web Push). The VAPID keys come from the configuration, or are
 * generated once and kept in the database, where every instance reads the same pair.
 */
export async function createPushService({
  db,
  settings,
  jobs,
}: {
  db: Db;
  settings: Config['push'];
  jobs: JobsService;
}) {
  const keys: VapidKeys =
    settings.keys.mode === 'configured' ? settings.keys : await keptServerKey(db, 'vapid', webpush.generateVAPIDKeys);
  const sending = new Set<Promise<unknown>>();
  const agent = new https.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_PUSH_SERVICE });
  const vapidTokens = new Map<string, { authorization: string; renewAt: number }>();

  /** The Authorization header for the push service at `endpoint`: its VAPID token, signed once for many messages. */
  function vapidAuthorization(endpoint: string) {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const kept = vapidTokens.get(audience);
    if (kept && kept.renewAt > now) return kept.authorization;
    const expiresAt = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization: authorization } = webpush.getVapidHeaders(
      audience,
      settings.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiresAt,
    );
    vapidTokens.set(audience, { authorization, renewAt: (expiresAt - VAPID_RENEW_BEFORE_SECONDS) * 1000 });
    return authorization;
  }

  /**
   * Sends `message` to one device. A failure that may pass is tried again from the queue, once per
   * device (`retrying`: this is that try, which the queue itself repeats), so that no device that
   * took the message gets it twice.
   */
  async function send(subscription: PushSubscriptionRow, message: PushMessage, retrying = false) {
    // Checked again: the list of allowed hosts may have changed since the browser subscribed.
    const endpoint = allowedEndpoint(subscription.endpoint, settings.extraHosts);
    if (!endpoint) {
      logger.warn({ subscriptionId: subscription.id }, 'push alert not sent: push service not allowed');
      return 'refused';
    }
    try {
      await webpush.sendNotification(
        { endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(message),
        // The signed token goes as the header; without vapidDetails the library signs none of its own.
        { ...SEND_OPTIONS, headers: { Authorization: vapidAuthorization(endpoint) }, agent },
      );
      return 'sent';
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      if (status === 404 || status === 410) {
        await deleteSubscriptionById(db, subscription.id);
        logger.info({ subscriptionId: subscription.id, status }, 'push subscription gone; removed');
        return 'removed';
      }
      const retry = passing(status);
      if (retry && retrying) throw err;
      logger.warn(
        { subscriptionId: subscription.id, ...describeFailure(err), status },
        retry ? 'push alert not sent; will retry' : 'push alert not sent',
      );
      // Its database away too: the message is lost to this device, as it was before any retry.
      if (retry)
        await jobs
          .enqueue(
            RETRY_JOB,
            { subscriptionId: subscription.id, message },
            { runAt: new Date(Date.now() + RETRY_FIRST_AFTER_MS) },
          )
          // Described, not quoted: the failed query's parameters hold the message.
          .catch((error) =>
            logger.warn({ subscriptionId: subscription.id, ...describeFailure(error) }, 'push retry not queued'),
          );
      return 'failed';
    }
  }

  /** Sends `message` to each of `subscriptions`; answers how many devices took it, or are gone. */
  async function sendToEach(subscriptions: PushSubscriptionRow[], message: PushMessage) {
    const results = await Promise.all(subscriptions.map((subscription) => send(subscription, message)));
    const count = (result: string) => results.filter((r) => r === result).length;
    return { devices: subscriptions.length, sent: count('sent'), removed: count('removed'), failed: count('failed') };
  }

  /**
   * Sends `message` to every device of the pet's owners. `waitForDatabase`: should the database be
   * away as the devices are read, they are read once it is back (a caller with no queue behind it);
   * else the failure throws, and the job is tried again, by any instance. A push service's never does.
   */
  async function notify(petId: string, message: PushMessage, waitForDatabase: boolean) {
    const read = () => subscriptionsOfPetOwners(db, petId);
    const subscriptions = waitForDatabase
      ? await retryThroughRestart(read, (err) =>
          logger.warn({ petId, ...describeFailure(err) }, 'push alerts waiting for the database'),
        )
      : await read();
    const results = await sendToEach(subscriptions, message);
    logger.info({ petId, ...results }, 'push alerts sent');
  }

  jobs.define<{ petId: string; message: PushMessage }>(PET_OWNERS_JOB, ({ petId, message }) =>
    notify(petId, message, false),
  );
  // A device gone meanwhile is done with; a push service still failing throws, and the queue tries later.
  jobs.define<{ subscriptionId: string; message: PushMessage }>(RETRY_JOB, async ({ subscriptionId, message }) => {
    const subscription = await subscriptionById(db, subscriptionId);
    if (subscription) await send(subscription, message, true);
  });

  return {
    /** The VAPID public key (URL-safe base64) a browser subscribes with. */
    publicKey: keys.publicKey,

    /** Registers this browser's subscription for `userId`; 400 for a push service the server never reaches. */
    async subscribe(userId: string, subscription: NewPushSubscription) {
      const endpoint = allowedEndpoint(subscription.endpoint, settings.extraHosts);
      if (!endpoint) throw notAllowed();
      await saveSubscription(db, { userId, endpoint, ...subscription.keys });
    },

    /** Turns this browser's alerts off for `userId`. */
    async unsubscribe(userId: string, endpoint: string) {
      await deleteSubscription(db, userId, allowedEndpoint(endpoint, settings.extraHosts) ?? endpoint);
    },

    /**
     * Queues `message` for every device of the pet's creator and Safety Circle, in `tx`, the
     * transaction that stores what it tells of: it is sent even if this process dies the moment
     * after (by another instance, from the queue). Call `sendQueued()` once `tx` commits.
     */
    queueForPetOwners: (tx: Executor, petId: string, message: PushMessage) =>
      jobs.enqueue(PET_OWNERS_JOB, { petId, message }, { tx }),

    /** Sends what was queued at once, in this process (the queue's own round would within a second). */
    sendQueued: () => jobs.kick(),

    /**
     * Sends `message` to every device of the pet's creator and Safety Circle, from a job of the
     * caller's own (a match's alert, a scan's). Never throws: the event has already happened;
     * failures are logged by ids and status codes only.
     */
    notifyPetOwners(petId: string, message: PushMessage): Promise<void> {
      const done = notify(petId, message, true).catch((err) => {
        logger.error({ petId, ...describeFailure(err) }, 'push alerts failed');
      });
      sending.add(done);
      void done.finally(() => sending.delete(done));
      return done;
    },

    /**
     * Sends `message` to every device of `userId` and waits for each push service's answer (a
     * subscription that is gone is removed). For a queued job: a database failure throws, so the
     * job is tried again; a push service's failure does not.
     */
    notifyUser: async (userId: string, message: PushMessage) =>
      sendToEach(await subscriptionsOfUser(db, userId), message),

    /**
     * `notifyUser` for many people at once (a batch of alerts), each with their own message: one
     * query for all their devices, SENDS_AT_ONCE messages in flight. Throws only when the database
     * does; answers how many devices took a message.
     */
    async notifyUsers(messages: { userId: string; message: PushMessage }[]) {
      if (messages.length === 0) return { devices: 0, sent: 0 };
      const byUser = new Map(messages.map(({ userId, message }) => [userId, message]));
      const subscriptions = await subscriptionsOfUsers(db, [...byUser.keys()]);
      const results = await mapBounded(subscriptions, SENDS_AT_ONCE, (subscription) =>
        send(subscription, byUser.get(subscription.userId)!),
      );
      return { devices: subscriptions.length, sent: results.filter((r) => r === 'sent').length };
    },

    /** Waits for the alerts being sent (each push service has 5 seconds), so the database outlives them. */
    async close() {
      await Promise.allSettled([...sending]);
      agent.destroy();
    },
  };
}
