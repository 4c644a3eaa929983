import { z } from 'zod';
import { idParam } from '../../lib/validate';

/** What each scan log route accepts. */
export const scanLogSchemas = {
  recentScans: { params: z.object({ id: idParam('Pet') }) },
  recordVisit: { params: z.object({ id: idParam('Pet') }) },
};
