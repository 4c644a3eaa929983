import type { InsertGpsPing } from '../../../shared/schema';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { notifier } from '../notifications/notifications.service';
import { finderReportEmail } from './finder-report.email';
import { findPetAndOwner, insertFinderReport, listFinderReports, markReportsSeen } from './scan.repository';

export function createFinderReports(ctx: AppContext) {
  const { config, db } = ctx;
  const mail = notifier(ctx);

  return {
    /**
     * Stores a finder's report under the pet owner's id (never one from the request) and queues the
     * owner's e-mail in the same transaction; the e-mail goes out after, without holding up the finder.
     */
    async create(input: InsertGpsPing) {
      const pet = await findPetAndOwner(db, input.petId);
      if (!pet) throw notFound('Pet');
      const { report, notification } = await db.transaction(async (tx) => {
        const report = await insertFinderReport(tx, { ...input, userId: pet.userId });
        const notification = await mail.queue(finderReportEmail(pet, report, config.publicUrl), tx);
        return { report, notification };
      });
      void mail.deliver(notification);
      return report;
    },

    /** The owner's view of a pet's reports, newest first; opening them clears the "new" badge. */
    async listForOwner(userId: string, petId: string) {
      if (!(await markReportsSeen(db, petId, userId))) throw notFound('Pet');
      return listFinderReports(db, petId, userId);
    },
  };
}
