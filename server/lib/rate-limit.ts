import type { Request, RequestHandler } from 'express';
import type { RateLimitRule, RateLimitsService } from '../features/rate-limits/rate-limits.service';
import { RateLimitedError } from './errors';

/** A wait in words a person reads at a glance: '1 minute', '12 minutes', '3 hours'. */
export function waitInWords(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/**
 * Middleware: at most `limit` requests per `windowMs` for each key; beyond that a 429 with a JSON
 * message and Retry-After. A message may name the wait (`(wait) => \`Try again in ${wait}.\``).
 * Mount it after body validation when the key uses the body.
 */
export function rateLimit(
  limits: RateLimitsService,
  rule: RateLimitRule & { key: (req: Request) => string; message: string | ((wait: string) => string) },
): RequestHandler {
  return async (req, _res, next) => {
    const result = await limits.hit(rule, rule.key(req));
    if (!result.allowed) {
      const { message } = rule;
      const text = typeof message === 'string' ? message : message(waitInWords(result.retryAfter));
      throw new RateLimitedError(text, result.retryAfter);
    }
    next();
  };
}
