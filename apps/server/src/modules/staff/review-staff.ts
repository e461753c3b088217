import type { z } from 'zod';
import {
  API_BASE,
  toPiasters,
  type StaffMarkingItem,
  type StaffMobilePayment,
  type staffMarkingListQuerySchema,
  type staffMobilePaymentApproveBodySchema,
  type staffMobilePaymentListQuerySchema,
  fromPiasters,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import { fieldError } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/public-url';
import { markEssayAnswer } from '../exams/exam-marking';
import { answerImageUrl } from '../exams/answer-image-link';
import { approveMobilePayment, rejectMobilePayment } from '../wallet/mobile-payment-review';
import {
  matches,
  notFound,
  selectedPage,
  sortOf,
  writeAudit,
  type Actor,
  type Db,
  type Trx,
  STUDENT_SELECT,
  studentOf,
} from './staff-core';

// Recharge review and marking for leaders and admins (issue 13, ADR 022 «People and money»),
// on the services the wallet and exams issues built; every decision is audited in its own
// transaction.

function paymentsQuery(db: Db | Trx) {
  return db
    .selectFrom('mobile_payments as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('users as r', 'r.id', 'p.reviewed_by')
    .select([
      'p.id',
      'p.amount',
      'p.payer_number',
      'p.message',
      'p.status',
      'p.reject_reason',
      'p.reviewed_at',
      'p.transaction_serial',
      'p.approved_amount',
      'p.review_note',
      'p.created_at',
      ...STUDENT_SELECT,
      'r.id as reviewer_id',
      'r.name as reviewer_name',
    ]);
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentsQuery>['executeTakeFirstOrThrow']>>;

function paymentView(r: PaymentRow): StaffMobilePayment {
  return {
    id: r.id,
    student: studentOf(r),
    amount: fromPiasters(r.amount),
    payer_number: r.payer_number,
    message: r.message,
    status: r.status,
    reject_reason: r.reject_reason,
    reviewed_by: r.reviewer_id === null ? null : { id: r.reviewer_id, name: r.reviewer_name ?? '' },
    reviewed_at: r.reviewed_at,
    transaction_serial: r.transaction_serial,
    approved_amount: r.approved_amount === null ? null : fromPiasters(r.approved_amount),
    review_note: r.review_note,
    receipt_url: `${API_BASE}/staff/mobile-payments/${r.id}/receipt`,
    created_at: r.created_at,
  };
}

/** The recharge requests, oldest first by default (the pending queue is worked in order). */
export async function listMobilePayments(
  db: Db,
  query: z.output<typeof staffMobilePaymentListQuerySchema>,
) {
  let base = paymentsQuery(db);
  if (query.status !== undefined) base = base.where('p.status', '=', query.status);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) =>
      eb.or([matches('u.name', q), matches('u.phone', q), matches('p.payer_number', q)]),
    );
  }
  const sort = sortOf(query, ['id', 'created_at', 'amount'] as const, 'id');
  const { rows, total } = await selectedPage(
    base,
    query,
    [`p.${sort.column}`, 'p.id'],
    sort.direction,
  );
  return { data: rows.map(paymentView), meta: { total } };
}

export async function getMobilePayment(
  db: Db | Trx,
  id: number,
): Promise<StaffMobilePayment | undefined> {
  const row = await paymentsQuery(db).where('p.id', '=', id).executeTakeFirst();
  return row && paymentView(row);
}

async function audited(trx: Trx, actor: Actor, action: string, id: number) {
  const after = await getMobilePayment(trx, id);
  // The row before a decision is the same request, pending and unreviewed.
  const before = after && {
    ...after,
    status: 'pending',
    reject_reason: null,
    reviewed_by: null,
    reviewed_at: null,
    transaction_serial: null,
    approved_amount: null,
    review_note: null,
  };
  await writeAudit(trx, actor, {
    action,
    resource: 'mobile-payments',
    resourceId: id,
    before,
    after,
  });
}

/**
 * Approves once (the credit, its notification and the audit row in one transaction), for the
 * claimed amount or another one in pounds with a note.
 */
export async function approvePayment(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof staffMobilePaymentApproveBodySchema> = {},
) {
  const approval = {
    amount: body.amount === undefined ? undefined : toPiasters(body.amount),
    note: body.note ?? null,
  };
  await approveMobilePayment(db, id, actor.id!, approval, (trx, paymentId) =>
    audited(trx, actor, 'approve', paymentId),
  );
  return (await getMobilePayment(db, id))!;
}

