import type { z } from 'zod';
import {
  STAFF_PEOPLE_MESSAGES,
  STUDENT_IMPORT_MESSAGES,
  type StaffStudentCourse,
  type StaffStudentPurchase,
  type StaffStudentSession,
  type StaffStudentTransaction,
  type StaffStudentRefund,
  type staffGrantBodySchema,
  type staffRefundBodySchema,
  type StaffListQuery,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { enforce } from '../../lib/rate-limit';
import { CODE_SENDS_PER_ACCOUNT, sendPasswordResetCode } from '../auth/auth-service';
import { enrollmentsOf } from '../courses/enrollment-admin';
import { sessionsOf } from '../exams/exam-results-admin';
import { grantAccess } from '../purchases/grants';
import { listPurchases } from '../purchases/purchase-admin';
import { refundSale, refundsOf } from '../purchases/refunds';
import { notStudent, requireStudent } from '../users/student-admin';
import { listTransactions } from '../wallet/ledger-admin';
import { writeAudit, type Actor, type Db } from './staff-core';

// A student's page for staff: each tab is the list of the module that owns its table, of this
// student only (a 404 first when the id names no student); the password reset and the grants
// are the auth and purchases modules' services, audited here.

const M = STAFF_PEOPLE_MESSAGES;

type Page<T> = { data: T[]; meta: { total: number } };
type Tab<T> = (db: Db, id: number, query: StaffListQuery) => Promise<Page<T>>;

/** A tab of the student's page: a 404 first when `id` names no student, then the tab's rows. */
function tab<T>(rows: Tab<T>): Tab<T> {
  return async (db, id, query) => {
    await requireStudent(db, id);
    return rows(db, id, query);
  };
}

/**
 * A school-wide list of one student as their tab: no search or filter, newest first (the tab
 * has paging only), each row without the student it names.
 */
function oneStudent<T extends { student: unknown }>(
  list: (db: Db, query: StaffListQuery & OneStudent) => Promise<Page<T>>,
): Tab<Omit<T, 'student'>> {
  return async (db, id, query) => {
    const page = await list(db, { ...query, ...ONE_STUDENT, student_id: id });
    return { data: page.data.map(({ student: _, ...row }) => row), meta: page.meta };
  };
}

const ONE_STUDENT = {
  q: undefined,
  sort: undefined,
  order: 'desc',
  from: undefined,
  to: undefined,
} as const;
type OneStudent = typeof ONE_STUDENT & { student_id: number };

/** The courses the student joined, newest first. */
export const studentCourses: Tab<StaffStudentCourse> = tab(enrollmentsOf);

/** The student's lecture purchases and grants, newest first. */
export const studentPurchases: Tab<StaffStudentPurchase> = tab(oneStudent(listPurchases));

/** The student's exam sessions, newest first. */
export const studentSessions: Tab<StaffStudentSession> = tab(sessionsOf);

/** The student's ledger, newest first, as the wallet table shows it (pounds). */
export const studentLedger: Tab<StaffStudentTransaction> = tab(oneStudent(listTransactions));

/** The student's refunds, newest first. */
export const studentRefunds: Tab<StaffStudentRefund> = tab(refundsOf);

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
  // Brought in without an e-mail (ADR 052): the set-password link is the way, not a mailed code.
  if (row.email === null) throw new AppError('CONFLICT', STUDENT_IMPORT_MESSAGES.noEmail);
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

/** A sale given back (purchases/refunds.ts, ADR 050), audited with what was given back. */
export async function refundStudent(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof staffRefundBodySchema>,
) {
  return db.transaction().execute(async (trx) => {
    await requireStudent(trx, id);
    const data = await refundSale(trx, id, { id: actor.id, name: actor.name }, body);
    await writeAudit(trx, actor, {
      action: 'refund',
      resource: 'students',
      resourceId: id,
      before: {
        course_id: data.course.id,
        lecture_id: data.lecture?.id ?? null,
        purchase_id: body.purchase_id ?? null,
        sale_at: data.sale_at,
        sale_pay_by: data.sale_pay_by,
        sale_amount: data.sale_amount,
      },
      after: { refund_id: data.id, amount: data.amount, to: data.refund_to, reason: data.reason },
    });
    return data;
  });
}
