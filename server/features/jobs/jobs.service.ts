import type { Db, Executor } from '../../db/connection';
import { leaseKeeper } from '../../lib/lease-keeper';
import { describeFailure, logger } from '../../lib/logger';
import { mapBounded } from '../../lib/map-bounded';
import {
  claimDueJobs,
  confirmJobClaim,
  deleteDoneJobs,
  insertJobs,
  type Job,
  markJobDone,
  markJobFailed,
  renewJobLeases,
} from './jobs.repository';

/** Does a job's work; throwing makes it due again later (or, with no attempts left, failed for good). */
export type JobHandler<P> = (payload: P, job: Pick<Job, 'id' | 'attempts'>) => Promise<void>;

export interface JobOptions {
  /**
   * How long after the 1st, 2nd, … failed attempt the next may start; the number of attempts is one
   * more than its length.
   */
  retryDelaysSeconds?: number[];
}

export interface EnqueueOptions {
  /** The caller's transaction: the job exists only if it commits. Call `kick()` after the commit. */
  tx?: Executor;
  /** Makes the job unique: enqueueing a key that exists (for JOB_RETENTION_DAYS after it is done) does nothing. */
  key?: string;
  runAt?: Date;
}

export interface JobsService {
  /** Says what to do with jobs of `kind`. An instance only claims the kinds it knows. */
  define<P>(kind: string, handler: JobHandler<P>, options?: JobOptions): void;
  enqueue<P>(kind: string, payload: P, options?: EnqueueOptions): Promise<void>;
  /** Many jobs of one kind at once (thousands of alerts); answers how many were new. */
  enqueueMany<P>(kind: string, items: { payload: P; key?: string }[], tx?: Executor): Promise<number>;
  /** Runs what is due soon, in this process: after a transaction that enqueued work commits. */
  kick(): void;
  /** Runs every due job until none is left; answers how many ran. For commands and tests. */
  runDue(): Promise<number>;
  /** Polls for due jobs every `intervalMs`; answers the function that stops it (waiting for the round in flight). */
  start(intervalMs?: number): () => Promise<void>;
}

export const DEFAULT_RETRY_DELAYS_SECONDS = [30, 120, 600, 3600, 6 * 3600];
/**
 * How long a claim holds a job: renewed every third of it while the job waits in its batch or runs,
 * so that a job whose instance died runs on another within about this long, and a slow one never
 * runs twice at once.
 */
export const JOB_LEASE_SECONDS = 10;
/** A done job's row, and so its key, is kept this long. */
export const JOB_RETENTION_DAYS = 30;
/** Jobs claimed at a time; of each kind, CONCURRENCY (or the kind's own) run at once, a new one as soon as one ends. */
const BATCH = 50;
const CONCURRENCY = 10;

/**
 * A durable queue in the database: work that must not block the request that caused it, and must
 * happen even if the process dies (alerts to watchers, possible matches). Each job runs once across
 * instances (FOR UPDATE SKIP LOCKED), is retried with backoff when it fails, and leaves no personal
 * data in the log: only its id, kind and the failure's code.
 */
export function createJobsService({
  db,
  leaseSeconds = JOB_LEASE_SECONDS,
}: {
  db: Db;
  leaseSeconds?: number;
}): JobsService {
  const handlers = new Map<string, { handler: JobHandler<unknown>; delays: number[] }>();
  const leases = leaseKeeper('jobs', (ids) => renewJobLeases(db, ids, leaseSeconds), (leaseSeconds * 1000) / 3);
  let round: Promise<number> | undefined;
  let again = false;
  // Once stopped (the process is shutting down) nothing more is claimed: what is queued meanwhile
  // is another instance's, at once, rather than this one's until it is killed mid-run.
  let stopped = false;

  async function attempt(job: Job) {
    const entry = handlers.get(job.kind)!;
    if (!(await confirmJobClaim(db, job.id, job.attempts, leaseSeconds))) {
      logger.info({ jobId: job.id, kind: job.kind }, 'job taken over by another instance; not run here');
      return;
    }
    try {
      await entry.handler(job.payload, job);
      leases.release(job.id);
      await markJobDone(db, job.id);
    } catch (err) {
      // Let go before the retry is planned: a renewal after it would push a retry due at once back.
      leases.release(job.id);
      const retryIn = entry.delays[job.attempts - 1] ?? null;
      const failure = describeFailure(err);
      logger[retryIn === null ? 'error' : 'warn'](
        { jobId: job.id, kind: job.kind, attempt: job.attempts, ...failure },
        retryIn === null ? 'job failed; no attempts left' : 'job failed; will retry',
      );
      await markJobFailed(
        db,
        job.id,
        [failure.error, failure.code ?? failure.status].filter(Boolean).join(' '),
        retryIn,
      );
    }
  }

  /** Claims and runs batches until nothing is due. Never throws: what fails stays due. */
  async function drain() {
    let ran = 0;
    try {
      const kinds = [...handlers.keys()];
      if (kinds.length === 0) return 0;
      let claimed: Job[];
      do {
        if (stopped) break;
        claimed = await claimDueJobs(db, { kinds, leaseSeconds, limit: BATCH });
        const batch = claimed;
        await leases.holding(
          batch.map((job) => job.id),
          () => mapBounded(batch, CONCURRENCY, attempt),
        );
        ran += claimed.length;
      } while (claimed.length === BATCH);
    } catch (err) {
      // The database is unreachable: the jobs stay due and a later round runs them.
      logger.warn(describeFailure(err), 'jobs not run');
    }
    return ran;
  }

  /** One round at a time per process; a kick during a round runs another right after it. */
  function runRound(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (round) {
      again = true;
      return round;
    }
    round = drain().finally(() => {
      round = undefined;
      if (again) {
        again = false;
        void runRound();
      }
    });
    return round;
  }

  const kick = () => {
    setImmediate(runRound);
  };

  return {
    define(kind, handler, options = {}) {
      handlers.set(kind, {
        handler: handler as JobHandler<unknown>,
        delays: options.retryDelaysSeconds ?? DEFAULT_RETRY_DELAYS_SECONDS,
      });
    },
    async enqueue(kind, payload, { tx, key, runAt } = {}) {
      await insertJobs(tx ?? db, [{ kind, payload, key, runAt }]);
      if (!tx) kick();
    },
    async enqueueMany(kind, items, tx) {
      const written = await insertJobs(
        tx ?? db,
        items.map(({ payload, key }) => ({ kind, payload, key })),
      );
      if (!tx) kick();
      return written;
    },
    kick,
    async runDue() {
      let total = 0;
      // A round may have started before the caller's jobs were written: run until one finds nothing.
      for (;;) {
        if (round) await round;
        const ran = await runRound();
        total += ran;
        if (ran === 0) return total;
      }
    },
    start(intervalMs = 1000) {
      let rounds = 0;
      const timer = setInterval(() => {
        void runRound();
        // About hourly, forget done jobs past their retention.
        if (++rounds % Math.max(1, Math.round(3_600_000 / intervalMs)) === 0) {
          deleteDoneJobs(db, JOB_RETENTION_DAYS).catch((err) =>
            logger.warn(describeFailure(err), 'old jobs not deleted'),
          );
        }
      }, intervalMs);
      timer.unref();
      return async () => {
        stopped = true;
        clearInterval(timer);
        if (round) await round;
      };
    },
  };
}
