import { describe, expect, it, vi } from 'vitest';
import { retryThroughRestart } from './retry-through-restart';

const WAITS = [1, 1, 1, 1];

describe('work that needs the database once more', () => {
  it('when it fails and then succeeds, then its result comes back and each failure is heard', async () => {
    const work = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(7);
    const heard: unknown[] = [];
    await expect(retryThroughRestart(work, (err) => heard.push(err), WAITS)).resolves.toBe(7);
    expect(work).toHaveBeenCalledTimes(3);
    expect(heard).toHaveLength(2);
  });

  it('when it fails through every wait, then the last failure is thrown', async () => {
    const work = vi.fn().mockRejectedValue(new Error('still down'));
    await expect(retryThroughRestart(work, () => {}, WAITS)).rejects.toThrow('still down');
    expect(work).toHaveBeenCalledTimes(5);
  });
});
