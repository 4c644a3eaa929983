import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { countAppliedMigrations, pingDatabase } from './health.repository';

const journal = path.resolve(import.meta.dirname, '../../../migrations/meta/_journal.json');

/** Liveness (the process reaches its database) and readiness (and every migration is applied). */
export function createHealthService({ pool }: { pool: pg.Pool }) {
  const expectedMigrations = (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
  return {
    live: () => pingDatabase(pool),
    async ready() {
      const migrations = await countAppliedMigrations(pool);
      return { ready: migrations >= expectedMigrations, migrations };
    },
  };
}
