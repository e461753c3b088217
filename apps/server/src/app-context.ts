import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/schema';
import type { Dialect } from './db/database';

/** What every module gets: the database and the validated configuration. */
export type AppContext = {
  db: Kysely<DB>;
  dialect: Dialect;
  config: Config;
};
