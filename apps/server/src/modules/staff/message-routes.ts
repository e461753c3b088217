import type { FastifyInstance } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import {
  createOptOut,
  deleteOptOut,
  getPhoneMessage,
  listOptOuts,
  listPhoneMessages,
  retryPhoneMessage,
} from '../messaging/message-admin';
import { sendToParents } from '../messaging/parent-messages';
import { notFound } from './staff-core';
import { actorOf } from './staff-request';

/**
 * Text messages to parents, the messages' list and opt-outs (issue 28, ADR 053): admins, as
 * the contract entries say (`staff-messages.ts`). Registered by staffRoutes.
 */
export function serveMessages(app: FastifyInstance, ctx: AppContext): void {
  const e = endpoints;
  serve(app, e.staffSendParentMessage, async (request) => ({
    data: await sendToParents(ctx, await actorOf(request), request.body),
  }));
  serve(app, e.staffListPhoneMessages, async (request) => listPhoneMessages(ctx, request.query));
  serve(app, e.staffGetPhoneMessage, async (request) => {
    const message = await getPhoneMessage(ctx, request.params.id);
    if (!message) throw notFound();
    return { data: message };
  });
  serve(app, e.staffRetryPhoneMessage, async (request) => ({
    data: await retryPhoneMessage(ctx, await actorOf(request), request.params.id),
  }));
  serve(app, e.staffListPhoneOptOuts, async (request) => listOptOuts(ctx, request.query));
  serve(app, e.staffCreatePhoneOptOut, async (request) => ({
    data: await createOptOut(ctx, await actorOf(request), request.body),
  }));
  serve(app, e.staffDeletePhoneOptOut, async (request) => ({
    data: await deleteOptOut(ctx, await actorOf(request), request.params.id),
  }));
}
