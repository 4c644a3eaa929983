// Free of zod: the app's API client reads it, and the scan page's script loads that client.

/** The header a create form sends with a key of its own, so that its request counts once. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Visible ASCII, as header values travel; long enough for a UUID or 128 random bits in hex. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{16,255}$/;
