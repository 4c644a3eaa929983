import type { InsertGpsPing } from '../../../shared/contracts/finder-report-schema';
import type { FiledFinderReport, FinderReport } from '../../../shared/contracts/finder-reports';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import type { Db } from '../../db/connection';
import { notFound, RateLimitedError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { waitInWords } from '../../lib/rate-limit';
import { newConversationToken } from '../conversations/conversation-token';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PushService } from '../push/push.service';
import type { ScanLogService } from '../scan-log/scan-log.service';
import { finderReportEmail } from './finder-report.email';
import { finderReportPush } from './finder-report.push';
import { presentFiledReport, presentFinderReport } from './scan.presenter';
import {
  findPetAndOwners,
  insertFinderReport,
  listFinderReports,
  lockReportsToOwner,
  markReportsSeen,
  secondsUntilUnderLimit,
} from './scan.repository';

/**
 * However many addresses a flood comes from, an owner gets at most this many reports (each one an
 * e-mail): per pet in an hour, and across all their pets in a day. The per-address limit is in the routes.
 */
export const FINDER_REPORT_QUOTAS = {
  perPet: { limit: 20, windowMs: 60 * 60_000 },
  perOwner: { limit: 60, windowMs: 24 * 60 * 60_000 },
};

/** Said to the finder, by the dialog or the form, in the language they read the page in. */
const tooManyReports = (seconds: number, language: Language) =>
  new RateLimitedError(
    translator(language)('pages.ownerHasManyReports', { wait: waitInWords(seconds, language) }),
    seconds,
  );

interface ScanDeps {
  db: Db;
  publicUrl: string;
  notifications: NotificationsService;
  push: PushService;
  scanLog: ScanLogService;
}

export function createScanService({ db, publicUrl, notifications, push, scanLog }: ScanDeps) {
  return {
    /**
     * Stores a finder's report under the pet creator's id (never one from the request) and queues an
     * e-mail to each of its owners (creator and Safety Circle) in the same transaction; the e-mails
     * and the push alerts go out after, without holding up the finder. Past the owner's quotas the
     * report is refused with 429, and neither stored nor sent. The report opens a conversation: the
     * finder gets its secret page back. The report keeps the finder's language: what the finder
     * receives later (the owners' replies, the thank-you) is written in it.
     */
    async report(input: InsertGpsPing, language: Language = DEFAULT_LANGUAGE): Promise<FiledFinderReport> {
      const pet = await findPetAndOwners(db, input.petId);
      if (!pet) throw notFound('Pet');
      const { report, queued } = await db.transaction(async (tx) => {
        await lockReportsToOwner(tx, pet.userId);
        const wait = Math.max(
          await secondsUntilUnderLimit(tx, { petId: pet.id }, FINDER_REPORT_QUOTAS.perPet),
          await secondsUntilUnderLimit(tx, { ownerId: pet.userId }, FINDER_REPORT_QUOTAS.perOwner),
        );
        if (wait > 0) throw tooManyReports(wait, language);
        const report = await insertFinderReport(tx, {
          ...input,
          finderContact: input.finderContact || null,
          userId: pet.userId,
          conversationToken: newConversationToken(),
          locale: language,
        });
        const queued = [];
        for (const owner of pet.owners)
          queued.push(await notifications.queue(finderReportEmail(pet, owner, report, publicUrl), tx));
        return { report, queued };
      });
      for (const notification of queued) void notifications.deliver(notification);
      void push.notifyPetOwners(pet.id, finderReportPush(pet, report));
      if (report.finderLatitude && report.finderLongitude)
        void scanLog.recordSharedPosition(pet.id, report.finderLatitude, report.finderLongitude);
      return presentFiledReport(report);
    },

    /** The owners' view of a pet's reports, newest first; opening them clears the "new" badge. */
    async reportsOfPet(userId: string, petId: string): Promise<FinderReport[]> {
      if (!(await markReportsSeen(db, petId, userId))) throw notFound('Pet');
      return (await listFinderReports(db, petId, userId)).map(presentFinderReport);
    },
  };
}
