import type { Config } from './config';
import type { Db } from './db/connection';

/** What every feature's routes receive: configuration and the database, nothing global. */
export interface AppContext {
  config: Config;
  db: Db;
}
