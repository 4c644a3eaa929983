import { z } from 'zod';

// The addresses of a found pet's pages. The management link's token is 256 random bits
// (server/lib/secret-token.ts), 43 base64url characters; only its hash is stored.

export { foundPetPath } from '../../../shared/contracts/found-pet-path';
export const managePath = (token: string) => `/found-pet/manage/${token}`;

/** A token in a path; anything that cannot be one names no report (404, see `validate`). */
export const manageTokenParam = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Found pet not found');
