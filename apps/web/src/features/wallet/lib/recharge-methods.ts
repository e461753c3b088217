import type { RechargeMethod } from '@dars/contract';

/** The online gateways' methods: every method but our own two (spec §9). */
export type GatewayMethod = Exclude<RechargeMethod, 'recharge_card' | 'mobile_wallets'>;

/**
 * Whether a method pays through an online gateway (Paymob's four, Fawry live and staging,
 * Kashier) rather than a recharge card or a reviewed mobile-wallet transfer.
 * @example isGateway('fawry') // true
 * @example isGateway('recharge_card') // false
 */
export function isGateway(method: RechargeMethod): method is GatewayMethod {
  return method !== 'recharge_card' && method !== 'mobile_wallets';
}

/**
 * The methods the recharge dialog offers, in the settings' order: all of
 * `recharge_info.supported_methods` on the web; on native apps the online gateways are hidden
 * (spec §2, §9), and `webWallet` says whether to offer the web site instead.
 * @example offeredMethods(['recharge_card', 'fawry'], { isNative: true }) // { methods: ['recharge_card'], webWallet: true }
 */
export function offeredMethods(
  supported: readonly RechargeMethod[],
  { isNative }: { isNative: boolean },
): { methods: RechargeMethod[]; webWallet: boolean } {
  const unique = [...new Set(supported)];
  if (!isNative) return { methods: unique, webWallet: false };
  return {
    methods: unique.filter((method) => !isGateway(method)),
    webWallet: unique.some(isGateway),
  };
}

/**
 * Whether a method needs an amount typed in step 0: all but the recharge card, whose value
 * is printed on it (spec §5).
 * @example needsAmount('recharge_card') // false
 */
export function needsAmount(method: RechargeMethod | null): boolean {
  return method !== 'recharge_card';
}
