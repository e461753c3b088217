import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Dialect } from '../../db/database';
import type { JobsConfig } from '../../config-jobs';
import type { JobLog, Jobs } from './jobs';
import { pgBossJobs } from './pg-boss-jobs';
import { sqliteJobs } from './sqlite-jobs';

export type { Job, JobHandler, JobOptions, Jobs, JobDb } from './jobs';

/**
 * pg-boss's schema for the app's: `pgboss` beside `public`, else `<schema>_pgboss` (each test
 * schema gets its own queue, and two schools in one database never share jobs).
 * @example await pgBossSchemaOf(db) // 'pgboss'
 */
export async function pgBossSchemaOf(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return schema === 'public' ? 'pgboss' : `${schema}_pgboss`;
}

/**
 * The app's job queue: pg-boss on PostgreSQL, the embedded table on SQLite (ADR 053).
 * @example const jobs = await openJobs({ db, dialect, config: config.jobs, log })
 */
export async function openJobs(options: {
  db: Kysely<DB>;
  dialect: Dialect;
  config: JobsConfig;
  log: JobLog;
}): Promise<Jobs> {
  const { config, log } = options;
  if (options.dialect === 'postgres') {
    return pgBossJobs({
      db: options.db,
      schema: await pgBossSchemaOf(options.db),
      log,
      worker: config.worker,
      pollMs: config.pollMs,
      maintenanceSeconds: config.maintenanceSeconds,
    });
  }
  return sqliteJobs({ db: options.db, log, worker: config.worker, pollMs: config.pollMs });
}
