import type { AppContext } from '../../app-context';
import type { PaymentsConfig } from '../../config-payments';
import type { CspSources } from '../../plugins/security-headers';
import { fawryGateway, FAWRY_HOSTS } from './fawry';
import type { Fetch, GatewayMethod, PaymentGateway, Provider } from './gateway';
import { kashierGateway } from './kashier';
import { paymobGateway, paymobMethods } from './paymob';
import { SANDBOX_METHODS, sandboxGateway, sandboxKey } from './sandbox';

/** The gateways this server runs with, by the method they take and by provider. */
export interface Gateways {
  byMethod: ReadonlyMap<GatewayMethod, PaymentGateway>;
  byProvider: ReadonlyMap<Provider, PaymentGateway>;
  sandbox: boolean;
}

/** The providers with credentials. */
function realGateways(config: PaymentsConfig, fetch: Fetch): PaymentGateway[] {
  return [
    config.paymob && paymobGateway(config.paymob, fetch),
    config.fawry && fawryGateway('fawry', config.fawry, fetch),
    config.fawryStaging && fawryGateway('fawry-staging', config.fawryStaging, fetch),
    config.kashier && kashierGateway(config.kashier),
  ].filter((g): g is PaymentGateway => Boolean(g));
}

/**
 * Whether the sandbox runs: as PAYMENTS_SANDBOX says; unset, only for the demo (`SEED=demo`,
 * which `npm start` asks for) while no provider has credentials. A school's own server never
 * runs it by default, whatever NODE_ENV or the database holds (ADR 032).
 */
function sandboxRuns(ctx: AppContext, real: PaymentGateway[]): boolean {
  const { sandbox } = ctx.config.payments;
  if (sandbox !== 'auto') return sandbox === 'on';
  return real.length === 0 && ctx.config.seed === 'demo';
}

async function build(ctx: AppContext): Promise<Gateways> {
  const real = realGateways(ctx.config.payments, ctx.fetch ?? globalThis.fetch);
  const byMethod = new Map<GatewayMethod, PaymentGateway>();
  for (const gateway of real) for (const method of gateway.methods) byMethod.set(method, gateway);
  const byProvider = new Map<Provider, PaymentGateway>(real.map((g) => [g.provider, g]));
  const sandbox = sandboxRuns(ctx, real);
  if (sandbox) {
    const methods = SANDBOX_METHODS.filter((m) => !byMethod.has(m));
    const gateway = sandboxGateway(methods, sandboxKey(ctx.secret));
    for (const method of methods) byMethod.set(method, gateway);
    byProvider.set('sandbox', gateway);
  }
  return { byMethod, byProvider, sandbox };
}

const built = new WeakMap<AppContext, Promise<Gateways>>();

/**
 * The gateways of this app, built once at the first call.
 * @example const gateway = (await gatewaysOf(ctx)).byMethod.get('paymob_card')
 */
export function gatewaysOf(ctx: AppContext): Promise<Gateways> {
  let gateways = built.get(ctx);
  if (!gateways) {
    gateways = build(ctx);
    built.set(ctx, gateways);
  }
  return gateways;
}

/**
 * What the app's Content-Security-Policy must allow for the configured providers: Fawry's
 * checkout script and the pop-up frame it opens, and Paymob's iframe where one is embedded
 * (installments). Kashier opens outside the app, and card payments leave the page, so neither
 * needs anything.
 * @example paymentCspSources(config.payments) // { scriptSrc: ['https://www.atfawry.com'], … }
 */
export function paymentCspSources(config: PaymentsConfig): CspSources {
  const fawryHosts = [
    ...(config.fawry ? [FAWRY_HOSTS.fawry] : []),
    ...(config.fawryStaging ? [FAWRY_HOSTS['fawry-staging']] : []),
  ];
  const paymobFrame =
    config.paymob && paymobMethods(config.paymob).includes('paymob_installment')
      ? [config.paymob.baseUrl]
      : [];
  const sources: CspSources = {};
  if (fawryHosts.length) {
    sources.scriptSrc = fawryHosts;
    sources.styleSrc = fawryHosts;
    sources.imgSrc = fawryHosts;
    sources.connectSrc = fawryHosts;
  }
  if (fawryHosts.length || paymobFrame.length) sources.frameSrc = [...fawryHosts, ...paymobFrame];
  return sources;
}
