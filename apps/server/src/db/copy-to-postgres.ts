import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import { migrateToLatest } from './migrate';

// Moving a school from the embedded SQLite file to PostgreSQL (ADR 032, docs/operations.md):
// both sides are brought to the same migrations, then every table's rows are copied with their
// ids, parents before children, in one PostgreSQL transaction; then each identity continues
// after the largest id copied, and the counts are compared. Nothing is half-copied: a failure
// rolls the whole target back.

/**
 * Kysely's own bookkeeping, and the embedded job queue's tables (ADR 053): each side keeps its
 * own. PostgreSQL's queue is pg-boss's; messages still waiting get their send job there at the
 * first start (messaging/messages.ts, requeueWaiting).
 */
const BOOKKEEPING = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'job_queue',
  'job_schedules',
]);
/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;
const MAX_ROWS = 1_000;

/** Tables whose rows mean a school already lives in the target: it must not be written over. */
const SCHOOL_TABLES = ['users', 'courses', 'grades', 'payment_orders'] as const;

export class CopyRefusal extends Error {}

export type CopyReport = { tables: { name: string; rows: number }[]; rows: number };

type AnyDb = Kysely<DB>;

async function sqliteTables(source: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name
  `.execute(source);
  return rows.map((r) => r.name).filter((name) => !BOOKKEEPING.has(name));
}

async function sqliteColumns(source: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from pragma_table_info(${table}) order by cid
  `.execute(source);
  return rows.map((r) => r.name);
}

async function postgresColumns(target: AnyDb): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
  `.execute(target);
  const columns = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!columns.has(r.table_name)) columns.set(r.table_name, new Set());
    columns.get(r.table_name)!.add(r.column_name);
  }
  return columns;
}

/** The tables in an order where every table comes after those its foreign keys point at. */
async function parentsFirst(target: AnyDb, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema()
  `.execute(target);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows)
    if (child !== parent && parents.has(child) && parents.has(parent))
      parents.get(child)!.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)),
    );
    if (ready.length === 0) throw new Error('the foreign keys form a cycle');
    for (const t of ready) {
      order.push(t);
      placed.add(t);
    }
  }
  return order;
}

/**
 * Copies every row of a SQLite school into a PostgreSQL database that holds no school yet,
 * migrating both first. Reads the SQLite file in one transaction (a consistent snapshot, though
 * writes made after it are not copied: stop the server first), writes PostgreSQL in one.
 * @example const report = await copySqliteToPostgres(sqliteDb, postgresDb)
 */
export async function copySqliteToPostgres(
  source: Kysely<DB>,
  target: Kysely<DB>,
  log: (line: string) => void = () => {},
): Promise<CopyReport> {
  await migrateToLatest(source);
  await migrateToLatest(target);
  for (const table of SCHOOL_TABLES) {
    const row = await target
      .selectFrom(table)
      .select(sql<number>`1`.as('x'))
      .executeTakeFirst();
    if (row)
      throw new CopyRefusal(
        `قاعدة PostgreSQL فيها مدرسة بالفعل (جدول ${table} ليس فارغًا): انقل إلى قاعدة بيانات فارغة.\n` +
          `The PostgreSQL database already holds a school (${table} has rows): copy into an empty one.`,
      );
  }
  const columnsThere = await postgresColumns(target);
  const tables = await sqliteTables(source);
  for (const table of tables)
    if (!columnsThere.has(table)) throw new Error(`PostgreSQL has no table ${table}`);
  const order = await parentsFirst(target, tables);

  return source.transaction().execute((src) =>
    target.transaction().execute(async (dst) => {
      // The catalogue's triggers would count each copied row as a change: the copy is the same
      // school, so they sleep until it is done (a table's owner may; no superuser needed).
      for (const table of order)
        await sql`alter table ${sql.table(table)} disable trigger user`.execute(dst);
      // Rows a migration wrote (the catalogue's version) give way to the school's own.
      for (const table of [...order].reverse()) await dst.deleteFrom(table as never).execute();
      const report: CopyReport = { tables: [], rows: 0 };
      for (const table of order) {
        const columns = await sqliteColumns(src, table);
        const missing = columns.filter((c) => !columnsThere.get(table)!.has(c));
        if (missing.length) throw new Error(`PostgreSQL's ${table} has no ${missing.join(', ')}`);
        const batch = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
        let copied = 0;
        let after = -Infinity;
        for (;;) {
          // Keyset paging on SQLite's rowid: every table has one, whatever its key.
          const { rows } = await sql<Record<string, unknown> & { __rowid: number }>`
            select rowid as __rowid, ${sql.join(columns.map((c) => sql.ref(c)))}
            from ${sql.table(table)} where rowid > ${after} order by rowid limit ${batch}
          `.execute(src);
          if (rows.length === 0) break;
          after = rows[rows.length - 1]!.__rowid;
          const values = rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])));
          await dst
            .insertInto(table as never)
            .values(values as never)
            .execute();
          copied += rows.length;
        }
        const { rows: sequence } = columnsThere.get(table)!.has('id')
          ? await sql<{ name: string | null }>`
              select pg_get_serial_sequence(${table}, 'id') as name
            `.execute(dst)
          : { rows: [] };
        if (sequence[0]?.name) {
          // The next id PostgreSQL gives is after the largest one copied.
          await sql`
            select setval(${sequence[0].name}, coalesce(max(id), 0) + 1, false)
            from ${sql.table(table)}
          `.execute(dst);
        }
        const there = await dst
          .selectFrom(table as never)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        if (Number(there.n) !== copied)
          throw new Error(`${table}: ${copied} rows read, ${String(there.n)} in PostgreSQL`);
        report.tables.push({ name: table, rows: copied });
        report.rows += copied;
        log(`${table}: ${copied}`);
      }
      for (const table of order)
        await sql`alter table ${sql.table(table)} enable trigger user`.execute(dst);
      return report;
    }),
  );
}
