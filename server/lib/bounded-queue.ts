/**
 * Runs CPU-heavy tasks `concurrency` at a time. When `maxWaiting` already wait, a new task is
 * refused at once with `refusal()`: better a quick "try again" than a queue of seconds.
 */
export function boundedQueue(concurrency: number, maxWaiting: number, refusal: () => Error) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < concurrency) running++;
    else if (waiting.length >= maxWaiting) throw refusal();
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so no newcomer can overtake it.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
