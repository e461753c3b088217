import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

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

/**
 * Rebuilds a SQLite table whose `create table` statement must change in a way `alter table`
 * cannot (a `not null` dropped, a table constraint removed): SQLite's documented twelve-step
 * procedure (https://sqlite.org/lang_altertable.html#otheralter). Foreign keys are off while it
 * runs, so dropping the old table cascades nothing; the rows, the ids' sequence and the indexes
 * are kept; a broken reference fails the step and rolls it back. Only for SQLite, outside a
 * transaction (Kysely runs SQLite migrations outside one).
 * @example await rebuildSqliteTable(db, 'questions', (ddl) => ddl.replace('a', 'b'))
 */
export async function rebuildSqliteTable(
  db: Kysely<any>,
  table: string,
  edit: (createTable: string) => string,
  /** The columns kept, when the new table has fewer (all of them otherwise). */
  columns?: readonly string[],
): Promise<void> {
  const { rows: objects } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const create = objects.find((o) => o.type === 'table')?.sql;
  if (!create) throw new Error(`rebuildSqliteTable: no table ${table}`);
  const edited = edit(create);
  if (edited === create) throw new Error(`rebuildSqliteTable: nothing changes in ${table}`);
  const { rows: sequence } = await sql<{ seq: number }>`
    select seq from sqlite_sequence where name = ${table}`.execute(db);
  const temporary = `${table}__rebuilt`;
  const newCreate = edited.replace(
    /^CREATE TABLE\s+("?)[^\s("]+\1/i,
    `CREATE TABLE "${temporary}"`,
  );
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(newCreate).execute(trx);
      const kept = columns ? sql.join(columns.map((c) => sql.ref(c))) : sql`*`;
      const into = columns ? sql`(${sql.join(columns.map((c) => sql.ref(c)))})` : sql``;
      await sql`insert into ${sql.table(temporary)} ${into} select ${kept} from ${sql.table(table)}`.execute(
        trx,
      );
      await sql`drop table ${sql.table(table)}`.execute(trx);
      await sql`alter table ${sql.table(temporary)} rename to ${sql.table(table)}`.execute(trx);
      // Dropping the table dropped its indexes and ids' sequence: they are made again, so an id
      // once used (and named in the audit log) is never given again.
      if (sequence[0]) {
        await sql`update sqlite_sequence set seq = max(seq, ${sequence[0].seq}) where name = ${table}`.execute(
          trx,
        );
      }
      for (const index of objects.filter((o) => o.type === 'index' && o.sql)) {
        // An index on a column the rebuild removed goes with it.
        if (columns && !columns.some((c) => index.sql!.includes(`"${c}"`))) continue;
        await sql.raw(index.sql!).execute(trx);
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0)
        throw new Error(`rebuildSqliteTable: ${table} breaks a reference`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
