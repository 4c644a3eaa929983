import { inspect } from 'node:util';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shown = (value: unknown) => inspect(value, { depth: 3, maxArrayLength: 5, maxStringLength: 300 });

/**
 * Delivery happens after the answer, so a test waits for it rather than racing it: reads until
 * `done` holds and answers that value, or fails after `ms` saying what it read last.
 */
export async function eventually<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Not done within ${ms} ms; last read: ${shown(value)}`);
    await pause(50);
  }
}

/**
 * That something does not happen, when nothing the server does shows that the work which would
 * have done it is over: reads for `ms` and fails as soon as `happened` holds; answers the last read.
 */
export async function never<T>(read: () => T | Promise<T>, happened: (value: T) => boolean, ms = 300): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (happened(value)) throw new Error(`Happened within ${ms} ms: ${shown(value)}`);
    if (Date.now() > until) return value;
    await pause(50);
  }
}
