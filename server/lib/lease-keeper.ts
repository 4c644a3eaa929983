import { describeFailure, logger } from './logger';

/**
 * Keeps the claims this instance holds on queued work (jobs, e-mails) alive while the work runs:
 * every `everyMs`, `renew` moves the lease of each one held on. A claim can then be short, so that
 * another instance takes the work soon after this one dies, and still outlast slow work (a mail
 * server taking its time) without a second instance starting it. The timer runs only while
 * something is held.
 */
export function leaseKeeper(what: string, renew: (ids: string[]) => Promise<unknown>, everyMs: number) {
  const held = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const renewHeld = () => {
    // A renewal that fails (the database away) is tried again at the next tick, and past the
    // lease another instance may take the work: it is retried, never lost.
    renew([...held]).catch((err) => logger.warn({ what, ...describeFailure(err) }, 'leases not renewed'));
  };
  const release = (id: string) => {
    held.delete(id);
    if (held.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  return {
    /** Lets one go before its work ends (a job about to plan its retry). */
    release,
    /**
     * Holds the claims `ids` while `work` runs, and lets them all go once it has settled: one left
     * undone (the database went away) must become due when its lease ends, not be renewed for as
     * long as this process lives.
     */
    async holding<T>(ids: string[], work: () => Promise<T>): Promise<T> {
      for (const id of ids) held.add(id);
      if (held.size > 0 && !timer) {
        timer = setInterval(renewHeld, everyMs);
        timer.unref();
      }
      try {
        return await work();
      } finally {
        for (const id of ids) release(id);
      }
    },
  };
}
