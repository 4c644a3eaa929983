import pg from 'pg';

/**
 * The PostgreSQL database of one test worker: `<database>_worker<n>` on the same server, made on
 * first use (the server's migrations run as each app starts). Every app polls the job queue and
 * claims any job that is due, so two test files sharing one database ran each other's jobs: a
 * match alert of one file went out through the other's app, to a push service that was not the
 * first file's, which then waited in vain. A worker runs its files one after another, each closing
 * its app before the next starts.
 */
export async function workerDatabaseUrl(sharedUrl: string, worker: string): Promise<string> {
  const url = new URL(sharedUrl);
  const name = `${url.pathname.slice(1) || 'postgres'}_worker${worker}`;
  const admin = new pg.Client({ connectionString: sharedUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount)
      await admin.query(`create database "${name.replaceAll('"', '""')}"`).catch((err) => {
        // Made by another process in the meantime.
        if ((err as { code?: string }).code !== '42P04') throw err;
      });
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.href;
}
