import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/connection';
import { runMigrations } from '../../server/db/migrate';
import { seedCatalogue } from '../../server/db/seed';
import { setLogLevel } from '../../server/lib/logger';
import type { Services } from '../../server/services';
import { startPushServiceDouble } from './push-service-double';
import { startSmtpDouble } from './smtp-double';

export interface TestApp {
  url: string;
  config: Config;
  database: Database;
  /** The app's own services, for a test that drives one directly (the outbox's retries, say). */
  services: Services;
  close(): Promise<void>;
}

/**
 * The real app, listening on a free port: the OIDC client discovers the development provider
 * over HTTP, so the advertised address must be the one really served. Runs on PostgreSQL when
 * DATABASE_URL is set, otherwise on an embedded database private to this test file (made by
 * api-test-setup.ts; a second app in the same file, as after a restart, opens the same one).
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    // Only the database comes from the environment: a developer's SMTP_URL or STRIPE_SECRET_KEY
    // must never reach a test. A test that wants a service passes its settings in `env`.
    ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
    NODE_ENV: 'test',
    // Quiet unless asked: TEST_LOG_LEVEL=warn shows what the server logged while a test ran.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: process.env.TEST_DATA_DIR as string,
    // Every test signs in from this one address; the limit's own tests lower it.
    SIGN_IN_RATE_LIMIT: '100000',
    ...env,
  });
  setLogLevel(config.logLevel);
  const database = await openDatabase(config.database);
  await runMigrations(database.pool);
  await seedCatalogue(database.db);
  const { app, services, close } = await createApp({ config, database, client: 'none' });
  server.on('request', app);
  return {
    url,
    config,
    database,
    services,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await close();
      await database.close();
    },
  };
}

/** The app sending its e-mail to an SMTP double, whose `received` a test reads; closing the app closes both. */
export async function startTestAppWithMail() {
  const smtp = await startSmtpDouble();
  const app = await startTestAppBeside(smtp, { SMTP_URL: smtp.url, MAIL_FROM: 'Homeward <alerts@homeward.test>' });
  return { app, smtp };
}

/** The app allowed to deliver push messages to a push service double; closing the app closes both. */
export async function startTestAppWithPush() {
  const pushService = await startPushServiceDouble();
  const app = await startTestAppBeside(pushService, { PUSH_EXTRA_HOSTS: pushService.host });
  return { app, pushService };
}

/** The app, configured by `env` to reach `peer`, closes `peer` after itself, or at once if it does not start. */
async function startTestAppBeside(peer: { close(): Promise<void> }, env: Record<string, string>): Promise<TestApp> {
  let app: TestApp;
  try {
    app = await startTestApp(env);
  } catch (error) {
    await peer.close();
    throw error;
  }
  return {
    ...app,
    async close() {
      await app.close();
      await peer.close();
    },
  };
}
