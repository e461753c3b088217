import type { z } from 'zod';
import {
  PAID_SALE_METHODS,
  STAFF_PEOPLE_MESSAGES,
  fromPiasters,
  toPiasters,
  type StaffListQuery,
  type StaffStudentRefund,
  type staffRefundBodySchema,
} from '@dars/contract';
import { conflict, type Db, type Trx } from '../../db/audited-change';
import { selectedPage } from '../../db/list-page';
import type { EnrollmentPayBy } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import { notify } from '../notifications/notification-service';
import { credit, lockStudent } from '../wallet/ledger';
import { moneyText } from '../wallet/money-text';

// Refunds (issue 27, ADR 050). A sale is given back by removing its row (the enrolment of a
// whole course, or the lecture purchase), so the access it gave ends wherever access is read,
// and writing a `refunds` row that keeps the sale as it was: the month of the sale keeps
// counting it (the dashboard, a teacher's statement), and the month of the refund counts what
// was given back. Only a sale that took money can be refunded: by wallet, pay card or cash at
// the centre. Wallet refunds credit the wallet (a ledger row of the staff's adjustments, which
// the student's wallet table already shows, with the item's name); cash refunds are money paid
// back at the centre, recorded here only.

const M = STAFF_PEOPLE_MESSAGES;

type RefundBody = z.output<typeof staffRefundBodySchema>;

interface Sale {
  courseId: number;
  courseName: string;
  lectureId: number | null;
  lectureName: string | null;
  at: string;
  payBy: EnrollmentPayBy;
  amount: number;
  remove: () => Promise<unknown>;
}

/** The sale `body` names, of student `id`; a field error when the student holds no such sale. */
async function saleOf(trx: Trx, id: number, body: RefundBody): Promise<Sale> {
  if (body.course_id !== undefined) {
    const courseId = body.course_id;
    const row = await trx
      .selectFrom('enrollments as e')
      .innerJoin('courses as c', 'c.id', 'e.course_id')
      .select(['c.id', 'c.name', 'e.created_at', 'e.pay_by', 'e.price_paid'])
      .where('e.user_id', '=', id)
      .where('e.course_id', '=', courseId)
      .executeTakeFirst();
    if (!row)
      throw new AppError('VALIDATION_FAILED', M.saleMissing, { course_id: [M.saleMissing] });
    if (row.pay_by === 'join') throw conflict(M.refundLectures);
    return {
      courseId: row.id,
      courseName: row.name,
      lectureId: null,
      lectureName: null,
      at: row.created_at,
      payBy: row.pay_by,
      amount: row.price_paid,
      remove: () =>
        trx
          .deleteFrom('enrollments')
          .where('user_id', '=', id)
          .where('course_id', '=', courseId)
          .execute(),
    };
  }
  const purchaseId = body.purchase_id!;
  const row = await trx
    .selectFrom('lecture_purchases as p')
    .innerJoin('lectures as l', 'l.id', 'p.lecture_id')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .select([
      'c.id as course_id',
      'c.name as course_name',
      'l.id as lecture_id',
      'l.name as lecture_name',
      'p.created_at',
      'p.pay_by',
      'p.price_paid',
    ])
    .where('p.id', '=', purchaseId)
    .where('p.user_id', '=', id)
    .executeTakeFirst();
  if (!row) {
    throw new AppError('VALIDATION_FAILED', M.saleMissing, { purchase_id: [M.saleMissing] });
  }
  return {
    courseId: row.course_id,
    courseName: row.course_name,
    lectureId: row.lecture_id,
    lectureName: row.lecture_name,
    at: row.created_at,
    // Lecture purchases hold the same codes as enrolments but 'join' (ADR 033).
    payBy: row.pay_by as EnrollmentPayBy,
    amount: row.price_paid,
    remove: () => trx.deleteFrom('lecture_purchases').where('id', '=', purchaseId).execute(),
  };
}

