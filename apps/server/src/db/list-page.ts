import {
  sql,
  type Kysely,
  type SelectQueryBuilder,
  type Selectable,
  type StringReference,
} from 'kysely';
import type { StaffListQuery } from '@dars/contract';
import type { EditedTable } from './audited-change';
import type { DB } from './schema';
import { inScope, type ScopedResource, type TeacherScope } from './teacher-scope';

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

/**
 * The position after the last of a parent's rows (0 for the first): a new question in an
 * exam's or a bank's list, a new draw rule of an exam.
 * @example await positionAfterLast(trx, 'exam_draw_rules', 'exam_id', 4) // 2
 */
export async function positionAfterLast(
  db: Kysely<DB>,
  table: 'questions' | 'exam_draw_rules',
  parent: 'exam_id' | 'bank_id',
  id: number,
): Promise<number> {
  // Kysely cannot follow a column through a table chosen by a parameter; both tables have it.
  const last = await (db as unknown as Kysely<Record<string, Record<string, number>>>)
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('p'))
    .where(parent, '=', id)
    .executeTakeFirst();
  return last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
}

/** count(*) of a query as a number (PostgreSQL answers a bigint as text). */
export function countOf(row: { n: number | string | bigint } | undefined): number {
  return Number(row?.n ?? 0);
}

/** A list row's student, selected from its `users as u` join as these three columns. */
export const STUDENT_SELECT = [
  'u.id as student_id',
  'u.name as student_name',
  'u.phone as student_phone',
] as const;

/** The `student` of a list item, from the row's STUDENT_SELECT columns. */
export function studentOf(row: {
  student_id: number;
  student_name: string;
  student_phone: string;
}) {
  return { id: row.student_id, name: row.student_name, phone: row.student_phone };
}

/** The row a list's query function selects (its `select` columns with their aliases). */
export type RowOf<Q extends (...args: never[]) => { executeTakeFirstOrThrow(): Promise<unknown> }> =
  Awaited<ReturnType<ReturnType<Q>['executeTakeFirstOrThrow']>>;

export const bool = (flag: number): boolean => flag === 1;
export const flagOf = (value: boolean): number => (value ? 1 : 0);

/** Drops the keys whose value is undefined (a partial update's fields not sent). */
export function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}

/**
 * One page of a list whose columns are already selected (joins, aliases): the count of all the
 * filtered rows (the same query, its columns cleared), and the page of rows ordered by each
 * of `order` in turn, all in `direction` (the last is the tie-breaker, usually the id). Not for
 * a grouped or distinct query: its count would be one group's, not the number of rows.
 * @example const { rows, total } = await selectedPage(ordersQuery(db), query, [`o.${sort.column}`, 'o.id'], sort.direction);
 */
export async function selectedPage<D, TB extends keyof D, O>(
  selected: SelectQueryBuilder<D, TB, O>,
  query: StaffListQuery,
  order: readonly StringReference<D, TB>[],
  direction: 'asc' | 'desc',
): Promise<{ rows: O[]; total: number }> {
  const { limit, offset } = pageOf(query);
  const ordered = order.reduce((q, column) => q.orderBy(column, direction), selected);
  const [total, rows] = await Promise.all([
    selected
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    ordered.limit(limit).offset(offset).execute(),
  ]);
  // Kysely cannot follow a count through a generic query's types; the row is `{ n }`.
  return { rows: rows as O[], total: countOf(total as { n: number } | undefined) };
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
  return selectedPage(
    base.selectAll(),
    query,
    [sort.column, 'id'] as unknown as StringReference<DB, T>[],
    sort.direction,
  );
}

/**
 * A staff-edited table read as the console's items: `get` one by id (undefined when the id names
 * none), `list` a page of them (listPage). `views` makes the items of some rows at once, so a
 * page's links and counts take a few queries, not a few per row.
 * @example const teacherItems = viewedRows('teachers', views);
 *   await teacherItems.list(db, query, { search: ['name'], sortable: ['id', 'name'], fallback: 'id' });
 */
export function viewedRows<T extends EditedTable, V>(
  table: T,
  views: (db: Kysely<DB>, rows: Selectable<DB[T]>[]) => Promise<V[]> | V[],
) {
  type Base = SelectQueryBuilder<DB, T, object>;
  type Column = keyof DB[T] & string;
  return {
    async get(db: Kysely<DB>, id: number): Promise<V | undefined> {
      // As in auditedRows: Kysely cannot type a read of a table chosen by a type parameter;
      // every EditedTable has a numeric id, and the row is T's.
      const row = await (db as unknown as Kysely<Record<string, { id: number }>>)
        .selectFrom(table as string)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? (await views(db, [row as Selectable<DB[T]>]))[0] : undefined;
    },
    /**
     * A page of the items: `q` is part of a `search` column (of any, when there are more),
     * each `equal` column the query names keeps the rows of that value, and `narrow` adds
     * the table's own filters.
     */
    async list<K extends Column>(
      db: Kysely<DB>,
      query: StaffListQuery & { [C in Column]?: unknown },
      how: {
        search?: readonly Column[];
        equal?: readonly Column[];
        sortable: readonly K[];
        fallback: K;
        /** A teacher's list keeps the rows in their scope (ADR 048); none: the whole school. */
        scope?: { resource: ScopedResource; teacher: TeacherScope };
      },
      narrow: (base: Base) => Base = (base) => base,
    ): Promise<{ data: V[]; meta: { total: number } }> {
      // The columns are T's; Kysely cannot follow them through the type parameter.
      let base = db.selectFrom(table as never) as unknown as Base;
      const scope = how.scope;
      if (scope && scope.teacher !== null)
        base = base.where(inScope(scope.resource, scope.teacher));
      const q = query.q;
      const search = how.search ?? [];
      if (q && search.length === 1) base = base.where(matches(search[0]!, q));
      if (q && search.length > 1) {
        base = base.where((eb) => eb.or(search.map((column) => matches(column, q))));
      }
      for (const column of how.equal ?? []) {
        const value = query[column];
        if (value !== undefined) base = base.where(column as never, '=', value as never);
      }
      const { rows, total } = await listPage(narrow(base), query, how.sortable, how.fallback);
      return { data: await views(db, rows as Selectable<DB[T]>[]), meta: { total } };
    },
  };
}
