import type { Request, RequestHandler } from 'express';
import type { RateLimitRule, RateLimitsService } from '../features/rate-limits/rate-limits.service';
import { RateLimitedError } from './errors';

/**
 * Middleware: at most `limit` requests per `windowMs` for each key; beyond that a 429 with a JSON
 * message and Retry-After. Mount it after body validation when the key uses the body.
 */
export function rateLimit(
  limits: RateLimitsService,
  rule: RateLimitRule & { key: (req: Request) => string; message: string },
): RequestHandler {
  return async (req, _res, next) => {
    const result = await limits.hit(rule, rule.key(req));
    if (!result.allowed) throw new RateLimitedError(rule.message, result.retryAfter);
    next();
  };
}
