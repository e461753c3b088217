import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { STAFF_MONEY_MESSAGES } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { ProviderError, type Provider } from './gateway';
import { gatewaysOf } from './gateways';
import { orderById, settle, type PaymentOrder } from './payment-orders';

export type RecheckResult = 'credited' | 'already-paid' | 'pending' | 'not-paid';

/** What staff read after a re-check. */
export const RECHECK_MESSAGES: Record<RecheckResult, string> = {
  credited: 'أكد مزود الدفع الدفع، وأُضيف المبلغ إلى محفظة الطالب',
  'already-paid': 'هذا الطلب مدفوع وأُضيف مبلغه إلى المحفظة من قبل',
  pending: 'لم يؤكد مزود الدفع الدفع بعد',
  'not-paid': 'يفيد مزود الدفع بأن عملية الدفع لم تتم، ولم يُضف أي رصيد',
};

/**
 * Staff's re-check of an order that is not paid (ADR 030): asks the provider's own status call
 * through its gateway, then applies the answer with the same `settle` as a callback, so a
 * re-check racing the provider's callback (or another re-check) credits once: both end in the
 * conditional `status <> 'paid'` update, and only the one that changed the row credits.
 * A paid order is not asked about again (409); a provider without a status call is 409;
 * one that cannot be reached is 500 with an Arabic message, and nothing changes.
 * @example const { result, order } = await recheckOrder(ctx, '482019374650918273', log)
 */
export async function recheckOrder(
  ctx: AppContext,
  id: string,
  log: FastifyBaseLogger,
  /** Runs in the transaction that changes the order, if it changes (staff's audit row). */
  alongside?: (trx: Transaction<DB>, before: PaymentOrder, after: PaymentOrder) => Promise<void>,
): Promise<{ result: RecheckResult; order: PaymentOrder; before: PaymentOrder }> {
  const before = /^\d{1,40}$/.test(id) ? await orderById(ctx.db, id) : undefined;
  if (!before) throw new AppError('NOT_FOUND', 'طلب الدفع غير موجود');
  if (before.status === 'paid') throw new AppError('CONFLICT', RECHECK_MESSAGES['already-paid']);
  const gateway = (await gatewaysOf(ctx)).byProvider.get(before.provider as Provider);
  if (!gateway?.status) throw new AppError('CONFLICT', STAFF_MONEY_MESSAGES.noStatusCall);
  let verdict;
  try {
    verdict = await gateway.status({ id: before.id, providerOrderId: before.provider_order_id });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log.error(
      { provider: before.provider, order: before.id, err: error },
      'payment re-check: the provider could not be asked',
    );
    throw new AppError('SERVER_ERROR', STAFF_MONEY_MESSAGES.providerUnavailable);
  }
  if (verdict.kind !== 'outcome') {
    log.warn(
      { provider: before.provider, order: before.id, verdict },
      'payment re-check: answer not usable',
    );
    throw new AppError('SERVER_ERROR', STAFF_MONEY_MESSAGES.providerUnavailable);
  }
  const { settlement } = await settle(
    ctx.db,
    gateway.provider,
    verdict,
    alongside && ((trx, after) => alongside(trx, before, after)),
  );
  const facts = { provider: before.provider, order: before.id, settlement, via: 'staff re-check' };
  if (settlement === 'amount-mismatch') {
    log.error(
      { ...facts, paid: verdict.amount, expected: before.amount },
      'payment re-check with another amount than the order: not credited',
    );
    throw new AppError('CONFLICT', STAFF_MONEY_MESSAGES.amountMismatch);
  }
  if (settlement === 'unknown-order') throw new AppError('NOT_FOUND', 'طلب الدفع غير موجود');
  log.info(facts, 'payment re-check');
  const order = (await orderById(ctx.db, before.id))!;
  return { result: settlement, order, before };
}
