import { setTimeout as delay } from 'node:timers/promises';

/**
 * The waits before each further try: a quarter of a minute in all, the length of a database
 * restart. For a step that needs the database once more after one that cannot be undone (an
 * e-mail handed to the mail server, a sighting stored and its sighter told): failing it at once
 * would lose an owner's alert or send it twice.
 */
export const RESTART_WAITS_MS = [1_000, 2_000, 4_000, 8_000];

/** Runs `work`, and again after each wait while it throws (`onFailure` hears each failure); the last failure is thrown. */
export async function retryThroughRestart<T>(
  work: () => Promise<T>,
  onFailure: (err: unknown) => void,
  waits = RESTART_WAITS_MS,
): Promise<T> {
  let failure: unknown;
  for (const wait of [0, ...waits]) {
    await delay(wait);
    try {
      return await work();
    } catch (err) {
      failure = err;
      onFailure(err);
    }
  }
  throw failure;
}
