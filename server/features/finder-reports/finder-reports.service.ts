import type { FinderReportInput } from '../../../shared/contracts/finder-report-schema';
import type { FiledFinderReport, FinderReport } from '../../../shared/contracts/finder-reports';
import type { Language } from '../../../shared/i18n/languages';
import type { finderReports } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { notFound, RateLimitedError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { waitInWords } from '../../lib/rate-limit';
import { newConversationLink } from '../conversations/conversation-token';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PushService } from '../push/push.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import type { ScanLogService } from '../scan-log/scan-log.service';
import { finderReportEmail } from './finder-report.email';
import { finderReportPush } from './finder-report.push';
import { presentFiledReport, presentFinderReport } from './finder-reports.presenter';
import {
  findPetAndOwners,
  insertFinderReport,
  insertReportWithoutLink,
  listFinderReports,
  lockReportsToOwner,
  markReportsSeen,
  secondsUntilUnderLimit,
} from './finder-reports.repository';

/** Per finder's address and pet: enough for a real finder to correct a report, too few to spam an owner. */
export const FINDER_REPORT_LIMIT = { name: 'finder-reports', limit: 10, windowMs: 60_000 };

/**
 * However many addresses a flood comes from, an owner gets at most this many reports (each one an
 * e-mail): per pet in an hour, and across all their pets in a day.
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

/** Who is filing a report: the language they read the page in, and the address they send from. */
export interface Finder {
  language: Language;
  address: string | undefined;
}

interface FinderReportsDeps {
  db: Db;
  rateLimits: RateLimitsService;
  publicUrl: string;
  notifications: NotificationsService;
  push: PushService;
  scanLog: ScanLogService;
}

export function createFinderReportsService({
  db,
  rateLimits,
  publicUrl,
  notifications,
  push,
  scanLog,
}: FinderReportsDeps) {
  return {
    /**
     * The one road of a finder's report, from the scan page's dialog and its form without script
     * alike. Past a limit (the finder's address for this pet, then the owner's quotas) the report is
     * refused with 429, in the finder's language, and neither stored nor sent. Otherwise it is stored
     * under the pet creator's id (never one from the request) with an e-mail queued to each of its
     * owners (creator and Safety Circle) in the same transaction; the e-mails and the push alerts go
     * out after, without holding up the finder. The report opens a conversation: the finder gets its
     * secret page back. It keeps the finder's language: what the finder receives later (the owners'
     * replies, the thank-you) is written in it.
     */
    async report(input: FinderReportInput, { language, address }: Finder): Promise<FiledFinderReport> {
      const limit = await rateLimits.hit(FINDER_REPORT_LIMIT, `${address ?? 'unknown'}:${input.petId}`);
      if (!limit.allowed) throw new RateLimitedError(translator(language)('pages.tooManyReports'), limit.retryAfter);
      const pet = await findPetAndOwners(db, input.petId);
      if (!pet) throw notFound('Pet');
      const link = newConversationLink();
      const { report, queued } = await db.transaction(async (tx) => {
        await lockReportsToOwner(tx, pet.userId);
        const wait = Math.max(
          await secondsUntilUnderLimit(tx, { petId: pet.id }, FINDER_REPORT_QUOTAS.perPet),
          await secondsUntilUnderLimit(tx, { ownerId: pet.userId }, FINDER_REPORT_QUOTAS.perOwner),
        );
        if (wait > 0) throw tooManyReports(wait, language);
        const report = await insertFinderReport(
          tx,
          { ...input, finderContact: input.finderContact || null, userId: pet.userId, locale: language },
          link.hash,
        );
        const queued = [];
        for (const owner of pet.owners)
          queued.push(await notifications.queue(finderReportEmail(pet, owner, report, publicUrl), tx));
        await push.queueForPetOwners(tx, pet.id, finderReportPush(pet, report));
        return { report, queued };
      });
      for (const notification of queued) void notifications.deliver(notification);
      push.sendQueued();
      if (report.finderLatitude && report.finderLongitude)
        void scanLog.recordSharedPosition(pet.id, report.finderLatitude, report.finderLongitude);
      return presentFiledReport(report, link.token);
    },

    /**
     * The report a found-pet claim files on the owner's pet, in the caller's transaction: it carries
     * the found report's place and the finder's contact, so the conversation, the owners' replies
     * and the e-mails to the finder run as for any report. No e-mail to the owners (one of them made
     * the claim) and no rate limit (a claim is a signed-in owner's, once per found report).
     */
    async fileForFoundPet(
      tx: Executor,
      values: Pick<
        typeof finderReports.$inferInsert,
        | 'petId'
        | 'userId'
        | 'finderLocation'
        | 'finderLatitude'
        | 'finderLongitude'
        | 'finderContact'
        | 'message'
        | 'locale'
      >,
    ) {
      return insertReportWithoutLink(tx, { ...values, finderName: null });
    },

    /** The owners' view of a pet's reports, newest first; opening them clears the "new" badge. */
    async reportsOfPet(userId: string, petId: string): Promise<FinderReport[]> {
      if (!(await markReportsSeen(db, petId, userId))) throw notFound('Pet');
      return (await listFinderReports(db, petId, userId)).map(presentFinderReport);
    },
  };
}

export type FinderReportsService = ReturnType<typeof createFinderReportsService>;
