import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../shared/schema';
import { eventually } from '../../../tests/support/eventually';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { claimDueJobs, confirmJobClaim } from './jobs.repository';
import { createJobsService } from './jobs.service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** A kind of job no other test (nor the app) knows, so that only this test's services claim it. */
const newKind = () => `test-${randomUUID().slice(0, 8)}`;
const rowsOf = (kind: string) => app.database.db.select().from(jobs).where(eq(jobs.kind, kind));

describe('the job queue', () => {
  it('when a job is enqueued, then its handler runs once with its payload and the job is done', async () => {
    const kind = newKind();
    const queue = createJobsService({ db: app.database.db });
    const seen: unknown[] = [];
    queue.define<{ petId: string }>(kind, async (payload) => {
      seen.push(payload);
    });
    await queue.enqueue(kind, { petId: 'a' });
    await queue.runDue();
    await queue.runDue();
    expect(seen).toEqual([{ petId: 'a' }]);
    const [row] = await rowsOf(kind);
    expect(row.doneAt).not.toBeNull();
  });

  it('when a job fails, then it is due again after its delay, and failed for good with no attempts left', async () => {
    const kind = newKind();
    const queue = createJobsService({ db: app.database.db });
    let calls = 0;
    queue.define(
      kind,
      async () => {
        calls++;
        throw Object.assign(new Error('push service said 503'), { code: 'E503' });
      },
      { retryDelaysSeconds: [0, 0] },
    );
    await queue.enqueue(kind, {});
    await queue.runDue();
    expect(calls).toBe(3);
    const [row] = await rowsOf(kind);
    expect(row.failedAt).not.toBeNull();
    // The error's kind and code only: a message may quote a person's address.
    expect(row.lastError).toBe('Error E503');
  });

  it('when a failed job is retried, then it waits for its delay first', async () => {
    const kind = newKind();
    const queue = createJobsService({ db: app.database.db });
    let calls = 0;
    queue.define(
      kind,
      async () => {
        calls++;
        throw new Error('down');
      },
      { retryDelaysSeconds: [3600] },
    );
    await queue.enqueue(kind, {});
    await queue.runDue();
    expect(calls).toBe(1);
    const [row] = await rowsOf(kind);
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);
    expect(row.failedAt).toBeNull();
  });

  it('when two instances run the same queue, then each of many jobs runs exactly once', async () => {
    const kind = newKind();
    const runs = new Map<number, number>();
    const instances = [0, 1].map(() => {
      const queue = createJobsService({ db: app.database.db });
      queue.define<{ n: number }>(kind, async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      });
      return queue;
    });
    const written = await instances[0].enqueueMany(
      kind,
      Array.from({ length: 300 }, (_, n) => ({ payload: { n } })),
    );
    expect(written).toBe(300);
    await Promise.all(instances.map((queue) => queue.runDue()));
    expect(runs.size).toBe(300);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('when one job is slow, then the others do not wait for it, and no more than ten run at once', async () => {
    const kind = newKind();
    const queue = createJobsService({ db: app.database.db });
    let running = 0;
    let most = 0;
    let started = 0;
    let startedWhileSlow = 0;
    // Timed by each other, not by the clock: the slow job ends once the 29 others have (queued
    // behind it in waves of ten, they would still wait after its 10 s), and the others each once ten
    // run together (or after 2 s, as the last few never make ten).
    const until = (done: () => boolean, ms: number) =>
      new Promise<void>((resolve) => {
        const end = Date.now() + ms;
        const look = () => (done() || Date.now() > end ? resolve() : setTimeout(look, 5));
        look();
      });
    let othersDone = 0;
    queue.define<{ slow: boolean }>(kind, async ({ slow }) => {
      started++;
      most = Math.max(most, ++running);
      await (slow ? until(() => othersDone === 29, 10_000) : until(() => running === 10, 2_000));
      running--;
      if (slow) startedWhileSlow = started;
      else othersDone++;
    });
    await queue.enqueueMany(
      kind,
      Array.from({ length: 30 }, (_, n) => ({ payload: { slow: n === 0 } })),
    );
    await queue.runDue();
    // Each next job starts as soon as one ends, not after the slowest of a wave of ten.
    expect(startedWhileSlow).toBe(30);
    expect(most).toBe(10);
  });

  it('when the instance that claimed a job dies, then another runs it once the short lease ends', async () => {
    const kind = newKind();
    const ran: string[] = [];
    const survivor = createJobsService({ db: app.database.db, leaseSeconds: 1 });
    survivor.define(kind, async () => {
      ran.push('survivor');
    });
    // Queued by an instance that runs no such job: the survivor's own enqueue would start a round
    // of its own at once, and could take the job before the dying instance does.
    await createJobsService({ db: app.database.db }).enqueue(kind, {});
    // Claimed as an instance about to die does it: nothing renews the claim after this.
    expect(await claimDueJobs(app.database.db, { kinds: [kind], leaseSeconds: 1, limit: 1 })).toHaveLength(1);
    await survivor.runDue();
    expect(ran).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    await survivor.runDue();
    expect(ran).toEqual(['survivor']);
  });

  it('when an instance frozen past its lease comes back, then its claim is no longer good: the job is the instance’s that took it over', async () => {
    const kind = newKind();
    await createJobsService({ db: app.database.db }).enqueue(kind, {});
    const [frozen] = await claimDueJobs(app.database.db, { kinds: [kind], leaseSeconds: 1, limit: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const [takenOver] = await claimDueJobs(app.database.db, { kinds: [kind], leaseSeconds: 10, limit: 1 });
    expect(takenOver.id).toBe(frozen.id);
    expect(await confirmJobClaim(app.database.db, frozen.id, frozen.attempts, 10)).toBe(false);
    expect(await confirmJobClaim(app.database.db, takenOver.id, takenOver.attempts, 10)).toBe(true);
  });

  it('when a job runs longer than the lease, then its claim is kept while it runs, and no other instance starts it', async () => {
    const kind = newKind();
    const runs: number[] = [];
    const instances = [0, 1].map((n) => {
      const queue = createJobsService({ db: app.database.db, leaseSeconds: 1 });
      queue.define(kind, async () => {
        runs.push(n);
        await new Promise((resolve) => setTimeout(resolve, 2500));
      });
      return queue;
    });
    await instances[0].enqueue(kind, {});
    const running = instances[0].runDue();
    for (let i = 0; i < 8; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await instances[1].runDue();
    }
    await running;
    expect(runs).toEqual([0]);
    const [row] = await rowsOf(kind);
    expect(row.doneAt).not.toBeNull();
  });

  it('when the queue is stopped (the process is shutting down), then it claims nothing more, and the job waits for another instance', async () => {
    const kind = newKind();
    const ran: string[] = [];
    const stopping = createJobsService({ db: app.database.db });
    stopping.define(kind, async () => {
      ran.push('stopping');
    });
    await stopping.start(60_000)();
    await stopping.enqueue(kind, {});
    expect(await stopping.runDue()).toBe(0);
    expect(ran).toEqual([]);

    const other = createJobsService({ db: app.database.db });
    other.define(kind, async () => {
      ran.push('other');
    });
    await other.runDue();
    expect(ran).toEqual(['other']);
  });

  it('when a key is enqueued twice, then the job exists and runs once', async () => {
    const kind = newKind();
    const queue = createJobsService({ db: app.database.db });
    let calls = 0;
    queue.define(kind, async () => {
      calls++;
    });
    const key = `${kind}:watcher:pet`;
    await queue.enqueue(kind, {}, { key });
    await queue.runDue();
    await queue.enqueue(kind, {}, { key });
    expect(await queue.enqueueMany(kind, [{ payload: {}, key }])).toBe(0);
    await queue.runDue();
    expect(calls).toBe(1);
    expect(await rowsOf(kind)).toHaveLength(1);
  });

  it('when the transaction that enqueued a job rolls back, then the job does not exist', async () => {
    const kind = newKind();
    const queue = createJobsService({ db: app.database.db });
    queue.define(kind, async () => {});
    await expect(
      app.database.db.transaction(async (tx) => {
        await queue.enqueue(kind, {}, { tx });
        throw new Error('the owner’s request failed');
      }),
    ).rejects.toThrow();
    expect(await rowsOf(kind)).toHaveLength(0);
  });

  it('when the app runs, then a job enqueued on its queue runs within seconds without anyone asking', async () => {
    const kind = newKind();
    let ran = false;
    app.services.jobs.define(kind, async () => {
      ran = true;
    });
    await app.database.db.transaction((tx) => app.services.jobs.enqueue(kind, {}, { tx }));
    // No kick: the app's own worker finds it on its next round.
    await eventually(
      () => ran,
      (done) => done,
    );
  });
});
