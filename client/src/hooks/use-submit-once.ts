import { type BaseSyntheticEvent, useCallback, useRef, useState } from 'react';

/** 128 random bits in hex. (crypto.randomUUID exists only on https and localhost.) */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A create form's guard against making two of a thing. `once(submit)` ignores a submission while the
 * last one is still running: a double click's second click arrives before the button shows it is busy.
 * `key` is this form's Idempotency-Key, made once per form: the server answers a repeat of the same
 * request (a retry after a lost answer, the same form sent from a second tab) with the first result.
 */
export function useSubmitOnce() {
  const [key] = useState(newKey);
  const running = useRef(false);
  const once = useCallback(
    (submit: (event?: BaseSyntheticEvent) => Promise<void>) => async (event?: BaseSyntheticEvent) => {
      if (running.current) {
        // Still stop the browser's own form submission, which the form's handler would have.
        event?.preventDefault();
        return;
      }
      running.current = true;
      try {
        await submit(event);
      } finally {
        running.current = false;
      }
    },
    [],
  );
  return { key, once };
}
