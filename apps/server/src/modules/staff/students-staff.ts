import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import {
  fromPiasters,
  ID_MAX,
  STAFF_PEOPLE_MESSAGES,
  toLatinDigits,
  type StaffStudent,
  type StaffStudentCourse,
  type StaffStudentDetail,
  type StaffStudentPurchase,
  type StaffStudentSession,
  type StaffStudentTransaction,
  type staffGrantBodySchema,
  type staffStudentListQuerySchema,
  type StaffListQuery,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { UsersTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { enforce } from '../../lib/rate-limit';
import { CODE_SENDS_PER_ACCOUNT, sendPasswordResetCode } from '../auth/auth-service';
import { revokeAllTokens } from '../auth/session-tokens';
import { grantAccess } from '../purchases/grants';
import { setBlocked } from '../users/user-blocking';
import { listTransactions } from './ledger-staff';
import { listPurchases } from './purchases-staff';
import {
  conflict,
  countOf,
  likePattern,
  selectedPage,
  sortOf,
  writeAudit,
  type Actor,
  type Db,
  type Trx,
} from './staff-core';

const M = STAFF_PEOPLE_MESSAGES;

/** A student's tab of a school-wide list: no search or filter, newest first. */
const ONE_STUDENT = {
  q: undefined,
  sort: undefined,
  order: 'desc',
  from: undefined,
  to: undefined,
} as const;

type StudentRow = Selectable<UsersTable> & { grade_name: string | null };

function notStudent(): AppError {
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
  table: 'enrollments' | 'lecture_purchases' | 'exam_sessions' | 'wallet_transactions',
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
  const [courses, purchases, sessions, transactions] = await Promise.all([
    countWhere(db, 'enrollments', id),
    countWhere(db, 'lecture_purchases', id),
    countWhere(db, 'exam_sessions', id),
    countWhere(db, 'wallet_transactions', id),
  ]);
  return {
    ...view(row),
    center_name: row.center_name,
    courses_count: courses,
    purchases_count: purchases,
    sessions_count: sessions,
    transactions_count: transactions,
  };
}

async function requireStudent(db: Db | Trx, id: number): Promise<StaffStudentDetail> {
  const student = await getStudent(db, id);
  if (!student) throw notStudent();
  return student;
}

type Page<T> = { data: T[]; meta: { total: number } };

/** The courses the student joined, newest first. */
export async function studentCourses(
  db: Db,
  id: number,
  query: StaffListQuery,
): Promise<Page<StaffStudentCourse>> {
  await requireStudent(db, id);
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

/** The student's lecture purchases and grants, newest first. */
export async function studentPurchases(
  db: Db,
  id: number,
  query: StaffListQuery,
): Promise<Page<StaffStudentPurchase>> {
  await requireStudent(db, id);
  // The school-wide list of one student, newest first (the tab has paging only).
  const page = await listPurchases(db, { ...query, ...ONE_STUDENT, student_id: id });
  return { data: page.data.map(({ student: _, ...row }) => row), meta: page.meta };
}

/** The student's exam sessions, newest first. */
export async function studentSessions(
  db: Db,
  id: number,
  query: StaffListQuery,
): Promise<Page<StaffStudentSession>> {
  await requireStudent(db, id);
  const base = db
    .selectFrom('exam_sessions as s')
    .innerJoin('exams', 'exams.id', 's.exam_id')
    .where('s.user_id', '=', id);
  const selected = base.select([
    's.id',
    's.started_at',
    's.finished_at',
    's.finished_by',
    's.correction_mark',
    's.total_mark',
    's.succeeded',
    's.corrected',
    'exams.id as exam_id',
    'exams.name as exam_name',
    'exams.exam_code',
  ]);
  const { rows, total } = await selectedPage(selected, query, ['s.id'], 'desc');
  return {
    data: rows.map((r) => ({
      id: r.id,
      exam: { id: r.exam_id, name: r.exam_name, exam_code: r.exam_code },
      started_at: r.started_at,
      finished_at: r.finished_at,
      finished_by: r.finished_by,
      correction_mark: r.correction_mark === null ? null : Number(r.correction_mark),
      total_mark: Number(r.total_mark),
      // Passed or failed only once no essay waits for marks (a running session is not marked).
      succeeded: r.corrected === 1 ? r.succeeded === 1 : null,
      corrected: r.corrected === 1,
    })),
    meta: { total },
  };
}

/** The student's ledger, newest first, as the wallet table shows it (pounds). */
export async function studentLedger(
  db: Db,
  id: number,
  query: StaffListQuery,
): Promise<Page<StaffStudentTransaction>> {
  await requireStudent(db, id);
  const page = await listTransactions(db, { ...query, ...ONE_STUDENT, student_id: id });
  return { data: page.data.map(({ student: _, ...row }) => row), meta: page.meta };
}

/**
 * Mails the student a password-reset code through the students' own reset flow (ADR 000), under
 * the same per-account limit of mailed codes. The current password keeps working until the
 * student sets a new one. Audited.
 */
export async function resetStudentPassword(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  const row = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('group_id', 'is', null)
    .executeTakeFirst();
  if (!row) throw notStudent();
  await enforce(ctx.db, `codes:email:${row.email}`, CODE_SENDS_PER_ACCOUNT);
  // The audit row lands with the code, before the mail is sent: no code without its row.
  await sendPasswordResetCode(ctx.db, ctx.mailer, row, (trx) =>
    writeAudit(trx, actor, {
      action: 'password_reset',
      resource: 'students',
      resourceId: id,
      before: null,
      after: { email: row.email },
    }),
  );
  return { message: M.resetMailed };
}

/**
 * Blocks a student: every session ends in the same transaction (so the next call of any of
 * their tokens is a 401), and sign-in is refused with an Arabic message until unblocked.
 */
export async function blockStudent(
  db: Db,
  actor: Actor,
  id: number,
  reason: string | null,
): Promise<StaffStudentDetail> {
  return changeBlock(db, actor, id, { by: actor.id, reason });
}

export async function unblockStudent(
  db: Db,
  actor: Actor,
  id: number,
): Promise<StaffStudentDetail> {
  return changeBlock(db, actor, id, null);
}

/**
 * Blocks (`{ by, reason }`) or unblocks (null) in one transaction with its audit row; 409 when
 * the student already was so.
 */
async function changeBlock(
  db: Db,
  actor: Actor,
  id: number,
  block: { by: number | null; reason: string | null } | null,
): Promise<StaffStudentDetail> {
  return db.transaction().execute(async (trx) => {
    const before = await requireStudent(trx, id);
    const done = await setBlocked(trx, id, block);
    if (!done) throw conflict(block ? M.alreadyBlocked : M.notBlocked);
    if (block) await revokeAllTokens(trx, id);
    const after = (await getStudent(trx, id))!;
    await writeAudit(trx, actor, {
      action: block ? 'block' : 'unblock',
      resource: 'students',
      resourceId: id,
      before,
      after,
    });
    return after;
  });
}

/** A course or lecture given by staff (purchases/grants.ts, ADR 029 and 033), audited. */
export async function grantStudent(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof staffGrantBodySchema>,
) {
  return db.transaction().execute(async (trx) => {
    await requireStudent(trx, id);
    const data = await grantAccess(trx, id, actor.id, body);
    await writeAudit(trx, actor, {
      action: 'grant',
      resource: 'students',
      resourceId: id,
      before: null,
      after: { ...data, comment: body.comment ?? null },
    });
    return data;
  });
}
