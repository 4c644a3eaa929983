import type { FiledFinderReport, FinderReport } from '../../../shared/contracts/finder-reports';
import type { InsertGpsPing } from '../../../shared/schema';
import type { Db } from '../../db/connection';
import { notFound } from '../../lib/errors';
import { newConversationToken } from '../conversations/conversation-token';
import type { NotificationsService } from '../notifications/notifications.service';
import { finderReportEmail } from './finder-report.email';
import { presentFiledReport, presentFinderReport } from './scan.presenter';
import { findPetAndOwner, insertFinderReport, listFinderReports, markReportsSeen } from './scan.repository';

interface ScanDeps {
  db: Db;
  publicUrl: string;
  notifications: NotificationsService;
}

export function createScanService({ db, publicUrl, notifications }: ScanDeps) {
  return {
    /**
     * Stores a finder's report under the pet owner's id (never one from the request) and queues the
     * owner's e-mail in the same transaction; the e-mail goes out after, without holding up the finder.
     * The report opens a conversation: the finder gets its secret page back.
     */
    async report(input: InsertGpsPing): Promise<FiledFinderReport> {
      const pet = await findPetAndOwner(db, input.petId);
      if (!pet) throw notFound('Pet');
      const { report, notification } = await db.transaction(async (tx) => {
        const report = await insertFinderReport(tx, {
          ...input,
          finderContact: input.finderContact || null,
          userId: pet.userId,
          conversationToken: newConversationToken(),
        });
        const notification = await notifications.queue(finderReportEmail(pet, report, publicUrl), tx);
        return { report, notification };
      });
      void notifications.deliver(notification);
      return presentFiledReport(report);
    },

    /** The owners' view of a pet's reports, newest first; opening them clears the "new" badge. */
    async reportsOfPet(userId: string, petId: string): Promise<FinderReport[]> {
      if (!(await markReportsSeen(db, petId, userId))) throw notFound('Pet');
      return (await listFinderReports(db, petId, userId)).map(presentFinderReport);
    },
  };
}
