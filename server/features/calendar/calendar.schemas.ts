import { z } from 'zod';

// A token is 32 random bytes (newSecretToken), base64url: 43 characters that are safe in a path.
/** What each calendar route accepts. A token that cannot be one is not found, like an unknown one. */
export const calendarSchemas = {
  feed: { params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Calendar not found') }) },
};
