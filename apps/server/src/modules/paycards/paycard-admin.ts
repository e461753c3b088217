import type { z } from 'zod';
import {
  STAFF_MONEY_MESSAGES,
  type StaffPaycardBatch,
  type staffPaycardBatchCreateSchema,
  type staffPaycardBatchListQuerySchema,
  fromPiasters,
} from '@dars/contract';
import { AppError, fieldError } from '../../lib/app-error';
import { disableBatch, issueBatch } from './paycard-batches';
import {
  conflict,
  notFound,
  writeAudit,
  type Actor,
  type Db,
  type Trx,
} from '../../db/audited-change';
import { selectedPage, sortOf, type RowOf } from '../../db/list-page';

// Pay-card batches for admins (issue 13, ADR 030): issue (the codes answered once), list with
// used/unused counts, disable the unused cards. The cards are made by the paycards module's
// own service, the same `npm run paycards` uses.

function batchesQuery(db: Db | Trx) {
  return db
    .selectFrom('paycard_batches as b')
    .leftJoin('courses as c', 'c.id', 'b.course_id')
    .leftJoin('lectures as l', 'l.id', 'b.lecture_id')
    .select([
      'b.id',
      'b.value',
      'b.count',
      'b.expires_at',
      'b.created_by',
      'b.created_by_name',
      'b.created_at',
      'b.disabled_at',
      'c.id as course_id',
      'c.name as course_name',
      'l.id as lecture_id',
      'l.name as lecture_name',
    ])
    .select((eb) => [
      eb
        .selectFrom('paycards as p')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('p.batch_id', '=', 'b.id')
        .where('p.used_by', 'is not', null)
        .as('used'),
      eb
        .selectFrom('paycards as p')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('p.batch_id', '=', 'b.id')
        .where('p.used_by', 'is', null)
        .where('p.disabled_at', 'is not', null)
        .as('disabled'),
    ]);
}

type BatchRow = RowOf<typeof batchesQuery>;

function batchView(r: BatchRow): StaffPaycardBatch {
  const used = Number(r.used ?? 0);
  const disabled = Number(r.disabled ?? 0);
  return {
    id: r.id,
    value: fromPiasters(r.value),
    count: r.count,
    used,
    unused: r.count - used - disabled,
    disabled,
    course: r.course_id === null ? null : { id: r.course_id, name: r.course_name ?? '' },
    lecture: r.lecture_id === null ? null : { id: r.lecture_id, name: r.lecture_name ?? '' },
    expires_at: r.expires_at,
    created_by: { id: r.created_by, name: r.created_by_name },
    created_at: r.created_at,
    disabled_at: r.disabled_at,
  };
}

/** Newest first by default. */
export async function listPaycardBatches(
  db: Db,
  query: z.output<typeof staffPaycardBatchListQuerySchema>,
) {
  let base = batchesQuery(db);
  if (query.course_id !== undefined) base = base.where('b.course_id', '=', query.course_id);
  const sort = sortOf(query, ['id', 'created_at', 'value', 'count'] as const, 'id');
  const direction = query.sort ? sort.direction : 'desc';
  // The count is of the same joins: each batch has at most one course and one lecture.
  const { rows, total } = await selectedPage(base, query, [`b.${sort.column}`, 'b.id'], direction);
  return { data: rows.map(batchView), meta: { total } };
}

export async function getPaycardBatch(
  db: Db | Trx,
  id: number,
): Promise<StaffPaycardBatch | undefined> {
  const row = await batchesQuery(db).where('b.id', '=', id).executeTakeFirst();
  return row && batchView(row);
}

/**
 * Issues a batch and answers its codes: the only time they leave the server. The audit row
 * (the batch without its codes) is written in the batch's transaction.
 */
export async function createPaycardBatch(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffPaycardBatchCreateSchema>,
) {
  let issued;
  try {
    issued = await issueBatch(
      db,
      {
        value: body.value,
        count: body.count,
        courseId: body.course_id,
        lectureId: body.lecture_id,
        expiresAt: body.expires_at,
      },
      { id: actor.id, name: actor.name },
      async (trx, batchId) =>
        writeAudit(trx, actor, {
          action: 'create',
          resource: 'paycard-batches',
          resourceId: batchId,
          before: null,
          after: await getPaycardBatch(trx, batchId),
        }),
    );
  } catch (error) {
    // The target is checked inside the batch's transaction; show it under its field.
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw fieldError(body.lecture_id !== null ? 'lecture_id' : 'course_id', error.message);
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED')
      throw fieldError('lecture_id', STAFF_MONEY_MESSAGES.lectureCourse);
    throw error;
  }
  const batch = (await getPaycardBatch(db, issued.batchId))!;
  return { ...batch, codes: issued.codes };
}

/**
 * Disables the batch's cards that are not used yet, audited in the same transaction (409 when
 * it was disabled before, also when two admins disable it at once: the batch row is marked by
 * one conditional update).
 */
export async function disablePaycardBatch(db: Db, actor: Actor, id: number) {
  return db.transaction().execute(async (trx) => {
    const before = await getPaycardBatch(trx, id);
    if (!before) throw notFound();
    if ((await disableBatch(trx, id)) === null) throw conflict(STAFF_MONEY_MESSAGES.batchDisabled);
    const after = (await getPaycardBatch(trx, id))!;
    await writeAudit(trx, actor, {
      action: 'disable',
      resource: 'paycard-batches',
      resourceId: id,
      before,
      after,
    });
    return after;
  });
}
