import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../shared/schema';
import type { Config } from '../config';
import { logger } from '../lib/logger';
import { startEmbeddedPostgres } from './embedded';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

const POOL_SIZE = 10;

/**
 * Both modes speak the PostgreSQL wire protocol through `pg`: the embedded default serves PGlite
 * on a local socket, so sessions, migrations and queries follow exactly the production path.
 */
export async function openDatabase(config: Config['database']): Promise<Database> {
  const embedded = config.mode === 'embedded' ? await startEmbeddedPostgres(config.dataDir, POOL_SIZE) : undefined;
  const pool = new pg.Pool({
    connectionString: embedded?.url ?? (config.mode === 'postgres' ? config.url : undefined),
    max: POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection (e.g. PostgreSQL restarting) must not crash the process: the pool
  // discards the client and the next request gets a fresh one.
  pool.on('error', (err) => logger.warn('database connection lost', { error: err.message }));
  return {
    db: drizzle(pool, { schema }),
    pool,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
