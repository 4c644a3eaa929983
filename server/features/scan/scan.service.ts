import type { FinderReport } from '../../../shared/contracts/finder-reports';
import type { InsertGpsPing } from '../../../shared/schema';
import type { Db } from '../../db/connection';
import { notFound } from '../../lib/errors';
import type { NotificationsService } from '../notifications/notifications.service';
import { finderReportEmail } from './finder-report.email';
import { presentFinderReport } from './scan.presenter';
import { findPetAndOwners, insertFinderReport, listFinderReports, markReportsSeen } from './scan.repository';

interface ScanDeps {
  db: Db;
  publicUrl: string;
  notifications: NotificationsService;
}

export function createScanService({ db, publicUrl, notifications }: ScanDeps) {
  return {
    /**
     * Stores a finder's report under the pet creator's id (never one from the request) and queues an
     * e-mail to each of its owners (creator and Safety Circle) in the same transaction; the e-mails go
     * out after, without holding up the finder.
     */
    async report(input: InsertGpsPing): Promise<FinderReport> {
      const pet = await findPetAndOwners(db, input.petId);
      if (!pet) throw notFound('Pet');
      const { report, queued } = await db.transaction(async (tx) => {
        const report = await insertFinderReport(tx, { ...input, userId: pet.userId });
        const queued = [];
        for (const owner of pet.owners)
          queued.push(await notifications.queue(finderReportEmail(pet, owner, report, publicUrl), tx));
        return { report, queued };
      });
      for (const notification of queued) void notifications.deliver(notification);
      return presentFinderReport(report);
    },

    /** The owners' view of a pet's reports, newest first; opening them clears the "new" badge. */
    async reportsOfPet(userId: string, petId: string): Promise<FinderReport[]> {
      if (!(await markReportsSeen(db, petId, userId))) throw notFound('Pet');
      return (await listFinderReports(db, petId, userId)).map(presentFinderReport);
    },
  };
}
