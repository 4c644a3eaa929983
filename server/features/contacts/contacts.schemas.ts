import { z } from 'zod';
import { idParam } from '../../lib/validate';

// A confirmation token as the server makes them (32 random bytes, base64url); anything else names nothing.
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link has expired or has already been used.');

/** What each contacts route accepts. */
export const contactsSchemas = {
  confirm: { params: z.object({ id: idParam('Pet') }) },
  link: { params: z.object({ token }) },
};
