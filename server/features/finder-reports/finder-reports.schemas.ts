import { z } from 'zod';
import { finderReportSchema } from '../../../shared/contracts/finder-report-schema';
import { idParam } from '../../lib/validate';

/** What each finder-report route accepts. */
export const finderReportsSchemas = {
  report: { body: finderReportSchema },
  reportsOfPet: { params: z.object({ id: idParam('Pet') }) },
};
