import { fromPiasters, type StaffListQuery, type StaffStudentCourse } from '@dars/contract';
import type { Db } from '../../db/audited-change';
import { selectedPage } from '../../db/list-page';

// The courses a student joined, for staff (issue 13): the enrollments are this module's.

/** The courses a student joined, newest first (their page's courses tab). */
export async function enrollmentsOf(
  db: Db,
  id: number,
  query: StaffListQuery,
): Promise<{ data: StaffStudentCourse[]; meta: { total: number } }> {
  const base = db
    .selectFrom('enrollments as e')
    .innerJoin('courses', 'courses.id', 'e.course_id')
    .leftJoin('users as staff', 'staff.id', 'e.granted_by')
    .where('e.user_id', '=', id);
  const selected = base.select([
    'courses.id',
    'courses.name',
    'courses.pay_type',
    'e.created_at',
    'e.granted_by',
    'e.pay_by',
    'e.price_paid',
    'staff.name as staff_name',
  ]);
  const { rows, total } = await selectedPage(
    selected,
    query,
    ['e.created_at', 'courses.id'],
    'desc',
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      pay_type: r.pay_type,
      joined_at: r.created_at,
      granted: r.granted_by !== null,
      granted_by: r.staff_name ?? null,
      pay_by: r.pay_by,
      price_paid: fromPiasters(r.price_paid),
    })),
    meta: { total },
  };
}
