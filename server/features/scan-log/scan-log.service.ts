import { createIsbotFromList, list } from 'isbot';
import type { ScanVisit } from '../../../shared/contracts/scan-visits';
import type { Db } from '../../db/connection';
import { notFound } from '../../lib/errors';
import { describeFailure, logger } from '../../lib/logger';
import { retryThroughRestart } from '../../lib/retry-through-restart';
import type { NotificationsService } from '../notifications/notifications.service';
import { isPetAccessible, listPetOwners } from '../pets/pet-access';
import type { PushService } from '../push/push.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { scanAlertEmail, scanAlertPush } from './scan-alert.messages';
import { presentScanVisit } from './scan-log.presenter';
import { attachPosition, claimScanAlert, insertVisit, listRecentVisits } from './scan-log.repository';

export type ScanLogService = ReturnType<typeof createScanLogService>;

interface ScanLogDeps {
  db: Db;
  publicUrl: string;
  notifications: NotificationsService;
  push: PushService;
  rateLimits: RateLimitsService;
}

/**
 * Visits recorded per pet from one visitor (an address, or an account when signed in): a finder
 * opens the page a few times, a script hundreds, which would bury the real ones in Recent Scans.
 */
export const SCAN_VISIT_LIMIT = { name: 'scan-visit', limit: 5, windowMs: 60 * 60_000 };

/**
 * A link preview's fetcher (a chat app unfurling the link an owner shared, a search engine's
 * crawler) is no one opening the page: recorded, it listed strangers in Recent Scans and told a
 * worried owner their tag was scanned. Known by its user agent, with the list `isbot` keeps; a
 * browser someone drives by script (headless, Playwright, Selenium) renders the page for a person
 * and counts.
 */
const isLinkFetcher = createIsbotFromList(
  list.filter((pattern) => !['headless', 'playwright', 'selenium', 'phantomjs'].includes(pattern)),
);

// About a kilometre: enough to tell the owner which part of town, not which house.
const approximate = (coordinate: string) => Number(coordinate).toFixed(2);
const isCoordinate = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

/** Who opened a pet's scan page, and when; while the pet is missing its owners hear of it. */
export function createScanLogService({ db, publicUrl, notifications, push, rateLimits }: ScanLogDeps) {
  async function alertOwners(petId: string) {
    const pet = await claimScanAlert(db, petId);
    if (!pet) return;
    const owners = await listPetOwners(db, petId);
    const emails = await Promise.all(owners.map((owner) => notifications.queue(scanAlertEmail(pet, owner, publicUrl))));
    logger.info({ petId }, 'scan alert sent');
    await Promise.all([...emails.map(notifications.deliver), push.notifyPetOwners(petId, scanAlertPush(pet))]);
  }

  return {
    /**
     * Records a visit to the scan page of `petId`, unless the visitor is a link's fetcher, or
     * (`visitor.id`, when signed in) one of its owners, or already had SCAN_VISIT_LIMIT visits to it
     * recorded (counted by account, else by `visitor.address`). Never throws: the page is shown
     * whatever happens here, and no visitor waits for it (the server's page records it after
     * answering, the app's page does not wait for its request's answer).
     */
    async recordVisit(
      petId: string,
      visitor: { id?: string; address?: string; userAgent?: string } = {},
    ): Promise<void> {
      if (isLinkFetcher(visitor.userAgent)) return;
      // A scan while the database restarts is recorded once it is back: the page has been shown,
      // and the visit may be the one that alerts the owners of a missing pet.
      const whileAway = (err: unknown) =>
        logger.warn({ petId, ...describeFailure(err) }, 'scan visit waiting for the database');
      try {
        const who = visitor.id ? `user:${visitor.id}` : visitor.address ? `address:${visitor.address}` : undefined;
        const counted = () => rateLimits.hit(SCAN_VISIT_LIMIT, `${who}:${petId}`);
        if (who && !(await retryThroughRestart(counted, whileAway)).allowed) return;
        if (await retryThroughRestart(() => insertVisit(db, petId, visitor.id), whileAway)) await alertOwners(petId);
      } catch (err) {
        logger.error({ petId, ...describeFailure(err) }, 'scan visit not recorded');
      }
    },

    /** A finder shared their position: the visit gets it, rounded. Never throws either. */
    async recordSharedPosition(petId: string, latitude: string, longitude: string): Promise<void> {
      if (!isCoordinate(latitude) || !isCoordinate(longitude)) return;
      try {
        await attachPosition(db, petId, { latitude: approximate(latitude), longitude: approximate(longitude) });
      } catch (err) {
        logger.error({ petId, ...describeFailure(err) }, 'scan position not recorded');
      }
    },

    /** The latest visits, for the pet's owners. */
    async recentScans(userId: string, petId: string): Promise<ScanVisit[]> {
      if (!(await isPetAccessible(db, userId, petId))) throw notFound('Pet');
      return (await listRecentVisits(db, petId, userId)).map(presentScanVisit);
    },
  };
}
