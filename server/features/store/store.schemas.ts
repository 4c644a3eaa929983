import { z } from 'zod';
import { idParam } from '../../lib/validate';

/** What each store route accepts. */
export const storeSchemas = {
  product: { params: z.object({ id: idParam('Product') }) },
};
