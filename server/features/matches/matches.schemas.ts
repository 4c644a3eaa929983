import { z } from 'zod';
import { idParam } from '../../lib/validate';

/** What each matching route accepts. */
export const matchesSchemas = {
  ofPet: { params: z.object({ id: idParam('Pet') }) },
  decision: { params: z.object({ id: idParam('Pet'), foundReportId: idParam('Match') }) },
};
