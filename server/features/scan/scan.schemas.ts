import { z } from 'zod';
import { insertGpsPingSchema } from '../../../shared/schema';
import { idParam } from '../../lib/validate';

/** What each scan route accepts. */
export const scanSchemas = {
  report: { body: insertGpsPingSchema },
  reportsOfPet: { params: z.object({ id: idParam('Pet') }) },
};
