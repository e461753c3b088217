import type { FastifyInstance } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { teacherScopeOf } from '../../db/teacher-scope';
import {
  createPaycardBatch,
  disablePaycardBatch,
  getPaycardBatch,
  listPaycardBatches,
} from '../paycards/paycard-admin';
import { getPaymentOrder, listPaymentOrders, recheckPaymentOrder } from '../payments/payment-admin';
import { notFound } from './staff-core';
import { staffStats } from '../reports/owner-stats';
import { actorOf } from './staff-request';

/**
 * Pay-card batches, gateway orders and the dashboard (issue 13, ADR 030): the roles come from
 * the contract entries (`staff-money.ts`). Registered by staffRoutes.
 */
export function serveMoney(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const e = endpoints;

  serve(app, e.staffListPaycardBatches, async (request) => listPaycardBatches(db, request.query));
  serve(app, e.staffGetPaycardBatch, async (request) => {
    const batch = await getPaycardBatch(db, request.params.id);
    if (!batch) throw notFound();
    return { data: batch };
  });
  serve(app, e.staffCreatePaycardBatch, async (request) => ({
    data: await createPaycardBatch(db, await actorOf(request), request.body),
  }));
  serve(app, e.staffDisablePaycardBatch, async (request) => ({
    data: await disablePaycardBatch(db, await actorOf(request), request.params.id),
  }));

  serve(app, e.staffListPaymentOrders, async (request) => listPaymentOrders(db, request.query));
  serve(app, e.staffGetPaymentOrder, async (request) => {
    const order = await getPaymentOrder(db, request.params.id);
    if (!order) throw notFound();
    return { data: order };
  });
  serve(app, e.staffRecheckPaymentOrder, async (request) =>
    recheckPaymentOrder(ctx, await actorOf(request), request.params.id, request.log),
  );

  // A teacher's are their own courses' figures (ADR 048).
  serve(app, e.staffGetStats, async (request) => ({
    data: await staffStats(
      db,
      await actorOf(request),
      request.query,
      new Date(),
      await teacherScopeOf(db, request),
    ),
  }));
}
