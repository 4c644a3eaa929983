import { lt, sql } from 'drizzle-orm';
import type { Request, RequestHandler } from 'express';
import { rateLimits } from '../../shared/schema';
import type { Db } from '../db/connection';
import { AppError } from './errors';

export interface RateLimitRule {
  /** Prefix of the counter's key, so that two limits never share a counter. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  /** Whole seconds until the window resets. */
  retryAfter: number;
}

// Expired counters are harmless (the next hit resets them) but would pile up; one hit in this
// many also sweeps them, which keeps the table small without a timer in every instance.
const SWEEP_ONE_IN = 200;

/**
 * Counts one hit against `key` in PostgreSQL, so every server instance shares the same counters.
 * A single upsert makes it atomic: concurrent hits cannot both read a stale count.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, key: string): Promise<RateLimitResult> {
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({
      key: `${rule.name}:${key}`,
      hits: 1,
      resetAt: sql`now() + make_interval(secs => ${rule.windowMs / 1000})`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.resetAt} - now())))::int`,
    });
  if (Math.random() * SWEEP_ONE_IN < 1) await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
  return { allowed: row.hits <= rule.limit, hits: row.hits, retryAfter: row.retryAfter };
}

/**
 * Middleware: at most `limit` requests per `windowMs` for each key; beyond that a 429 with a JSON
 * message and Retry-After. Mount it after body validation when the key uses the body.
 */
export function rateLimit(
  db: Db,
  rule: RateLimitRule & { key: (req: Request) => string; message: string },
): RequestHandler {
  return async (req, res, next) => {
    const result = await hitRateLimit(db, rule, rule.key(req));
    if (!result.allowed) {
      res.setHeader('Retry-After', String(result.retryAfter));
      throw new AppError(429, 'rate_limited', rule.message);
    }
    next();
  };
}
