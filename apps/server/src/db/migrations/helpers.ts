import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** Whether a migration runs against PostgreSQL (else SQLite). */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Adds an auto-incrementing integer primary key `id` in the dialect's own way.
 * @example createTable(db, 'grades').addColumn('name', 'text')
 */
export function createTable(db: Kysely<any>, name: string): CreateTableBuilder<string, 'id'> {
  const table = db.schema.createTable(name);
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
