import { z } from 'zod';
import { newWatchAreaSchema, watchAreaEmailSchema } from '../../../shared/contracts/watch-areas';
import { idParam } from '../../lib/validate';

/** What each watch-areas route accepts. */
export const watchAreasSchemas = {
  create: { body: newWatchAreaSchema },
  byId: { params: z.object({ id: idParam('Watch area') }) },
  setEmail: { params: z.object({ id: idParam('Watch area') }), body: watchAreaEmailSchema },
  pet: { params: z.object({ id: idParam('Pet') }) },
  // An unsubscribe token is 32 random bytes in base64url (43 characters); anything else names nothing.
  unsubscribe: { params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Link not found') }) },
};
