import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import {
  fromPiasters,
  ID_MAX,
  STAFF_PEOPLE_MESSAGES,
  toLatinDigits,
  type StaffStudent,
  type StaffStudentDetail,
  type staffStudentListQuerySchema,
} from '@dars/contract';
import type { UsersTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Db, Trx } from '../../db/audited-change';
import { countOf, likePattern, selectedPage, sortOf } from '../../db/list-page';

// The students for staff (issue 13, ADR 022 «People»): the list, one student's page with the
// size of each tab, and blocking. Staff accounts (a group) are auth/staff-accounts.ts's.

const M = STAFF_PEOPLE_MESSAGES;

type StudentRow = Selectable<UsersTable> & { grade_name: string | null };

export function notStudent(): AppError {
  return new AppError('NOT_FOUND', M.notStudent);
}

/** Students only: staff accounts (a group) are never listed, changed or granted here. */
function students(db: Db | Trx) {
  return db
    .selectFrom('users')
    .leftJoin('grades', 'grades.id', 'users.grade_id')
    .where('users.group_id', 'is', null);
}

function view(row: StudentRow): StaffStudent {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    grade: row.grade_id !== null ? { id: row.grade_id, name: row.grade_name ?? '' } : null,
    balance: fromPiasters(row.balance),
    wallet_address: row.wallet_address,
    email_verified: row.email_verified_at !== null,
    blocked: row.blocked_at !== null,
    blocked_at: row.blocked_at,
    blocked_reason: row.blocked_reason,
    created_at: row.created_at,
    parent_phone: row.parent_phone,
    parent_email: row.parent_email,
    center_name: row.center_name,
  };
}

/**
 * The student list: `q` is part of a name, e-mail, phone (Arabic digits read as Latin) or
 * wallet address, or a whole id. Newest first unless another order is asked for.
 */
export async function listStudents(db: Db, query: z.output<typeof staffStudentListQuerySchema>) {
  let base = students(db);
  if (query.grade_id !== undefined) base = base.where('users.grade_id', '=', query.grade_id);
  if (query.blocked !== undefined) {
    base = base.where('users.blocked_at', query.blocked ? 'is not' : 'is', null);
  }
  if (query.q) {
    const text = toLatinDigits(query.q).trim();
    const pattern = likePattern(text);
    const id = /^\d{1,10}$/.test(text) && Number(text) <= ID_MAX ? Number(text) : null;
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(users.name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(users.email) like ${pattern} escape '\\'`,
        sql<boolean>`users.phone like ${likePattern(text.replace(/[\s-]/g, ''))} escape '\\'`,
        sql<boolean>`lower(users.wallet_address) like ${pattern} escape '\\'`,
        ...(id !== null ? [eb('users.id', '=', id)] : []),
      ]),
    );
  }
  const sort = sortOf(
    { ...query, order: query.sort ? query.order : 'desc' },
    ['id', 'name', 'email', 'phone', 'balance', 'created_at'] as const,
    'id',
  );
  const { rows, total } = await selectedPage(
    base.selectAll('users').select('grades.name as grade_name'),
    query,
    [`users.${sort.column}`, 'users.id'],
    sort.direction,
  );
  return { data: rows.map(view), meta: { total } };
}

async function studentRow(db: Db | Trx, id: number): Promise<StudentRow | undefined> {
  return students(db)
    .selectAll('users')
    .select('grades.name as grade_name')
    .where('users.id', '=', id)
    .executeTakeFirst();
}

async function countWhere(
  db: Db | Trx,
  table: 'enrollments' | 'lecture_purchases' | 'exam_sessions' | 'wallet_transactions' | 'refunds',
  userId: number,
): Promise<number> {
  return countOf(
    await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
}

/** One student's page: the list's fields, the centre and the size of each tab. */
export async function getStudent(
  db: Db | Trx,
  id: number,
): Promise<StaffStudentDetail | undefined> {
  const row = await studentRow(db, id);
  if (!row) return undefined;
  const [courses, purchases, sessions, transactions, refunds] = await Promise.all([
    countWhere(db, 'enrollments', id),
    countWhere(db, 'lecture_purchases', id),
    countWhere(db, 'exam_sessions', id),
    countWhere(db, 'wallet_transactions', id),
    countWhere(db, 'refunds', id),
  ]);
  return {
    ...view(row),
    courses_count: courses,
    purchases_count: purchases,
    sessions_count: sessions,
    transactions_count: transactions,
    refunds_count: refunds,
  };
}

/** The student `id` names; 404 when it names none, or a staff account. */
export async function requireStudent(db: Db | Trx, id: number): Promise<StaffStudentDetail> {
  const student = await getStudent(db, id);
  if (!student) throw notStudent();
  return student;
}
