import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema';

/**
 * A list read as a JSON column: SQLite answers its text, PostgreSQL the parsed value, and
 * PostgreSQL's json_agg gives null for no rows.
 */
export type JsonList<T> = string | T[] | null;

/**
 * The rows of a JSON list column.
 * @example jsonList<CourseLink>('[{"id":1,"name":"الصف الأول"}]') // [{ id: 1, name: 'الصف الأول' }]
 */
export function jsonList<T>(value: JsonList<T>): T[] {
  if (value === null) return [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

/**
 * `(select <json array of objects, in order> from …)`: the same subquery in each dialect's
 * spelling (SQLite json_group_array/json_object, PostgreSQL json_agg/json_build_object).
 * @example jsonListOf(db, { id: 'g.id' }, sql`from grades as g`, 'g.position').as('grades')
 */
export function jsonListOf<T>(
  db: Kysely<DB>,
  fields: Record<string, string | RawBuilder<unknown>>,
  rest: RawBuilder<unknown>,
  orderBy: string,
): RawBuilder<JsonList<T>> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const object = sql.join(
    Object.entries(fields).map(
      ([key, value]) => sql`${sql.lit(key)}, ${typeof value === 'string' ? sql.raw(value) : value}`,
    ),
  );
  return sql<JsonList<T>>`(select ${sql.raw(pg ? 'json_agg' : 'json_group_array')}(${sql.raw(
    pg ? 'json_build_object' : 'json_object',
  )}(${object}) order by ${sql.raw(orderBy)}) ${rest})`;
}
