/**
 * A database as a restart leaves it for a moment: once `goAway()` is called, the next use of
 * `method` (`select`, `execute`…) fails as a cut connection does, and the database is back after.
 */
export function restartingDatabase<D extends object>(db: D, method: keyof D & string) {
  let away = false;
  const restarting = new Proxy(db, {
    get(target, key, receiver) {
      if (key === method && away) {
        away = false;
        throw new Error('Connection terminated unexpectedly');
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return {
    db: restarting,
    goAway: () => {
      away = true;
    },
    /** Whether the failure has happened: the code under test did use the database meanwhile. */
    wasAway: () => !away,
  };
}