/** Rejects with the reason the student reads in a notification; audited. */
export async function rejectPayment(db: Db, actor: Actor, id: number, reason: string) {
  await rejectMobilePayment(db, id, actor.id!, reason, (trx, paymentId) =>
    audited(trx, actor, 'reject', paymentId),
  );
  return (await getMobilePayment(db, id))!;
}

// ---------------------------------------------------------------------------------------------
// Marking

function answersQuery(db: Db | Trx) {
  return db
    .selectFrom('answer_attempts as a')
    .innerJoin('questions as q', 'q.id', 'a.question_id')
    .innerJoin('exam_sessions as s', 's.id', 'a.session_id')
    .innerJoin('exams as e', 'e.id', 's.exam_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'a.id',
      'a.session_id',
      'a.answer_text',
      'a.image_path',
      'a.correct',
      'a.correction_mark',
      'a.comment',
      'q.id as question_id',
      'q.text as question_text',
      'q.image_path as question_image',
      'q.mark as question_mark',
      'e.id as exam_id',
      'e.name as exam_name',
      'u.id as student_id',
      'u.name as student_name',
      's.finished_at',
    ])
    .where('q.type', '=', 'essay')
    .where('s.finished_at', 'is not', null);
}

type AnswerRow = Awaited<ReturnType<ReturnType<typeof answersQuery>['executeTakeFirstOrThrow']>>;

function answerView(ctx: Pick<AppContext, 'secret'>, r: AnswerRow): StaffMarkingItem {
  return {
    id: r.id,
    session_id: r.session_id,
    exam: { id: r.exam_id, name: r.exam_name },
    student: { id: r.student_id, name: r.student_name },
    question: {
      id: r.question_id,
      text: r.question_text,
      image_url: publicFileUrl(r.question_image),
      mark: r.question_mark,
    },
    answer_text: r.answer_text,
    image_url: r.image_path ? answerImageUrl(ctx, r.student_id, r.id, 'staff') : null,
    mark: r.correct === null ? null : r.correction_mark,
    comment: r.comment,
    submitted_at: r.finished_at!,
  };
}

/** The essay answers of submitted sessions that wait for marks, oldest answer first. */
export async function listMarking(
  ctx: Pick<AppContext, 'db' | 'secret'>,
  query: z.output<typeof staffMarkingListQuerySchema>,
) {
  let base = answersQuery(ctx.db).where('a.correct', 'is', null);
  if (query.exam_id !== undefined) base = base.where('e.id', '=', query.exam_id);
  if (query.q) base = base.where(matches('u.name', query.q));
  const sort = sortOf(query, ['id', 'finished_at'] as const, 'id');
  const column = sort.column === 'id' ? 'a.id' : 's.finished_at';
  const { rows, total } = await selectedPage(base, query, [column, 'a.id'], sort.direction);
  return { data: rows.map((r) => answerView(ctx, r)), meta: { total } };
}

/**
 * Marks one essay answer, 0..the question's mark (422 on `mark` otherwise); the session's
 * result is recomputed, the student told, and the change audited in the same transaction.
 */
export async function markAnswer(
  ctx: Pick<AppContext, 'db' | 'secret'>,
  actor: Actor,
  id: number,
  body: { mark: number; comment?: string | null },
) {
  const { db } = ctx;
  const row = await answersQuery(db).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  if (body.mark > row.question_mark) {
    throw fieldError('mark', `الدرجة بين 0 و ${row.question_mark}`);
  }
  const before = answerView(ctx, row);
  await markEssayAnswer(
    db,
    { attemptId: id, marks: body.mark, comment: body.comment ?? null },
    async (trx) => {
      const now = await answersQuery(trx).where('a.id', '=', id).executeTakeFirstOrThrow();
      const { image_url: _b, ...beforeLogged } = before;
      const { image_url: _a, ...afterLogged } = answerView(ctx, now);
      await writeAudit(trx, actor, {
        action: 'mark',
        resource: 'marking',
        resourceId: id,
        before: beforeLogged,
        after: afterLogged,
      });
    },
  );
  const after = await answersQuery(db).where('a.id', '=', id).executeTakeFirstOrThrow();
  const session = await db
    .selectFrom('exam_sessions')
    .select(['correction_mark', 'total_mark', 'succeeded', 'corrected'])
    .where('id', '=', after.session_id)
    .executeTakeFirstOrThrow();
  return {
    ...answerView(ctx, after),
    result: {
      correction_mark: session.correction_mark,
      total_mark: session.total_mark,
      succeeded: session.succeeded === 1,
      corrected: session.corrected === 1,
    },
  };
}
