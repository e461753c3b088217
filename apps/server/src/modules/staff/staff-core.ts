import { sql, type Kysely, type Transaction } from 'kysely';
import { STAFF_MESSAGES, type StaffListQuery } from '@dars/contract';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/time';

export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;

/** The staff member making a change, as the audit log names them. */
export interface Actor {
  /** null: the command line (npm run staff). */
  id: number | null;
  name: string;
  groupId: number | null;
}

export function isAdmin(actor: Actor): boolean {
  return actor.groupId === 1;
}

export interface AuditEntry {
  action: string;
  resource: string;
  resourceId: number | string | null;
  before: unknown;
  after: unknown;
}

/** Writes one audit row (ADR 022), in the caller's transaction so it lands with the change. */
export async function writeAudit(db: Db | Trx, actor: Actor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('staff_audit_log')
    .values({
      user_id: actor.id,
      user_name: actor.name,
      action: entry.action,
      resource: entry.resource,
      resource_id: entry.resourceId === null ? null : String(entry.resourceId),
      before:
        // Stryker disable next-line ConditionalExpression: JSON.stringify(undefined) is undefined, which Kysely leaves out of the insert: the column is null either way.
        entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      // Stryker disable next-line ConditionalExpression: as above, undefined is stored as null either way.
      after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      created_at: nowIso(),
    })
    .execute();
}

export function notFound(): AppError {
  return new AppError('NOT_FOUND', STAFF_MESSAGES.notFound);
}

export function conflict(message: string): AppError {
  return new AppError('CONFLICT', message);
}

/**
 * One audited change of one row, in a transaction: the item before (404 when `id` names
 * nothing), the write, the item after, and the audit row with both.
 * @example await change(db, actor, { resource: 'grades', action: 'update', id }, gradeView, (trx) => …)
 */
export async function change<T>(
  db: Db,
  actor: Actor,
  what: { resource: string; action: 'create' | 'update' | 'delete' | string; id?: number },
  load: (trx: Trx, id: number) => Promise<T | undefined>,
  write: (trx: Trx, before: T | undefined) => Promise<number>,
): Promise<{ before: T | undefined; after: T | undefined; id: number }> {
  return db.transaction().execute(async (trx) => {
    let before: T | undefined;
    if (what.id !== undefined) {
      before = await load(trx, what.id);
      if (before === undefined) throw notFound();
    }
    const id = await write(trx, before);
    // Stryker disable next-line ConditionalExpression,StringLiteral: after a delete the load finds no row, so `after` is undefined either way; the test saves a query.
    const after = what.action === 'delete' ? undefined : await load(trx, id);
    await writeAudit(trx, actor, {
      action: what.action,
      resource: what.resource,
      resourceId: id,
      before: before ?? null,
      after: after ?? null,
    });
    return { before, after, id };
  });
}

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
 * The position after the last of a lecture's videos, attachments or exams (1 for the first).
 * @example position: body.position ?? (await nextPosition(trx, 'videos', body.lecture_id))
 */
export async function nextPosition(
  trx: Trx,
  table: 'videos' | 'attachments' | 'lecture_exams',
  lectureId: number,
): Promise<number> {
  const last = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('p'))
    .where('lecture_id', '=', lectureId)
    .executeTakeFirst();
  return Number(last?.p ?? 0) + 1;
}
