import type { Db, Executor } from '../../db/connection';
import { countHit, deleteCountersOf, deleteExpiredCounters, uncountHit } from './rate-limits.repository';

export interface RateLimitRule {
  /** Prefix of the counter's key, so that two limits never share a counter. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Whole seconds until the window resets. */
  retryAfter: number;
}

// Expired counters are harmless (the next hit resets them) but would pile up; one hit in this
// many also sweeps them, which keeps the table small without a timer in every instance.
const SWEEP_ONE_IN = 200;

/** Request counters kept in PostgreSQL, so every server instance shares them. */
export function createRateLimitsService({ db }: { db: Db }) {
  return {
    /** Counts a hit; inside a transaction (`executor`), the count stands or falls with it. */
    async hit(rule: RateLimitRule, key: string, executor: Executor = db): Promise<RateLimitResult> {
      const row = await countHit(executor, `${rule.name}:${key}`, rule.windowMs);
      if (Math.random() * SWEEP_ONE_IN < 1) await deleteExpiredCounters(executor);
      return { allowed: row.hits <= rule.limit, retryAfter: row.retryAfter };
    },

    /** Forgets what was counted against a user, whose account is going. */
    async forgetUser(userId: string): Promise<void> {
      await deleteCountersOf(db, userId);
    },

    /** Takes a hit back, for a limit that counts only failures: counted first, so that a burst cannot overtake the count. */
    async refund(rule: RateLimitRule, key: string): Promise<void> {
      await uncountHit(db, `${rule.name}:${key}`);
    },
  };
}

export type RateLimitsService = ReturnType<typeof createRateLimitsService>;
