import type { Request, RequestHandler } from 'express';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';
import type { RateLimitRule, RateLimitsService } from '../features/rate-limits/rate-limits.service';
import { RateLimitedError } from './errors';

/** A wait in words a person reads at a glance: '1 minute', '12 minutes', '3 hours' (or '3 horas'). */
export function waitInWords(seconds: number, language: Language = DEFAULT_LANGUAGE) {
  const minutes = Math.ceil(seconds / 60);
  const [amount, unit] = minutes <= 90 ? [minutes, 'minute'] : [Math.ceil(minutes / 60), 'hour'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
}

/**
 * Middleware: at most `limit` requests per `windowMs` for each key; beyond that a 429 with a JSON
 * message and Retry-After. A message may name the wait (`(wait) => \`Try again in ${wait}.\``), or
 * be said in the request's language (`(wait, req) => ...`).
 * Mount it after body validation when the key uses the body.
 */
export function rateLimit(
  limits: RateLimitsService,
  rule: RateLimitRule & { key: (req: Request) => string; message: string | ((wait: string, req: Request) => string) },
): RequestHandler {
  return async (req, _res, next) => {
    const result = await limits.hit(rule, rule.key(req));
    if (!result.allowed) {
      const { message } = rule;
      const text = typeof message === 'string' ? message : message(waitInWords(result.retryAfter), req);
      throw new RateLimitedError(text, result.retryAfter);
    }
    next();
  };
}
