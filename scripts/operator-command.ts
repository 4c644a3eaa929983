// What every operator command shares: the configuration, and the database it works on — DATABASE_URL,
// or the embedded one in DATA_DIR (through the running server when there is one).
import fs from 'node:fs';
import { type Config, ConfigError, loadConfig } from '../server/config';
import { type Db, openDatabase } from '../server/db/connection';
import { runningEmbeddedPostgres } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import type { CommandOutput } from '../server/lib/command-output';
import { setLogLevel } from '../server/lib/logger';

/** Runs `command` against the configured database and sets the exit code it answers. */
export async function runOperatorCommand(
  name: string,
  command: (db: Db, config: Config, args: string[], io: CommandOutput) => Promise<number>,
) {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config: Config;
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
    code = await command(database.db, config, process.argv.slice(2), {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } catch (err) {
    console.error(`${name}: ${(err as Error).message}`);
  } finally {
    await database.close();
  }
  // Not process.exit(): it would cut off output still on its way into a pipe (`list | less`).
  process.exitCode = code;
}
