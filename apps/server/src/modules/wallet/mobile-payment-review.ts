import type { Kysely, Transaction } from 'kysely';
import { fromPiasters, STAFF_RECHARGE_MESSAGES } from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { imageTypeOf } from '../../lib/image-type';
import { nowIso } from '../../lib/time';
import { notify } from '../notifications/notification-service';
import { creditRecharge } from './ledger';
import { moneyText } from './money-text';

// Staff review of mobile-wallet recharges (ADR 018: Mobile-wallet recharges), called by the
// staff API's /staff/mobile-payments routes (ADR 022), for admins and leaders.

/** Runs inside the decision's transaction, after it (the staff API writes its audit row). */
export type AfterDecision = (trx: Transaction<DB>, paymentId: number) => Promise<void>;

/** Staff groups that review recharges (architecture: admin 1, leader 2). */
const REVIEWER_GROUPS = [1, 2];
const ADMIN_GROUP = 1;
const REASON_MAX = 500;

export type PendingMobilePayment = {
  id: number;
  student: { id: number; name: string; phone: string };
  /** pounds */
  amount: number;
  payer_number: string;
  message: string | null;
  created_at: string;
};

/** Refuses anyone but staff: a student never sees or decides another's request. */
async function requireReviewer(db: Kysely<DB>, reviewerId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('group_id')
    .where('id', '=', reviewerId)
    .executeTakeFirst();
  const group = row?.group_id ?? 0;
  if (!REVIEWER_GROUPS.includes(group)) throw new AppError('FORBIDDEN');
  return group;
}

/**
 * The requests waiting for review, oldest first, `limit` at a time after the id `after`.
 * @example const [first] = await pendingMobilePayments(db, staffId)
 */
export async function pendingMobilePayments(
  db: Kysely<DB>,
  reviewerId: number,
  page: { after?: number; limit?: number } = {},
): Promise<PendingMobilePayment[]> {
  await requireReviewer(db, reviewerId);
  const rows = await db
    .selectFrom('mobile_payments as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.amount',
      'p.payer_number',
      'p.message',
      'p.created_at',
      'u.id as user_id',
      'u.name',
      'u.phone',
    ])
    .where('p.status', '=', 'pending')
    .where('p.id', '>', page.after ?? 0)
    .orderBy('p.id')
    .limit(Math.min(page.limit ?? 50, 200))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    student: { id: r.user_id, name: r.name, phone: r.phone },
    amount: fromPiasters(r.amount),
    payer_number: r.payer_number,
    message: r.message,
    created_at: r.created_at,
  }));
}

/**
 * Moves a pending request to its decision, once: a conditional update, so of two reviewers
 * racing only one gets the row (PostgreSQL makes the second wait for the first's row lock and
 * then finds it decided; SQLite runs one writer at a time). Answers the decided row.
 */
async function decide(
  trx: Transaction<DB>,
  paymentId: number,
  reviewerId: number,
  status: 'approved' | 'rejected',
  rejectReason: string | null,
) {
  const row = await trx
    .updateTable('mobile_payments')
    .set({
      status,
      reject_reason: rejectReason,
      reviewed_by: reviewerId,
      reviewed_at: nowIso(),
    })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .returning(['id', 'user_id', 'amount'])
    .executeTakeFirst();
  if (row) return row;
  const exists = await trx
    .selectFrom('mobile_payments')
    .select('id')
    .where('id', '=', paymentId)
    .executeTakeFirst();
  throw exists
    ? new AppError('CONFLICT', 'تمت مراجعة طلب الشحن هذا من قبل')
    : new AppError('NOT_FOUND', 'طلب الشحن غير موجود');
}

/** What a reviewer approves: piasters to credit (absent: the claim) and a note. */
export type Approval = { amount?: number; note?: string | null };

/** The ledger comment (and so the notification's) of an approval. */
function approvalComment(claimed: number, approved: number, note: string | null): string {
  const base = 'شحن عبر محفظة إلكترونية';
  if (approved !== claimed) return `${base}، المطلوب ${moneyText(claimed)}: ${note}`;
  return note ? `${base}: ${note}` : base;
}

