import type { Kysely } from 'kysely';
import type { RechargeMethod } from '@dars/contract';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { getSetting } from '../settings/settings-service';

/**
 * Every wallet call starts here: with `enable_wallet_system` off the wallet does not exist
 * (spec §2: the page is not found), so every call answers FEATURE_DISABLED (404). GET /wallet,
 * read on every screen, checks the same switch in its own statement (wallet-service.ts).
 * @example await requireWalletSystem(db)
 */
export async function requireWalletSystem(db: Kysely<DB>): Promise<void> {
  if (!(await getSetting(db, 'enable_wallet_system'))) throw new AppError('FEATURE_DISABLED');
}

/**
 * The wallet switch, then the recharge method: one staff took out of
 * `recharge_info.supported_methods` is not offered, so not served either (ADR 018).
 * @example await requireRechargeMethod(db, 'recharge_card')
 */
export async function requireRechargeMethod(db: Kysely<DB>, method: RechargeMethod): Promise<void> {
  await requireWalletSystem(db);
  const { supported_methods } = await getSetting(db, 'recharge_info');
  if (!supported_methods.includes(method)) {
    throw new AppError('FEATURE_DISABLED', 'طريقة الشحن هذه غير متاحة حالياً');
  }
}

/** The wallet switch, then `enable_wallet_transfers`. */
export async function requireTransfers(db: Kysely<DB>): Promise<void> {
  await requireWalletSystem(db);
  if (!(await getSetting(db, 'enable_wallet_transfers'))) {
    throw new AppError('FEATURE_DISABLED', 'تحويل الرصيد غير متاح حالياً');
  }
}
