import { sql, type SelectQueryBuilder } from 'kysely';
import type { StaffListQuery } from '@dars/contract';
import type { DB } from './schema';

/**
 * The staff lists' recipe (ADR 022: `?page&per_page&sort&order&q`, answered as
 * `{ data, meta: { total } }`): paging, an allowed sort column, a `q` match, and counts.
 */

/** `limit`/`offset` of a list page. */
export function pageOf(query: StaffListQuery): { limit: number; offset: number } {
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}

/** The sort column asked for when it is one the list allows, else the list's default. */
export function sortOf<K extends string>(
  query: StaffListQuery,
  allowed: readonly K[],
  fallback: K,
): { column: K; direction: 'asc' | 'desc' } {
  const column = (allowed as readonly string[]).includes(query.sort ?? '')
    ? (query.sort as K)
    : fallback;
  return { column, direction: query.order };
}

/** A LIKE pattern of the text, its wildcards escaped (used with `escape '\\'`). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) like pattern escape '\'` for a list's `q`. */
export function matches(column: string, text: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}

/** count(*) of a query as a number (PostgreSQL answers a bigint as text). */
export function countOf(row: { n: number | string | bigint } | undefined): number {
  return Number(row?.n ?? 0);
}

export const bool = (flag: number): boolean => flag === 1;
export const flagOf = (value: boolean): number => (value ? 1 : 0);

/** Drops the keys whose value is undefined (a partial update's fields not sent). */
export function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}

/**
 * One page of a one-table list (its filters already in `base`): the rows in the asked order
 * (ties by id in the same direction), and the total count of the filtered rows.
 * @example const { rows, total } = await listPage(db.selectFrom('teachers'), query, ['id', 'name'], 'id');
 */
export async function listPage<T extends keyof DB & string, K extends keyof DB[T] & string>(
  base: SelectQueryBuilder<DB, T, object>,
  query: StaffListQuery,
  sortable: readonly K[],
  fallback: K,
) {
  const sort = sortOf(query, sortable, fallback);
  const { limit, offset } = pageOf(query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy(sort.column as never, sort.direction)
      .orderBy('id' as never, sort.direction)
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: countOf(total) };
}
