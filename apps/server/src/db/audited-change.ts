import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { STAFF_MESSAGES } from '@dars/contract';
import { AppError } from '../lib/app-error';
import { nowIso } from '../lib/time';
import type { DB } from './schema';

/**
 * Staff changes of domain rows, audited (ADR 022): one transaction, one `staff_audit_log` row
 * with the item before and after, the same 404 and 409 answers whoever writes. The domain
 * modules own their tables and write them through this; `modules/staff` only routes and
 * checks roles (docs/architecture.md).
 */

export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;

/** The staff member making a change, as the audit log names them. */
export interface Actor {
  /** null: the command line (npm run staff). */
  id: number | null;
  name: string;
  groupId: number | null;
  /** A teacher's login whose profile the admin allowed to set prices (ADR 048). */
  maySetPrices?: boolean;
}

export function isAdmin(actor: Actor): boolean {
  return actor.groupId === 1;
}

/** Prices are the admin's, and a teacher's the admin allowed (ADR 022, ADR 048). */
export function maySetPrices(actor: Actor): boolean {
  return isAdmin(actor) || actor.maySetPrices === true;
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

/** The tables staff edit row by row (each has a numeric `id`). */
export type EditedTable =
  | 'grades'
  | 'categories'
  | 'teachers'
  | 'courses'
  | 'lectures'
  | 'videos'
  | 'attachments'
  | 'exams'
  | 'questions'
  | 'lecture_exams'
  | 'exam_accommodations'
  | 'exam_attempt_grants'
  | 'question_banks'
  | 'exam_draw_rules';

/**
 * The audited create / update / upload / delete of one table's rows, each `change()`:
 * - `create(db, actor, values, then?)`: inserts what `values(trx)` gives (it may check and
 *   throw first), runs `then(trx, id)` (links, options), answers the new item;
 * - `update(db, actor, id, values, then?)`: 404 when `id` names nothing; sets what
 *   `values(trx, before)` gives (nothing when it is empty), runs `then`, answers the item;
 * - `upload(db, actor, id, values)`: sets a file's column (an image, a video's file), audited as
 *   `upload`;
 * - `remove(db, actor, id, guard?, then?)`: 404 when `id` names nothing, `guard(trx, before)` may
 *   refuse (409), then deletes the row and runs `then(trx, before)`.
 * The audit row names `resource` (the API's name) and holds the item as `load` reads it.
 * @example const teacherRows = auditedRows('teachers', 'teachers', getTeacher);
 *   await teacherRows.remove(db, actor, id);
 */
export function auditedRows<T, K extends EditedTable>(
  table: K,
  resource: string,
  load: (db: Db | Trx, id: number) => Promise<T | undefined>,
) {
  // Kysely cannot type a write to a table chosen by a type parameter; every table K may be
  // has a numeric id, and the values are typed as K's by the signatures below.
  const rows = (trx: Trx) => trx as unknown as Kysely<Record<string, { id: number }>>;
  const set = async (trx: Trx, id: number, values: Updateable<DB[K]>) => {
    if (Object.keys(values).length === 0) return;
    await rows(trx)
      .updateTable(table as string)
      .set(values as never)
      .where('id', '=', id)
      .execute();
  };
  return {
    async create(
      db: Db,
      actor: Actor,
      values: (trx: Trx) => Promise<Insertable<DB[K]>> | Insertable<DB[K]>,
      then?: (trx: Trx, id: number) => Promise<void>,
    ): Promise<T> {
      const { after } = await change(
        db,
        actor,
        { resource, action: 'create' },
        load,
        async (trx) => {
          const row = await rows(trx)
            .insertInto(table as string)
            .values((await values(trx)) as never)
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = row.id;
          await then?.(trx, id);
          return id;
        },
      );
      return after!;
    },
    async update(
      db: Db,
      actor: Actor,
      id: number,
      values: (trx: Trx, before: T) => Promise<Updateable<DB[K]>> | Updateable<DB[K]>,
      then?: (trx: Trx, before: T) => Promise<void>,
    ): Promise<T> {
      const what = { resource, action: 'update', id };
      const { after } = await change(db, actor, what, load, async (trx, before) => {
        await set(trx, id, await values(trx, before!));
        await then?.(trx, before!);
        return id;
      });
      return after!;
    },
    async upload(db: Db, actor: Actor, id: number, values: Updateable<DB[K]>): Promise<void> {
      await change(db, actor, { resource, action: 'upload', id }, load, async (trx) => {
        await set(trx, id, values);
        return id;
      });
    },
    async remove(
      db: Db,
      actor: Actor,
      id: number,
      guard?: (trx: Trx, before: T) => Promise<void>,
      then?: (trx: Trx, before: T) => Promise<void>,
    ): Promise<void> {
      await change(db, actor, { resource, action: 'delete', id }, load, async (trx, before) => {
        await guard?.(trx, before!);
        await rows(trx)
          .deleteFrom(table as string)
          .where('id', '=', id)
          .execute();
        await then?.(trx, before!);
        return id;
      });
    },
  };
}
