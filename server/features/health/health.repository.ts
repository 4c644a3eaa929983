import type pg from 'pg';

// A health check answers in a moment or not at all: a balancer asks every few seconds, and a
// database that hangs must read as away (503) long before a request's own timeout.
const CHECK_TIMEOUT_MS = 2_000;

export async function pingDatabase(pool: pg.Pool) {
  await pool.query({ text: 'select 1', query_timeout: CHECK_TIMEOUT_MS } as pg.QueryConfig);
}

export async function countAppliedMigrations(pool: pg.Pool) {
  const { rows } = await pool.query<{ count: string }>({
    text: 'select count(*) from drizzle.__drizzle_migrations',
    query_timeout: CHECK_TIMEOUT_MS,
  } as pg.QueryConfig);
  return Number(rows[0].count);
}
