import fs from 'node:fs';
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import { createApp } from './app';
import { type Config, ConfigError, exposedSignInWarning, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { runMigrations } from './db/migrate';
import { seedCatalogue } from './db/seed';
import { isUnavailable } from './lib/http';
import { describeFailure, logger, setLogLevel } from './lib/logger';

function describeModes(config: Config) {
  const db =
    config.database.mode === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.database.dataDir}`;
  logger.info(`database: ${db}`);
  logger.info(`sessions: PostgreSQL table "sessions"`);
  logger.info(
    `sign-in: ${config.oidc.mode === 'external' ? `OpenID Connect provider ${config.oidc.issuer}` : `development identity provider at ${config.publicUrl}/oidc`}`,
  );
  logger.info(
    `payments: ${config.payments.mode === 'stripe' ? 'Stripe' : 'local test card processor (4242 4242 4242 4242 succeeds)'}`,
  );
  logger.info(
    `tag fulfilment: ${config.fulfilment.mode === 'printify' ? 'Printify' : 'manual (npm run orders -- list)'}`,
  );
  logger.info(`e-mail: ${config.mail.mode === 'smtp' ? 'SMTP (SMTP_URL)' : 'outbox (read it with npm run outbox)'}`);
  const { keys, extraHosts } = config.push;
  logger.info(
    `push alerts: Web Push, VAPID keys ${keys.mode === 'configured' ? 'from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY' : 'generated on first start and kept in the database'}${extraHosts.length ? `; also to ${extraHosts.join(', ')}` : ''}`,
  );
}

// A database still starting when the server does (both brought up together, or a restart during
// an outage) is waited for, about a minute in all, rather than left to a supervisor to retry.
const DATABASE_WAITS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000];

async function migrateOnceReachable(pool: pg.Pool) {
  for (const [i, wait] of [0, ...DATABASE_WAITS_MS].entries()) {
    await delay(wait);
    try {
      return await runMigrations(pool);
    } catch (err) {
      if (!isUnavailable(err as Error) || i === DATABASE_WAITS_MS.length) throw err;
      logger.warn(describeFailure(err), 'waiting for the database');
    }
  }
}

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  setLogLevel(config.logLevel);
  const client = process.argv.includes('--dev') ? 'vite' : 'static';

  const database = await openDatabase(config.database);
  await migrateOnceReachable(database.pool);
  await seedCatalogue(database.db);
  const { app, close, stopBackground } = await createApp({ config, database, client });

  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  describeModes(config);
  const exposed = exposedSignInWarning(config);
  if (exposed) logger.warn(exposed);
  // Where this process listens, and the address people reach it by (a balancer's, behind one).
  logger.info(`Homeward is listening on ${config.host ?? '*'}:${config.port}, reached at ${config.publicUrl}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: finishing in-flight requests`);
    // No more queued work is taken while the requests finish: the other instances take it at once.
    const background = stopBackground();
    server.close(async () => {
      await background;
      await close();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    // Do not wait for ever on a client that keeps its connection open.
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  const message =
    err?.code === 'EADDRINUSE'
      ? `port ${err.port} is already in use: set PORT to another port`
      : (err?.stack ?? String(err));
  console.error(`Homeward failed to start: ${message}`);
  process.exit(1);
});
