import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Db } from '../../db/connection';
import { AppError, conflict } from '../../lib/errors';
import { claimKey, deleteExpiredKeys, findKey, type KeyOf, releaseKey, saveAnswer } from './idempotency.repository';

/** How long a create's answer is kept for a repeat: past any retry, double tap or second tab. */
export const IDEMPOTENCY_KEY_KEPT_MS = 10 * 60_000;
// A repeat that arrives while the first request still runs waits for its answer this long.
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 100;
// Expired keys are harmless (a new claim takes them over) but would pile up; one claim in this
// many also sweeps them, as the rate limits do.
const SWEEP_ONE_IN = 100;

export interface Answer {
  status: number;
  body: unknown;
  /** True when this is the first request's answer, given again. */
  replayed: boolean;
}

const hashOf = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

const keyReused = () =>
  new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request.');

/**
 * Creates that happen once per key: the first request under a key runs, and a repeat (the same
 * user, action, key and body) gets its answer instead of running again, for IDEMPOTENCY_KEY_KEPT_MS.
 * Only a success is kept; after a failure the key is free, so a retry really tries again.
 */
export function createIdempotencyService({ db }: { db: Db }) {
  async function waitForFirst(id: KeyOf, requestHash: string): Promise<Answer | 'released'> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const stored = await findKey(db, id);
      if (!stored) return 'released';
      if (stored.requestHash !== requestHash) throw keyReused();
      if (stored.status !== null) return { status: stored.status, body: stored.body, replayed: true };
      if (Date.now() > deadline)
        throw conflict('The same request is still being processed. Please wait a moment before trying again.');
      await delay(POLL_MS);
    }
  }

  return {
    async once(id: KeyOf, request: unknown, create: () => Promise<Omit<Answer, 'replayed'>>): Promise<Answer> {
      const requestHash = hashOf(request);
      for (;;) {
        if (await claimKey(db, id, requestHash, IDEMPOTENCY_KEY_KEPT_MS)) break;
        const first = await waitForFirst(id, requestHash);
        if (first !== 'released') return first;
      }
      if (Math.random() * SWEEP_ONE_IN < 1) await deleteExpiredKeys(db);
      let answer: Omit<Answer, 'replayed'>;
      try {
        answer = await create();
      } catch (error) {
        await releaseKey(db, id);
        throw error;
      }
      // Stored as the client receives it (dates as text), so a repeat reads exactly the same.
      const body = JSON.parse(JSON.stringify(answer.body ?? null));
      await saveAnswer(db, id, answer.status, body);
      return { status: answer.status, body, replayed: false };
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
