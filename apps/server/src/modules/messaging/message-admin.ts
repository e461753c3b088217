import { sql } from 'kysely';
import {
  STAFF_PHONE_MESSAGES,
  type StaffPhoneMessage,
  type StaffPhoneOptOut,
  type StaffListQuery,
} from '@dars/contract';
import { writeAudit, type Actor } from '../../db/audited-change';
import { matches, selectedPage, sortOf, type RowOf } from '../../db/list-page';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import { channelsOf } from './channels';
import type { ChannelName } from './channel';
import { isOptedOut, sendJobOptions, SEND_MESSAGE_JOB, type MessagingContext } from './messages';
import { e164, localForm } from './phone';

// The console's messages and opt-outs (issue 28, ADR 053): every message with where its
// delivery stands, a retry of one that failed, and the numbers that asked for no more.

const M = STAFF_PHONE_MESSAGES;

function listQuery(ctx: MessagingContext) {
  return ctx.db
    .selectFrom('messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('users as s', 's.id', 'm.sent_by')
    .select([
      'm.id',
      'm.recipient_phone',
      'm.recipient',
      'm.user_id',
      'u.name as student_name',
      'm.channel',
      'm.provider',
      'm.template',
      'm.body',
      'm.state',
      'm.attempts',
      'm.error',
      's.name as sent_by_name',
      'm.created_at',
      'm.sent_at',
      'm.delivered_at',
      'm.failed_at',
    ]);
}

type Row = RowOf<typeof listQuery>;

function view(r: Row): StaffPhoneMessage {
  return {
    id: r.id,
    phone: localForm(r.recipient_phone),
    recipient: r.recipient as StaffPhoneMessage['recipient'],
    student:
      r.user_id !== null && r.student_name !== null
        ? { id: r.user_id, name: r.student_name }
        : null,
    channel: r.channel as StaffPhoneMessage['channel'],
    provider: r.provider,
    template: r.template as StaffPhoneMessage['template'],
    body: r.body,
    state: r.state as StaffPhoneMessage['state'],
    attempts: r.attempts,
    error: r.error,
    sent_by: r.sent_by_name,
    created_at: r.created_at,
    sent_at: r.sent_at,
    delivered_at: r.delivered_at,
    failed_at: r.failed_at,
  };
}

export async function listPhoneMessages(
  ctx: MessagingContext,
  query: StaffListQuery & {
    state?: string | undefined;
    template?: string | undefined;
    student_id?: number | undefined;
  },
): Promise<{ data: StaffPhoneMessage[]; meta: { total: number } }> {
  let q = listQuery(ctx);
  if (query.state) q = q.where('m.state', '=', query.state);
  if (query.template) q = q.where('m.template', '=', query.template);
  if (query.student_id) q = q.where('m.user_id', '=', query.student_id);
  if (query.q) {
    const text = query.q;
    const phone = e164(text);
    q = q.where((eb) =>
      eb.or([
        matches('m.recipient_phone', phone ?? text),
        matches('m.body', text),
        matches('u.name', text),
      ]),
    );
  }
  // Newest first unless a sort is asked for; ties by id in the same direction.
  const sort = sortOf(query, ['id', 'created_at', 'state'] as const, 'id');
  const direction = query.sort ? sort.direction : 'desc';
  const { rows, total } = await selectedPage(q, query, [`m.${sort.column}`, 'm.id'], direction);
  return { data: rows.map(view), meta: { total } };
}

export async function getPhoneMessage(
  ctx: MessagingContext,
  id: number,
): Promise<StaffPhoneMessage | null> {
  const row = await listQuery(ctx).where('m.id', '=', id).executeTakeFirst();
  return row ? view(row) : null;
}

/**
 * Sends a failed message again: back to queued with a new round of attempts and its job, the
 * audit row beside them. 409 unless it failed, or when its number opted out since.
 */
export async function retryPhoneMessage(
  ctx: MessagingContext,
  actor: Actor,
  id: number,
): Promise<StaffPhoneMessage> {
  const before = await getPhoneMessage(ctx, id);
  if (!before) throw new AppError('NOT_FOUND', 'الرسالة غير موجودة');
  const message = await ctx.db
    .selectFrom('messages')
    .select(['recipient_phone', 'channel'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (before.state !== 'failed') throw new AppError('CONFLICT', M.notFailed);
  if (await isOptedOut(ctx.db, message.recipient_phone)) throw new AppError('CONFLICT', M.optedOut);
  if (!channelsOf(ctx).byChannel.has(message.channel as ChannelName))
    throw new AppError('FEATURE_DISABLED', M.noChannel);
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .updateTable('messages')
      .set({
        state: 'queued',
        round: sql<number>`round + 1`,
        error: null,
        failed_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .returning('round')
      .executeTakeFirst();
    if (!row) throw new AppError('CONFLICT', M.notFailed);
    await ctx.jobs.enqueue(SEND_MESSAGE_JOB, { id }, sendJobOptions(ctx, id, row.round), trx);
    await writeAudit(trx, actor, {
      action: 'retry',
      resource: 'phone_messages',
      resourceId: id,
      before: { state: before.state, error: before.error, attempts: before.attempts },
      after: { state: 'queued' },
    });
  });
  return (await getPhoneMessage(ctx, id))!;
}

function optOutQuery(ctx: MessagingContext) {
  return ctx.db
    .selectFrom('message_opt_outs as o')
    .leftJoin('users as s', 's.id', 'o.created_by')
    .select(['o.id', 'o.phone', 'o.reason', 's.name as created_by', 'o.created_at']);
}

function optOutView(r: {
  id: number;
  phone: string;
  reason: string | null;
  created_by: string | null;
  created_at: string;
}): StaffPhoneOptOut {
  return { ...r, phone: localForm(r.phone) };
}

export async function listOptOuts(
  ctx: MessagingContext,
  query: StaffListQuery,
): Promise<{ data: StaffPhoneOptOut[]; meta: { total: number } }> {
  let q = optOutQuery(ctx);
  if (query.q) q = q.where(matches('o.phone', e164(query.q) ?? query.q));
  const { rows, total } = await selectedPage(q, query, ['o.id'], 'desc');
  return { data: rows.map(optOutView), meta: { total } };
}

/**
 * Stops messages to a number (a parent asked, by phone or at the centre): messages waiting for
 * it fail saying so when their turn comes. 409 when it is stopped already.
 */
export async function createOptOut(
  ctx: MessagingContext,
  actor: Actor,
  body: { phone: string; reason?: string | null | undefined },
): Promise<StaffPhoneOptOut> {
  const phone = e164(body.phone);
  if (!phone) throw new AppError('VALIDATION_FAILED', 'رقم غير صحيح', { phone: ['رقم غير صحيح'] });
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('message_opt_outs')
      .values({
        phone,
        reason: body.reason ?? null,
        created_by: actor.id ?? null,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('phone').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError('CONFLICT', M.alreadyOptedOut);
    await writeAudit(trx, actor, {
      action: 'create',
      resource: 'phone_opt_outs',
      resourceId: row.id,
      before: null,
      after: { phone: localForm(phone), reason: body.reason ?? null },
    });
    return row.id;
  });
  return optOutView(await optOutQuery(ctx).where('o.id', '=', id).executeTakeFirstOrThrow());
}

/** The number gets messages again. */
export async function deleteOptOut(
  ctx: MessagingContext,
  actor: Actor,
  id: number,
): Promise<{ id: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('message_opt_outs')
      .where('id', '=', id)
      .returning(['id', 'phone', 'reason'])
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'العنصر غير موجود');
    await writeAudit(trx, actor, {
      action: 'delete',
      resource: 'phone_opt_outs',
      resourceId: id,
      before: { phone: localForm(row.phone), reason: row.reason },
      after: null,
    });
    return { id };
  });
}
