import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  VALIDATION_MESSAGES,
  endpoints,
  minRechargeMessage,
  rechargeMobileWalletBodySchema,
  toPiasters,
  type RechargeMobileWalletResponse,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { AppError, fieldError } from '../../lib/app-error';
import { readUploadedForm } from '../../lib/multipart';
import { sniffImage } from '../../lib/image-type';
import { HOUR, enforce } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { getSetting } from '../settings/settings-service';
import { lockStudent } from './ledger';
import { removeReceipt, saveReceipt } from './receipt-storage';
import { requireRechargeMethod } from './wallet-switches';

/** Requests a student may send per hour, refused ones included (each may carry 5 MB). */
export const MOBILE_PAYMENT_REQUESTS = { limit: 10, windowMs: HOUR };
/** Requests one student may have waiting for review at once; bounds what one account stores. */
export const MOBILE_PAYMENTS_PENDING_MAX = 5;

const fields = rechargeMobileWalletBodySchema.omit({ attachment: true });

/**
 * The count of the student's mobile-wallet recharges waiting for staff review, as a query (GET
 * /wallet folds it into its own statement as a scalar subquery). The status is written into
 * the SQL, not bound: SQLite prepares a statement again on every run when a bound value might
 * choose a partial index (mobile_payments_pending is one on this status), which cost more than
 * the count itself, and in GET /wallet's one statement, the whole of it.
 * @example db.selectNoFrom([pendingQuery(db, user.id).as('pending')])
 */
export function pendingQuery(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('mobile_payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', sql.lit('pending'));
}

/**
 * How many of the student's mobile-wallet recharges wait for staff review (GET /wallet's meta).
 * @example await pendingCount(db, user.id) // 1
 */
export async function pendingCount(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await pendingQuery(db, userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * POST /wallet/recharge/mobile-wallet: the student says they sent `amount` from `payer_number`
 * to the school's mobile-wallet number and attaches the receipt. The receipt is judged by its
 * bytes and kept in private storage; the request waits for staff review (mobile-payment-review.ts)
 * and nothing is credited now. A refused request stores nothing (a receipt written before the
 * last check is removed again).
 */
export async function requestMobilePayment(
  ctx: AppContext,
  user: UserRow,
  request: FastifyRequest,
): Promise<RechargeMobileWalletResponse> {
  await requireRechargeMethod(ctx.db, 'mobile_wallets');
  await enforce(ctx.db, `mobile-wallet:account:${user.id}`, MOBILE_PAYMENT_REQUESTS);
  const { fields: form, file } = await readUploadedForm(
    request,
    endpoints.rechargeMobileWallet.upload,
  );
  const parsed = fields.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError(String(issue.path[0]), issue.message);
  }
  if (!file || file.length === 0) throw fieldError('attachment', VALIDATION_MESSAGES.fieldRequired);
  const { min_recharge_amount: min } = await getSetting(ctx.db, 'recharge_info');
  if (parsed.data.amount < min) throw new AppError('LESS_THAN_MIN_AMOUNT', minRechargeMessage(min));
  const extension = await sniffImage(file);
  if (!extension) throw fieldError('attachment', VALIDATION_MESSAGES.image);
  const receipt = await saveReceipt(ctx, user.id, file, extension);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Counted under the student's row lock, so requests sent at once cannot all see room.
      await lockStudent(trx, user.id);
      if ((await pendingCount(trx, user.id)) >= MOBILE_PAYMENTS_PENDING_MAX) {
        throw new AppError(
          'TOO_MANY_REQUESTS',
          'لديك طلبات شحن كثيرة قيد المراجعة، انتظر حتى تتم مراجعتها',
        );
      }
      await trx
        .insertInto('mobile_payments')
        .values({
          user_id: user.id,
          amount: toPiasters(parsed.data.amount),
          payer_number: parsed.data.payer_number,
          message: parsed.data.message || null,
          receipt_path: receipt,
          reject_reason: null,
          reviewed_by: null,
          reviewed_at: null,
          transaction_serial: null,
          created_at: nowIso(),
        })
        .execute();
    });
  } catch (error) {
    await removeReceipt(ctx, receipt);
    throw error;
  }
  return { message: 'تم إرسال طلب الشحن، وسيُضاف المبلغ إلى رصيدك بعد مراجعته' };
}