/**
 * Gives back a sale of student `id` (in the caller's transaction, under the student's lock, so
 * a double click refunds once: the second finds the sale gone). Returns the refund as the
 * student's page lists it.
 */
export async function refundSale(
  trx: Trx,
  id: number,
  staff: { id: number | null; name: string | null },
  body: RefundBody,
): Promise<StaffStudentRefund> {
  await lockStudent(trx, id);
  const sale = await saleOf(trx, id, body);
  if (!(PAID_SALE_METHODS as readonly string[]).includes(sale.payBy) || sale.amount <= 0)
    throw conflict(M.nothingToRefund);
  const amount = body.amount ? toPiasters(body.amount) : sale.amount;
  if (amount > sale.amount) {
    throw new AppError('VALIDATION_FAILED', M.refundTooMuch, { amount: [M.refundTooMuch] });
  }
  const now = nowIso();
  await sale.remove();
  const { id: refundId } = await trx
    .insertInto('refunds')
    .values({
      user_id: id,
      course_id: sale.courseId,
      lecture_id: sale.lectureId,
      sale_at: sale.at,
      sale_pay_by: sale.payBy,
      sale_amount: sale.amount,
      amount,
      refund_to: body.to,
      reason: body.reason,
      staff_id: staff.id,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = sale.lectureName ?? sale.courseName;
  if (body.to === 'wallet') {
    const done = await credit(trx, id, amount, {
      type: 'admin_balance_update',
      comment: `استرداد ثمن: ${item}`,
      courseId: sale.courseId,
      lectureId: sale.lectureId,
    });
    await notify(trx, id, {
      type: 'recharge',
      title: 'تم رد مبلغ إلى محفظتك',
      content: `أُعيد ${moneyText(amount)} إلى محفظتك عن «${item}». رصيدك الآن ${moneyText(done.balance)}.`,
      to: '/wallet',
    });
  }
  return {
    id: refundId,
    course: { id: sale.courseId, name: sale.courseName },
    lecture: sale.lectureId === null ? null : { id: sale.lectureId, name: sale.lectureName! },
    sale_at: sale.at,
    sale_pay_by: sale.payBy,
    sale_amount: fromPiasters(sale.amount),
    amount: fromPiasters(amount),
    refund_to: body.to,
    reason: body.reason,
    staff_name: staff.name,
    created_at: now,
  };
}

/** The refunds of student `id`, newest first (their page's refunds tab). */
export async function refundsOf(
  db: Db,
  id: number,
  query: StaffListQuery,
): Promise<{ data: StaffStudentRefund[]; meta: { total: number } }> {
  const selected = db
    .selectFrom('refunds as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .leftJoin('lectures as l', 'l.id', 'r.lecture_id')
    .leftJoin('users as staff', 'staff.id', 'r.staff_id')
    .where('r.user_id', '=', id)
    .select([
      'r.id',
      'c.id as course_id',
      'c.name as course_name',
      'l.id as lecture_id',
      'l.name as lecture_name',
      'r.sale_at',
      'r.sale_pay_by',
      'r.sale_amount',
      'r.amount',
      'r.refund_to',
      'r.reason',
      'staff.name as staff_name',
      'r.created_at',
    ]);
  const { rows, total } = await selectedPage(selected, query, ['r.created_at', 'r.id'], 'desc');
  return {
    data: rows.map((r) => ({
      id: r.id,
      course: { id: r.course_id, name: r.course_name },
      lecture: r.lecture_id === null ? null : { id: r.lecture_id, name: r.lecture_name! },
      sale_at: r.sale_at,
      sale_pay_by: r.sale_pay_by,
      sale_amount: fromPiasters(r.sale_amount),
      amount: fromPiasters(r.amount),
      refund_to: r.refund_to,
      reason: r.reason,
      staff_name: r.staff_name ?? null,
      created_at: r.created_at,
    })),
    meta: { total },
  };
}
