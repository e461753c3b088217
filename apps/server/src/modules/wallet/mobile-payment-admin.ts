import type { z } from 'zod';
import {
  API_BASE,
  toPiasters,
  type StaffMobilePayment,
  type staffMobilePaymentApproveBodySchema,
  type staffMobilePaymentListQuerySchema,
  fromPiasters,
} from '@dars/contract';
import { approveMobilePayment, rejectMobilePayment } from './mobile-payment-review';
import { writeAudit, type Actor, type Db, type Trx } from '../../db/audited-change';
import {
  matches,
  selectedPage,
  sortOf,
  STUDENT_SELECT,
  studentOf,
  type RowOf,
} from '../../db/list-page';

// Recharge review for leaders and admins (issue 13, ADR 022 «People and money»), on the
// wallet's review service (mobile-payment-review.ts); every decision is audited in its own
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

type PaymentRow = RowOf<typeof paymentsQuery>;

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