/**
 * Approves a request: the approved amount (the claim unless the reviewer gives another, which
 * needs a note) is credited to the student as a `recharge` with the notification, in the same
 * transaction as the decision, so it is credited exactly once. Crediting more than the claim
 * is an admin's decision (ADR 025, follow-up of issue 23): a leader approves up to the claim.
 * @example const { balance } = await approveMobilePayment(db, paymentId, staffId, { amount: 9_000, note: 'الإيصال 90 جنيهاً' })
 */
export async function approveMobilePayment(
  db: Kysely<DB>,
  paymentId: number,
  reviewerId: number,
  approval: Approval = {},
  after?: AfterDecision,
): Promise<{ balance: number; serial: string }> {
  const group = await requireReviewer(db, reviewerId);
  const note = approval.note?.replaceAll('\u0000', '').trim() || null;
  if (note && note.length > REASON_MAX) throw fieldError('note', 'الملاحظة أطول من المسموح');
  return db.transaction().execute(async (trx) => {
    const payment = await decide(trx, paymentId, reviewerId, 'approved', null);
    const amount = approval.amount ?? payment.amount;
    if (amount <= 0) throw fieldError('amount', STAFF_RECHARGE_MESSAGES.amount);
    if (amount !== payment.amount && !note) {
      throw fieldError('note', STAFF_RECHARGE_MESSAGES.noteRequired);
    }
    if (amount > payment.amount && group !== ADMIN_GROUP) {
      throw new AppError('FORBIDDEN', STAFF_RECHARGE_MESSAGES.aboveClaim);
    }
    const done = await creditRecharge(
      trx,
      payment.user_id,
      amount,
      approvalComment(payment.amount, amount, note),
    );
    await trx
      .updateTable('mobile_payments')
      .set({ transaction_serial: done.serial, approved_amount: amount, review_note: note })
      .where('id', '=', payment.id)
      .execute();
    await after?.(trx, payment.id);
    return done;
  });
}

/**
 * Rejects a request with a reason the student reads in a notification; nothing is credited.
 * @example await rejectMobilePayment(db, paymentId, staffId, 'لم يصل التحويل إلى رقم المحفظة')
 */
export async function rejectMobilePayment(
  db: Kysely<DB>,
  paymentId: number,
  reviewerId: number,
  reason: string,
  after?: AfterDecision,
): Promise<void> {
  await requireReviewer(db, reviewerId);
  const text = reason.replaceAll('\u0000', '').trim();
  if (!text) throw fieldError('reason', 'اكتب سبب رفض الطلب');
  if (text.length > REASON_MAX) throw fieldError('reason', 'سبب الرفض أطول من المسموح');
  await db.transaction().execute(async (trx) => {
    const payment = await decide(trx, paymentId, reviewerId, 'rejected', text);
    await notify(
      trx,
      payment.user_id,
      {
        type: 'recharge',
        title: 'تم رفض طلب الشحن',
        content: `رُفض طلب شحن ${moneyText(payment.amount)} عبر المحفظة الإلكترونية: ${text}`,
        to: '/wallet',
      },
      'recharge_rejected',
    );
    await after?.(trx, payment.id);
  });
}

/**
 * The stored receipt of a request, for staff to look at (any time, decided or not): its key in
 * private storage, to stream with `sendFile(request, reply, ctx.storage, key, { type })`.
 * @example const { key, type } = await mobilePaymentReceipt(ctx, paymentId, staffId)
 */
export async function mobilePaymentReceipt(
  ctx: Pick<AppContext, 'db'>,
  paymentId: number,
  reviewerId: number,
): Promise<{ key: string; type: string }> {
  await requireReviewer(ctx.db, reviewerId);
  const row = await ctx.db
    .selectFrom('mobile_payments')
    .select('receipt_path')
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'طلب الشحن غير موجود');
  const extension = row.receipt_path.slice(row.receipt_path.lastIndexOf('.') + 1);
  return {
    key: row.receipt_path,
    // Stryker disable next-line StringLiteral: receipts are stored only under an accepted image's extension
    type: imageTypeOf(extension) ?? 'application/octet-stream',
  };
}
