import { z } from 'zod';
import { idParam } from '../../lib/validate';

/** What each matching route accepts. */
export const matchesSchemas = {
  ofPet: { params: z.object({ id: idParam('Pet') }) },
  decision: { params: z.object({ id: idParam('Pet'), foundReportId: idParam('Match') }) },
  emails: { params: z.object({ id: idParam('Pet') }), body: z.object({ email: z.boolean() }) },
  // An unsubscribe token is 32 random bytes in base64url (43 characters); anything else names nothing.
  unsubscribe: { params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Link not found') }) },
};
