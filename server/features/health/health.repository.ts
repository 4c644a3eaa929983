import type pg from 'pg';

export async function pingDatabase(pool: pg.Pool) {
  await pool.query('select 1');
}

export async function countAppliedMigrations(pool: pg.Pool) {
  const { rows } = await pool.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations');
  return Number(rows[0].count);
}
