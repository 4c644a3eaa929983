import { DrizzleQueryError } from 'drizzle-orm';

/**
 * The driver's own error behind a failed query. Drizzle wraps it in one whose message repeats the
 * query and its parameters (personal data): classify and log the driver's error instead.
 */
export const driverError = (err: unknown): unknown => (err instanceof DrizzleQueryError && err.cause ? err.cause : err);
