// Applies pending migrations to the configured database without starting the server.
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { runMigrations } from '../server/db/migrate';

const database = await openDatabase(loadConfig().database);
await runMigrations(database.pool);
await database.close();
console.log('migrations applied');
