import crypto from 'node:crypto';

// Secret links (DESIGN.md section 6): 256 random bits in the link, only their SHA-256 in the
// database, so a copy of the database opens nothing.

/** The hash under which a secret link's token is stored and looked up. */
export const hashSecretToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new token for a link, and the hash to store. */
export function newSecretToken() {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}
