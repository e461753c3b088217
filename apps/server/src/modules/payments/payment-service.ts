import type { FastifyBaseLogger } from 'fastify';
import { toPiasters } from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { enforce, HOUR } from '../../lib/rate-limit';
import { getSetting } from '../settings/settings-service';
import {
  ProviderError,
  type Callback,
  type Checkout,
  type GatewayMethod,
  type Provider,
} from './gateway';
import { gatewaysOf } from './gateways';
import { PAYMENT_PATHS } from './payment-paths';
import {
  insertOrder,
  markFailed,
  newOrderId,
  recordStarted,
  settle,
  type Settlement,
} from './payment-orders';

/** Orders a student may open in an hour: far above a real need, far below a flood. */
export const ORDERS_PER_HOUR = 30;

/**
 * Opens a recharge through a gateway: checks the wallet is on, the method is offered and the
 * amount reaches the minimum; records the order, then asks the provider for its checkout. A
 * provider that cannot open it fails the order, and is logged with the order and its answer.
 * @example await startOrder(ctx, user, 'paymob_card', 50, 'https://dars.example', log) // { iframe_url }
 */
export async function startOrder(
  ctx: AppContext,
  user: UserRow,
  method: GatewayMethod,
  pounds: number,
  origin: string,
  log: FastifyBaseLogger,
): Promise<Checkout> {
  if (!(await getSetting(ctx.db, 'enable_wallet_system'))) throw new AppError('FEATURE_DISABLED');
  const recharge = await getSetting(ctx.db, 'recharge_info');
  const gateway = (await gatewaysOf(ctx)).byMethod.get(method);
  if (!gateway || !recharge.supported_methods.includes(method))
    throw new AppError('FEATURE_DISABLED', 'طريقة الدفع هذه غير متاحة');
  const amount = toPiasters(pounds);
  if (amount < toPiasters(recharge.min_recharge_amount)) throw new AppError('LESS_THAN_MIN_AMOUNT');
  await enforce(ctx.db, `payment-order:user:${user.id}`, {
    limit: ORDERS_PER_HOUR,
    windowMs: HOUR,
  });

  const id = newOrderId();
  await insertOrder(ctx.db, { id, userId: user.id, method, provider: gateway.provider, amount });
  try {
    const started = await gateway.start({
      id,
      method,
      amount,
      student: { id: user.id, name: user.name, email: user.email, phone: user.phone },
      returnUrl: `${origin}${PAYMENT_PATHS.returnOf(gateway.provider)}`,
      callbackUrl: `${origin}${PAYMENT_PATHS.callbackOf(gateway.provider)}`,
    });
    await recordStarted(ctx.db, id, started);
    return started.checkout;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await markFailed(ctx.db, id);
    log.error(
      { provider: gateway.provider, order: id, method, err: error },
      'payment order: the provider could not open it',
    );
    throw new AppError('SERVER_ERROR', 'تعذر الاتصال بمزود الدفع، حاول مرة أخرى');
  }
}

/** What a provider's call came to. */
export type CallbackResult = Settlement | 'refused' | 'ignored' | 'unavailable' | 'no-gateway';

/**
 * Reads a provider's callback with its gateway and applies it. Everything refused or odd is
 * logged with the provider and the order it named; nothing is credited without a valid
 * signature (or, for Fawry, its signed status check).
 */
export async function receiveCallback(
  ctx: AppContext,
  provider: Provider,
  callback: Callback,
  log: FastifyBaseLogger,
): Promise<CallbackResult> {
  const gateway = (await gatewaysOf(ctx)).byProvider.get(provider);
  if (!gateway) {
    log.warn({ provider, via: callback.via }, 'payment callback for a provider not configured');
    return 'no-gateway';
  }
  let verdict;
  try {
    verdict = await gateway.verify(callback);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log.error({ provider, err: error }, 'payment callback: the provider could not be asked');
    return 'unavailable';
  }
  if (verdict.kind === 'ignored') return 'ignored';
  if (verdict.kind === 'refused') {
    log.warn(
      { provider, via: callback.via, reason: verdict.reason, order: verdict.order },
      'payment callback refused',
    );
    return 'refused';
  }
  const { settlement, order } = await settle(ctx.db, gateway.provider, verdict);
  const facts = { provider, via: callback.via, order: order?.id ?? verdict.order, settlement };
  if (settlement === 'unknown-order') log.warn(facts, 'payment callback for an unknown order');
  else if (settlement === 'amount-mismatch')
    log.error(
      { ...facts, paid: verdict.amount, expected: order?.amount },
      'payment callback with another amount than the order: not credited',
    );
  else log.info(facts, 'payment callback');
  return settlement;
}

/** The wallet banner's text after a return, or none when the recharge went through. */
export function returnError(result: CallbackResult): string | undefined {
  switch (result) {
    case 'credited':
    case 'already-paid':
      return undefined;
    case 'pending':
      return 'لم يُؤكَّد الدفع بعد، وسيُضاف المبلغ إلى محفظتك فور تأكيده';
    case 'not-paid':
      return 'لم تكتمل عملية الدفع ولم يُضف أي رصيد';
    case 'unavailable':
      return 'تعذر التحقق من عملية الدفع الآن، وسيُضاف المبلغ إلى محفظتك فور تأكيده';
    default:
      return 'تعذر التحقق من عملية الدفع، إن خُصم المبلغ فتواصل مع الدعم';
  }
}
