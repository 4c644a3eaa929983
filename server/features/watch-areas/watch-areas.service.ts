import {
  MAX_WATCH_AREAS,
  type NewWatchArea,
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
  countAlertsAbout,
  deleteWatchArea,
  findAlertToDeliver,
  findMissingPetCell,
  insertWatchArea,
  listWatchAreas,
  markAlertEmailed,
  markAlertPushed,
  recordWatchAlerts,
  takeFanOutLock,
  unsubscribeByToken,
} from './watch-areas.repository';

/** A pet went missing (or moved) with a point: find who watches it, and queue one delivery each. */
export const FAN_OUT_JOB = 'watch-areas.fan-out';
/** One watcher hears of one pet: push to their devices, and e-mail if they chose it. */
export const DELIVER_JOB = 'watch-areas.deliver';

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
  push: Pick<PushService, 'notifyUser'>;
  notifications: Pick<NotificationsService, 'queue' | 'deliver'>;
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
      await jobs.enqueueMany(
        DELIVER_JOB,
        alertIds.map((alertId) => ({ payload: { alertId }, key: `watch-alert:${alertId}` })),
        tx,
      );
      return alertIds.length;
    });
    logger.info({ petId, watchers: queued }, 'watch alerts queued');
    if (queued > 0) jobs.kick();
  }

  /** Each channel once: a delivery run again after a failure skips what it already did. */
  async function deliver({ alertId }: { alertId: string }) {
    const alert = await findAlertToDeliver(db, alertId);
    // Gone with its area, its watcher or its pet; or the pet is home before the alert went out.
    if (!alert?.pet.isMissing) return;
    if (alert.wantsPush && !alert.pushedAt) {
      await push.notifyUser(alert.userId, watchAlertPush(alert.pet, alert.distanceKm));
      await markAlertPushed(db, alert.id);
    }
    if (alert.wantsEmail && !alert.emailedAt) {
      const unsubscribe = newSecretToken();
      const email = await db.transaction(async (tx) => {
        await markAlertEmailed(tx, alert.id, unsubscribe.hash);
        return notifications.queue(watchAlertEmail(alert, unsubscribe.token, publicUrl), tx);
      });
      await notifications.deliver(email);
    }
  }

  jobs.define(FAN_OUT_JOB, fanOut, { retryDelaysSeconds: RETRY_DELAYS_SECONDS });
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
