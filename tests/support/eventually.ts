/** Delivery happens after the answer, so a test waits for it rather than racing it. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
