import type { RechargeMethod } from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { GatewayMethod } from './gateway';
import { gatewaysOf } from './gateways';

export { paymentCspSources } from './gateways';

const OURS: readonly RechargeMethod[] = ['recharge_card', 'mobile_wallets'];

/**
 * The recharge methods to offer: those staff enabled (`supported_methods`) that can really be
 * used here. A gateway's method goes only when its provider has credentials or the sandbox
 * stands in for it; the recharge card and the mobile wallet are ours and stay as stored.
 * @example await offeredMethods(ctx, ['recharge_card', 'fawry']) // ['recharge_card'] without Fawry's keys
 */
export async function offeredMethods(
  ctx: AppContext,
  enabled: readonly RechargeMethod[],
): Promise<RechargeMethod[]> {
  const { byMethod } = await gatewaysOf(ctx);
  return enabled.filter((m) => OURS.includes(m) || byMethod.has(m as GatewayMethod));
}
