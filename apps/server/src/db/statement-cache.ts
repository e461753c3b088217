import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many distinct SQL texts keep a prepared statement; the least recently used go first. */
export const STATEMENT_CACHE_SIZE = 500;

export type CachingSqliteDatabase = SqliteDatabase & {
  /** Statements currently kept (for tests and diagnostics). */
  readonly cachedStatements: number;
};

/**
 * Wraps a better-sqlite3 database for Kysely's SqliteDialect so that each SQL text is prepared
 * once: Kysely's driver calls `prepare` for every query, and preparing was a fifth of the CPU of
 * a catalog read. Statements are reused safely because Kysely holds SQLite's single connection
 * behind a mutex for the whole of a query (and of a streamed query), so one statement never runs
 * twice at once. SQLite re-prepares a cached statement by itself after a schema change.
 * @example new SqliteDialect({ database: cachingDatabase(new SQLite(file)) })
 */
export function cachingDatabase(
  sqlite: SQLiteDatabase,
  maxSize: number = STATEMENT_CACHE_SIZE,
): CachingSqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    get cachedStatements() {
      return cache.size;
    },
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        // A Map keeps insertion order: re-inserting marks the statement most recently used.
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= maxSize) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}
