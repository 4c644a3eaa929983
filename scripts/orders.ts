// Manual fulfilment for operators: `npm run orders -- list | status <id> <status> | ship <id> <tracking> [url] | deliver <id>`.
// Works on the configured database: DATABASE_URL, or the embedded one in DATA_DIR (through the
// running server when there is one).
import fs from 'node:fs';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { runningEmbeddedPostgres } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import { runOrdersCommand } from '../server/features/commerce/orders-command';
import { setLogLevel } from '../server/lib/logger';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
setLogLevel('warn');

const shared = config.database.mode === 'embedded' ? runningEmbeddedPostgres(config.database.dataDir) : undefined;
const database = await openDatabase(shared ? { mode: 'postgres', url: shared } : config.database);
let code = 1;
try {
  await runMigrations(database.pool);
  code = await runOrdersCommand(database.db, process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} catch (err) {
  console.error(`orders: ${(err as Error).message}`);
} finally {
  await database.close();
}
// Not process.exit(): it would cut off output still on its way into a pipe (`list | less`).
process.exitCode = code;
