import {
  MAX_WATCH_AREAS,
  type NewWatchArea,
  SILENT_WATCH_AREA,
  TOO_MANY_WATCH_AREAS,
  type WatchAlertsSent,
  type WatchArea,
} from '../../../shared/contracts/watch-areas';
import type { Db } from '../../db/connection';
import { badRequest, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import type { JobsService } from '../jobs/jobs.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { isPetAccessible } from '../pets/pet-access';
import type { MissingPetListener } from '../pets/pets.service';
import type { PushService } from '../push/push.service';
import { watchAlertEmail, watchAlertPush } from './watch-alert.messages';
import { presentAlertsSent, presentWatchArea } from './watch-areas.presenter';
import {
  type AlertToDeliver,
  countAlertsAbout,
  deleteWatchArea,
  findAlertsToDeliver,
  findMissingPetCell,
  insertWatchArea,
  listWatchAreas,
  markAlertsEmailed,
  markAlertsPushed,
  recordWatchAlerts,
  setWatchAreaEmail,
  takeFanOutLock,
  unsubscribeByToken,
} from './watch-areas.repository';

/** A pet went missing (or moved) with a point: find who watches it, and queue one delivery each. */
export const FAN_OUT_JOB = 'watch-areas.fan-out';
/** Watchers hear of one pet, DELIVERY_BATCH of them a job: push to their devices, and e-mail those who chose it. */
export const DELIVER_JOB = 'watch-areas.deliver';
/**
 * Alerts per delivery job: read, marked and e-mailed with a few statements for all of them, their
 * pushes sent at once. Small enough that a job ends well within its lease (30 s) even when a push
 * service keeps every request to its 5-second timeout.
 */
export const DELIVERY_BATCH = 50;

type DeliveryPayload = { alertIds: string[] } | { alertId: string };

// A push service or the database out for a while: the alert is still worth sending for some hours.
const RETRY_DELAYS_SECONDS = [30, 120, 600, 3600];

export function createWatchAreasService({
  db,
  jobs,
  push,
  notifications,
  publicUrl,
}: {
  db: Db;
  jobs: JobsService;
  push: Pick<PushService, 'notifyUsers'>;
  notifications: Pick<NotificationsService, 'queueMany' | 'deliverMany'>;
  publicUrl: string;
}) {
  /**
   * Records the alerts (one per watcher and pet, ever; within the daily cap) and queues their
   * deliveries, in one transaction: a fan-out that fails is run again and finds the ones it made.
   */
  async function fanOut({ petId }: { petId: string }) {
    const queued = await db.transaction(async (tx) => {
      const cell = await findMissingPetCell(tx, petId);
      if (!cell) return 0;
      await takeFanOutLock(tx);
      const alertIds = await recordWatchAlerts(tx, petId, cell);
      const batches: { payload: DeliveryPayload; key: string }[] = [];
      for (let i = 0; i < alertIds.length; i += DELIVERY_BATCH) {
        const batch = alertIds.slice(i, i + DELIVERY_BATCH);
        batches.push({ payload: { alertIds: batch }, key: `watch-alerts:${batch[0]}` });
      }
      await jobs.enqueueMany(DELIVER_JOB, batches, tx);
      return alertIds.length;
    });
    logger.info({ petId, watchers: queued }, 'watch alerts queued');
    if (queued > 0) jobs.kick();
  }

  /**
   * Each channel once: a delivery run again after a failure skips what it already did. The e-mails
   * are queued first, in one transaction with their alerts marked, and sent beside the pushes (every
   * device of the batch at once, within the push service's own bound): a slow push service, which
   * may keep each message to its 5-second timeout, holds up no e-mail.
   */
  async function deliver(payload: DeliveryPayload) {
    // A job queued before deliveries were batched names one alert.
    const alertIds = 'alertIds' in payload ? payload.alertIds : [payload.alertId];
    // Gone with their area, their watcher or their pet; or the pet is home before the alert went out.
    const alerts = (await findAlertsToDeliver(db, alertIds)).filter((alert) => alert.pet.isMissing);
    const emails = await queueEmails(alerts.filter((alert) => alert.wantsEmail && !alert.emailedAt));
    await Promise.all([
      notifications.deliverMany(emails),
      sendPushes(alerts.filter((a) => a.wantsPush && !a.pushedAt)),
    ]);
  }

  async function queueEmails(alerts: AlertToDeliver[]) {
    if (alerts.length === 0) return [];
    const toEmail = alerts.map((alert) => ({ alert, unsubscribe: newSecretToken() }));
    return db.transaction(async (tx) => {
      const marked = await markAlertsEmailed(
        tx,
        toEmail.map(({ alert, unsubscribe }) => ({ alertId: alert.id, tokenHash: unsubscribe.hash })),
      );
      return notifications.queueMany(
        toEmail
          .filter(({ alert }) => marked.has(alert.id))
          .map(({ alert, unsubscribe }) => watchAlertEmail(alert, unsubscribe.token, publicUrl)),
        tx,
      );
    });
  }

  async function sendPushes(alerts: AlertToDeliver[]) {
    await push.notifyUsers(
      alerts.map((alert) => ({ userId: alert.userId, message: watchAlertPush(alert.pet, alert.distanceKm) })),
    );
    await markAlertsPushed(
      db,
      alerts.map((alert) => alert.id),
    );
  }

  jobs.define(FAN_OUT_JOB, fanOut, { retryDelaysSeconds: RETRY_DELAYS_SECONDS });
  // Ten batches at once (the queue's default): four or sixteen were slower in the bench (decision 0031).
  jobs.define(DELIVER_JOB, deliver, { retryDelaysSeconds: RETRY_DELAYS_SECONDS });

  /** What the pets service tells when a pet becomes missing with a point, or its point moves. */
  const missingPetListener: MissingPetListener = {
    record: (tx, petId) => jobs.enqueue(FAN_OUT_JOB, { petId }, { tx }),
    committed: () => jobs.kick(),
  };

  return {
    missingPetListener,

    async list(userId: string): Promise<WatchArea[]> {
      return (await listWatchAreas(db, userId)).map(presentWatchArea);
    },

    async create(userId: string, input: NewWatchArea): Promise<WatchArea> {
      const area = await insertWatchArea(db, userId, input, MAX_WATCH_AREAS);
      if (!area) throw badRequest(TOO_MANY_WATCH_AREAS);
      return presentWatchArea(area);
    },

    /** E-mail on or off on one area; 400 when it would leave the area no way to alert them. */
    async setEmail(userId: string, id: string, email: boolean): Promise<WatchArea> {
      const changed = await setWatchAreaEmail(db, id, userId, email);
      if (changed.area) return presentWatchArea(changed.area);
      if (changed.silent) throw badRequest(SILENT_WATCH_AREA);
      throw notFound('Watch area');
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteWatchArea(db, id, userId))) throw notFound('Watch area');
    },

    /** How many neighbours heard of the pet; for its owners only (anyone else: 404). */
    async alertsSent(userId: string, petId: string): Promise<WatchAlertsSent> {
      if (!(await isPetAccessible(db, userId, petId))) throw notFound('Pet');
      return presentAlertsSent(await countAlertsAbout(db, petId));
    },

    /**
     * The unsubscribe link's state: undefined for a token that names nothing; with `use`, its first
     * use turns off e-mail on all of the watcher's areas.
     */
    async unsubscribe(token: string, use: boolean) {
      const state = await unsubscribeByToken(db, hashSecretToken(token), use);
      if (state && use && !state.alreadyUsed) logger.info('a watcher stopped watch alert e-mails');
      return state;
    },
  };
}

export type WatchAreasService = ReturnType<typeof createWatchAreasService>;
