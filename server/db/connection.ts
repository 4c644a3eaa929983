import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../../shared/schema';
import type { Config } from '../config';
import { logger } from '../lib/logger';
import { startEmbeddedPostgres } from './embedded';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The database or an open transaction on it: what a query that may run inside one takes. */
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * Whether a query may be kept as a named prepared statement. Not on the embedded database: its
   * socket connections all share PGlite's one session, so a statement prepared on a connection the
   * pool has since dropped is still there when a new connection prepares it again (42P05).
   */
  namedStatements: boolean;
  close(): Promise<void>;
}

const POOL_SIZE = 10;
// PGlite is one database session: statements from several connections would interleave in it (a
// transaction's, or the steps of one parameterised query). The app keeps to one connection; the
// socket still lets a command run beside the server (npm run orders) connect.
const EMBEDDED_POOL_SIZE = 1;
const EMBEDDED_SOCKET_CONNECTIONS = 4;

/**
 * How long a query may go unanswered: a database that stops answering (hung, or cut off by a
 * partition that leaves connections open) fails a request after this, as a stopped one does at
 * once (503), rather than holding it for as long as the database is away. Far beyond any query a
 * request makes; the bench and the evaluation, whose seeding runs for minutes, open theirs without.
 */
export const QUERY_TIMEOUT_MS = 15_000;

/**
 * Both modes speak the PostgreSQL wire protocol through `pg`: the embedded default serves PGlite
 * on a local socket, so sessions, migrations and queries follow exactly the production path.
 */
export async function openDatabase(
  config: Config['database'],
  { queryTimeoutMs = QUERY_TIMEOUT_MS }: { queryTimeoutMs?: number } = {},
): Promise<Database> {
  const embedded =
    config.mode === 'embedded' ? await startEmbeddedPostgres(config.dataDir, EMBEDDED_SOCKET_CONNECTIONS) : undefined;
  const pool = new pg.Pool({
    connectionString: embedded?.url ?? (config.mode === 'postgres' ? config.url : undefined),
    max: embedded ? EMBEDDED_POOL_SIZE : POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // 0: none.
    query_timeout: queryTimeoutMs,
  });
  // A dropped connection (e.g. PostgreSQL restarting) must not crash the process: the pool
  // discards the client and the next request gets a fresh one. The pool listens only to its idle
  // connections; one checked out (a transaction between two queries) reports the cut on itself,
  // and an 'error' event nobody listens to ends the process. Its query fails all the same, and the
  // pool drops it when it comes back.
  const lost = (err: Error) => logger.warn({ error: err.message }, 'database connection lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return {
    db: drizzle(pool, { schema }),
    pool,
    namedStatements: !embedded,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
