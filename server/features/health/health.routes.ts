import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import type pg from 'pg';

const journal = path.resolve(import.meta.dirname, '../../../migrations/meta/_journal.json');

/** /healthz: the process answers and reaches its database. /readyz: and every migration is applied. */
export function healthRoutes(pool: pg.Pool) {
  const expectedMigrations = (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
  const router = express.Router();
  router.get('/healthz', async (_req, res) => {
    await pool.query('select 1');
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const { rows } = await pool.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations');
    const applied = Number(rows[0].count);
    res
      .status(applied >= expectedMigrations ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: applied >= expectedMigrations ? 'ready' : 'migrating', migrations: applied });
  });
  return router;
}
