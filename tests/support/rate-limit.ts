import { expect } from 'vitest';
import type { Reply } from './session';

/**
 * Asserts a refusal by a limit counted over an hour: 429, the API's error body with `message`,
 * and a Retry-After, in seconds, of no more than that hour.
 */
export function expectRefusedForTheHour(refused: Reply, message: string) {
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ code: 'rate_limited', message });
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(3500);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}
