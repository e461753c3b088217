import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpoints, PAYMENT_ORDER_ENDPOINTS } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { messageFor } from '../../lib/app-error';
import { hit, MINUTE } from '../../lib/rate-limit';
import { serve } from '../../plugins/endpoint';
import type { ZodTypeProvider } from '../../plugins/zod';
import type { Callback, GatewayMethod, Provider } from './gateway';
import { gatewaysOf } from './gateways';
import {
  closedOrderPage,
  kioskPage,
  leaveFrame,
  sandboxCheckoutPage,
  sendPage,
} from './payment-pages';
import { PAYMENT_PATHS, walletUrl } from './payment-paths';
import { orderById } from './payment-orders';
import { receiveCallback, returnError, startOrder, type CallbackResult } from './payment-service';
import { sandboxKey, sandboxReturnQuery } from './sandbox';

/** The gateway orders of spec §7 (issue 10): one call per online recharge method. */
export const paymentRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const gateways = await gatewaysOf(ctx);
    if (gateways.sandbox && ctx.config.env === 'production')
      app.log.warn('payments sandbox is on: recharges through it are credited without any payment');
    for (const [method, name] of Object.entries(PAYMENT_ORDER_ENDPOINTS) as [
      GatewayMethod,
      (typeof PAYMENT_ORDER_ENDPOINTS)[GatewayMethod],
    ][]) {
      serve(
        app,
        endpoints[name],
        async (request) =>
          // Each gateway answers in its method's shape ({ iframe_url }, { charge_request } or
          // { url }); the contract's response schema holds it to that.
          (await startOrder(
            ctx,
            await request.requireUser(),
            method,
            request.body.amount,
            `${request.protocol}://${request.host}`,
            request.log,
          )) as never,
      );
    }
  };

/** Providers whose browser returns and server notifications we take. */
const RETURNS: readonly Provider[] = ['paymob', 'fawry', 'fawry-staging', 'kashier', 'sandbox'];
const NOTIFICATIONS: readonly Provider[] = ['paymob', 'fawry', 'fawry-staging'];

/** Every route of the gateways outside /api, as the route table writes them. */
export const PAYMENT_PAGE_ROUTES: readonly string[] = [
  ...RETURNS.map((p) => `GET ${PAYMENT_PATHS.returnOf(p)}`),
  ...NOTIFICATIONS.map((p) => `POST ${PAYMENT_PATHS.callbackOf(p)}`),
  `GET ${PAYMENT_PATHS.sandboxPage(':id')}`,
  `GET ${PAYMENT_PATHS.kioskPage(':id')}`,
];

/** Browser returns an address may make in a minute (a Fawry return costs a status call). */
const RETURNS_PER_MINUTE = 60;

const orderParams = z.object({ id: z.string().regex(/^\d{18}$/) });

/** The query in the order it came (Kashier signs that order), first value of each name. */
function orderedQuery(url: string): Record<string, string> {
  const query = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URL(url, 'http://local').searchParams)
    if (!(key in query)) query[key] = value;
  return query;
}

function callbackOf(request: FastifyRequest, via: Callback['via']): Callback {
  return { via, query: orderedQuery(request.url), body: request.body, headers: request.headers };
}

/** A notification's answer to the provider: 2xx once handled, else why not (it may retry). */
const NOTIFICATION_STATUS: Partial<Record<CallbackResult, number>> = {
  refused: 401,
  'no-gateway': 404,
  'unknown-order': 404,
  'amount-mismatch': 422,
  unavailable: 502,
};

/**
 * The routes providers and browsers call during a payment (ADR 019): returns and notifications,
 * the sandbox's checkout page and a kiosk order's page. Outside /api: they carry no client
 * headers or bearer token, and answer redirects and pages.
 */
export const paymentPageRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    for (const provider of RETURNS)
      r.get(PAYMENT_PATHS.returnOf(provider), async (request, reply: FastifyReply) => {
        const { allowed } = await hit(ctx.db, `payment-return:ip:${request.ip}`, {
          limit: RETURNS_PER_MINUTE,
          windowMs: MINUTE,
        });
        const error = allowed
          ? returnError(
              await receiveCallback(ctx, provider, callbackOf(request, 'return'), request.log),
            )
          : messageFor('TOO_MANY_REQUESTS');
        const target = walletUrl(error);
        if (request.headers['sec-fetch-dest'] === 'iframe') return leaveFrame(reply, target);
        return reply.header('cache-control', 'no-store').redirect(target, 303);
      });

    for (const provider of NOTIFICATIONS)
      r.post(PAYMENT_PATHS.callbackOf(provider), async (request, reply) => {
        const result = await receiveCallback(
          ctx,
          provider,
          callbackOf(request, 'notification'),
          request.log,
        );
        const status = NOTIFICATION_STATUS[result] ?? 200;
        return reply
          .code(status)
          .send(status === 200 ? { message: 'تم الاستلام' } : { message: messageFor('FORBIDDEN') });
      });

    r.get(
      PAYMENT_PATHS.sandboxPage(':id'),
      { schema: { params: orderParams } },
      async (request, reply) => {
        const order = await orderById(ctx.db, request.params.id);
        const sandbox = (await gatewaysOf(ctx)).byProvider.get('sandbox');
        if (!sandbox || order?.provider !== 'sandbox' || order.status !== 'pending')
          return sendPage(reply.code(404), closedOrderPage());
        const key = sandboxKey(ctx.secret);
        const outcome = (status: 'paid' | 'failed') =>
          sandboxReturnQuery({ order: order.id, status, amount: order.amount }, key);
        return sendPage(
          reply,
          sandboxCheckoutPage({
            method: order.method as GatewayMethod,
            amount: order.amount,
            returnPath: PAYMENT_PATHS.returnOf('sandbox'),
            paid: outcome('paid'),
            cancelled: outcome('failed'),
          }),
        );
      },
    );

    r.get(
      PAYMENT_PATHS.kioskPage(':id'),
      { schema: { params: orderParams } },
      async (request, reply) => {
        const order = await orderById(ctx.db, request.params.id);
        if (
          order?.method !== 'paymob_kiosk' ||
          !order.provider_reference ||
          order.status !== 'pending'
        )
          return sendPage(reply.code(404), closedOrderPage());
        return sendPage(
          reply,
          kioskPage({ reference: order.provider_reference, amount: order.amount }),
        );
      },
    );
  };
