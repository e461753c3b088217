import type { z } from 'zod';
import type { StaffPurchase, staffPurchaseListQuerySchema } from '@dars/contract';
import { fromPiasters } from '@dars/contract';
import { nowIso } from '../../lib/time';
import { type Db } from '../../db/audited-change';
import { matches, selectedPage, sortOf, STUDENT_SELECT, studentOf } from '../../db/list-page';

// Lecture purchases and grants of every student (issue 23, ADR 034): the admins' list and
// its export; a student's purchases tab is the same list filtered by the student.

type PurchaseQuery = z.output<typeof staffPurchaseListQuerySchema>;

function purchasesQuery(db: Db) {
  return db
    .selectFrom('lecture_purchases as p')
    .innerJoin('lectures', 'lectures.id', 'p.lecture_id')
    .innerJoin('courses', 'courses.id', 'lectures.course_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('users as staff', 'staff.id', 'p.granted_by');
}

/**
 * By id unless another column is asked for, in the order asked (the console asks newest first); `from`/`to` bound the purchase time, `q` matches the
 * student's name or phone or the lecture's name.
 */
export async function listPurchases(db: Db, query: PurchaseQuery) {
  let base = purchasesQuery(db);
  if (query.student_id !== undefined) base = base.where('p.user_id', '=', query.student_id);
  if (query.course_id !== undefined) base = base.where('courses.id', '=', query.course_id);
  if (query.pay_by !== undefined) base = base.where('p.pay_by', '=', query.pay_by);
  if (query.from !== undefined) base = base.where('p.created_at', '>=', query.from);
  if (query.to !== undefined) base = base.where('p.created_at', '<=', query.to);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) =>
      eb.or([matches('u.name', q), matches('u.phone', q), matches('lectures.name', q)]),
    );
  }
  const sort = sortOf(query, ['id', 'created_at', 'price_paid'] as const, 'id');
  const direction = sort.direction;
  const now = nowIso();
  const selected = base.select([
    'p.id',
    'p.price_paid',
    'p.pay_by',
    'p.created_at',
    'p.expires_at',
    'lectures.id as lecture_id',
    'lectures.name as lecture_name',
    'courses.id as course_id',
    'courses.name as course_name',
    ...STUDENT_SELECT,
    'staff.name as staff_name',
  ]);
  const { rows, total } = await selectedPage(
    selected,
    query,
    [`p.${sort.column}`, 'p.id'],
    direction,
  );
  const data: StaffPurchase[] = rows.map((r) => ({
    id: r.id,
    student: studentOf(r),
    lecture: { id: r.lecture_id, name: r.lecture_name },
    course: { id: r.course_id, name: r.course_name },
    price_paid: fromPiasters(r.price_paid),
    pay_by: r.pay_by,
    granted_by: r.staff_name ?? null,
    created_at: r.created_at,
    expires_at: r.expires_at,
    expired: r.expires_at !== null && r.expires_at <= now,
  }));
  return { data, meta: { total } };
}
