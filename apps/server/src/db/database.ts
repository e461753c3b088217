import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import type { DB } from './schema';
import { preparedName } from './precompiled';
import { cachingDatabase } from './statement-cache';

export type Dialect = 'sqlite' | 'postgres';

export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy: () => Promise<void>;
  /** PostgreSQL's pool use, for /metrics (ADR 024); SQLite has no pool. */
  poolStats?: () => PoolStats;
};

export type DatabaseOptions = {
  /** A postgres:// URL; when absent the embedded SQLite file is used. */
  databaseUrl?: string | undefined;
  /** For SQLite: the file path (its folder is created). */
  sqliteFile?: string;
  /** For PostgreSQL: the schema to work in (tests use one schema per file). */
  pgSchema?: string;
  poolSize?: number;
  /** PostgreSQL cancels statements running longer (ms); 0 or unset: never. */
  statementTimeoutMs?: number;
  /** Shown in pg_stat_activity, so an instance's connections can be told apart. */
  applicationName?: string;
};

// PostgreSQL answers count(*) and bigint as strings; our counts and money fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * The pool as Kysely sees it, but a precompiled query (db/precompiled.ts) goes as a named
 * statement: each connection parses and plans it once instead of on every call.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  // One wrapper per pooled client: Kysely keeps its connection state by client object.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((text: string | object, values: readonly unknown[] = []) => {
      // A cursor (streaming) goes through untouched.
      if (typeof text !== 'string') return client.query(text as never);
      const name = preparedName(text);
      return client.query(name ? { name, text, values: [...values] } : text, [...values]);
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise SQLite in WAL mode.
 * @example const { db, destroy } = openDatabase({ sqliteFile: './data/dars.sqlite' })
 */
export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max,
      application_name: options.applicationName ?? 'dars',
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    return {
      db,
      dialect: 'postgres',
      destroy: () => db.destroy(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max,
      }),
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads through a memory map instead of read() calls into SQLite's page cache (256 MiB of
  // address space, not memory: pages are the OS file cache's).
  if (file !== ':memory:') sqlite.pragma('mmap_size = 268435456');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingDatabase(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
