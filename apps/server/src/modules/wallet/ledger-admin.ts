import type { z } from 'zod';
import type { StaffTransaction, staffTransactionListQuerySchema } from '@dars/contract';
import { fromPiasters } from '@dars/contract';
import { type Db } from '../../db/audited-change';
import { matches, selectedPage, sortOf, STUDENT_SELECT, studentOf } from '../../db/list-page';

// The wallet ledger of every student (issue 23, ADR 034): the admins' list and its export;
// a student's wallet tab is the same list filtered by the student.

type TransactionQuery = z.output<typeof staffTransactionListQuerySchema>;

/**
 * By id unless another column is asked for, in the order asked (the console asks newest first); `from`/`to` bound the row's time, `q` is a whole serial
 * or part of the student's name or phone.
 */
export async function listTransactions(db: Db, query: TransactionQuery) {
  let base = db
    .selectFrom('wallet_transactions as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('lectures', 'lectures.id', 't.lecture_id')
    .leftJoin('courses', 'courses.id', 't.course_id');
  if (query.student_id !== undefined) base = base.where('t.user_id', '=', query.student_id);
  if (query.type !== undefined) base = base.where('t.type', '=', query.type);
  if (query.from !== undefined) base = base.where('t.created_at', '>=', query.from);
  if (query.to !== undefined) base = base.where('t.created_at', '<=', query.to);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) =>
      eb.or([eb('t.serial', '=', q), matches('u.name', q), matches('u.phone', q)]),
    );
  }
  const sort = sortOf(query, ['id', 'created_at', 'value'] as const, 'id');
  const direction = sort.direction;
  const selected = base.select([
    't.id',
    't.serial',
    't.type',
    't.value',
    't.balance_after',
    't.comment',
    't.created_at',
    't.lecture_id',
    't.course_id',
    'lectures.name as lecture_name',
    'courses.name as course_name',
    ...STUDENT_SELECT,
  ]);
  const { rows, total } = await selectedPage(
    selected,
    query,
    [`t.${sort.column}`, 't.id'],
    direction,
  );
  const data: StaffTransaction[] = rows.map((r) => ({
    id: r.id,
    serial: r.serial,
    student: studentOf(r),
    type: r.type,
    value: fromPiasters(r.value),
    balance_after: fromPiasters(r.balance_after),
    comment: r.comment,
    course: r.course_id !== null && r.course_name ? { id: r.course_id, name: r.course_name } : null,
    lecture:
      r.lecture_id !== null && r.lecture_name ? { id: r.lecture_id, name: r.lecture_name } : null,
    created_at: r.created_at,
  }));
  return { data, meta: { total } };
}
