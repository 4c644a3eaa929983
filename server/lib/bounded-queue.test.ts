import { describe, expect, it } from 'vitest';
import { boundedQueue } from './bounded-queue';

const refused = () => new Error('busy');

describe('a bounded queue', () => {
  it('when more tasks come than may run, then they run one at a time in order, and those beyond the waiting room are refused', async () => {
    const run = boundedQueue(1, 2, refused);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        running++;
        most = Math.max(most, running);
        gates.push(() => {
          running--;
          order.push(n);
          resolve(n);
        });
      });
    const first = run(task(1));
    const second = run(task(2));
    const third = run(task(3));
    await expect(run(task(4))).rejects.toThrow('busy');
    // Each task, once started, is let finish: the next starts only then.
    for (let done = 0; done < 3; done++) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()?.();
    }
    expect(await Promise.all([first, second, third])).toEqual([1, 2, 3]);
    expect(order).toEqual([1, 2, 3]);
    expect(most).toBe(1);
    // The room is free again.
    const later = run(async () => 5);
    expect(await later).toBe(5);
  });

  it('when a task fails, then its slot passes on all the same', async () => {
    const run = boundedQueue(1, 1, refused);
    const failing = run(async () => {
      throw new Error('broken');
    });
    const next = run(async () => 'ran');
    await expect(failing).rejects.toThrow('broken');
    expect(await next).toBe('ran');
  });
});
