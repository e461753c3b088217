import { sql } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Job, JobDb, JobOptions } from '../../lib/jobs';
import { nowIso } from '../../lib/time';
import { schoolName } from '../settings/settings-service';
import { ChannelError, type ChannelName } from './channel';
import { channelsOf } from './channels';
import { e164 } from './phone';
import { render, type Filled } from './templates';

// Text messages to a phone (ADR 053). A message is a row of `messages`, written with the job
// that sends it in one transaction: committed together or not at all, so none is lost between
// the two. The job is only the message's id; the row says whether it still needs sending, so a
// job run twice (a worker killed after the provider answered and before the job was marked
// done) finds it sent and does nothing.

export const SEND_MESSAGE_JOB = 'send-message';

/** Retries of a send after the first try: five tries in all, over about 8 minutes at 30 s. */
const SEND_RETRIES = 4;

/** What staff read on a message that did not go. */
export const MESSAGE_ERRORS = {
  optedOut: 'لم تُرسل: صاحب الرقم طلب إيقاف الرسائل',
  noChannel: 'لم تُرسل: لا توجد خدمة رسائل مفعّلة على هذا الخادم',
  failed: 'لم تصل بعد كل المحاولات',
  refused: 'رفضها مزوّد الخدمة',
} as const;

export type MessagingContext = Pick<AppContext, 'db' | 'jobs' | 'config' | 'fetch'>;

/** A message to queue: a template with its parameters, to a phone. */
export type MessageRequest = Filled & {
  /** The number as stored or typed (01…, +20…, Arabic-Indic digits). */
  to: string;
  /** Whose phone it is. */
  recipient: 'parent' | 'student';
  /** The student the message is about. */
  userId?: number | null;
  /** 'whatsapp' or 'sms'; omitted: WhatsApp when it is set up, else SMS. */
  channel?: ChannelName;
  /** Once per key: a second message with it is not queued (an exam result, a week's summary). */
  dedupeKey?: string;
  /** The staff member sending it. */
  sentBy?: number | null;
};

export type QueueResult =
  | { queued: true; id: number }
  | {
      queued: false;
      /** The row written when there is one (an opted-out number's, marked failed). */
      id: number | null;
      reason: 'opted_out' | 'bad_phone' | 'no_channel' | 'duplicate';
    };

/** What every message of one sending shares: the school's name and the channels. */
export type Sending = { school: string; channel: (asked?: ChannelName) => ChannelName | null };

/** Reads what queueing needs before a transaction (SQLite's one connection is the transaction's then). */
export async function prepareSending(ctx: MessagingContext): Promise<Sending> {
  const channels = channelsOf(ctx);
  return {
    school: await schoolName(ctx.db),
    channel: (asked) => {
      const name = asked ?? channels.preferred;
      return name && channels.byChannel.has(name) ? name : null;
    },
  };
}

export function sendJobOptions(ctx: MessagingContext, id: number, round: number): JobOptions {
  return {
    singletonKey: `message:${id}:${round}`,
    retryLimit: SEND_RETRIES,
    backoffSeconds: ctx.config.messaging.retryDelaySeconds,
    expireInSeconds: ctx.config.messaging.leaseSeconds,
  };
}

/** Whether a number (E.164) asked for no more messages. */
export async function isOptedOut(db: JobDb, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom('message_opt_outs')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Writes one message and its send job in `trx`. An opted-out number's message is written
 * failed, saying why, and gets no job.
 */
export async function insertMessage(
  ctx: MessagingContext,
  trx: JobDb,
  sending: Sending,
  request: MessageRequest,
): Promise<QueueResult> {
  const phone = e164(request.to);
  if (!phone) return { queued: false, id: null, reason: 'bad_phone' };
  const channel = sending.channel(request.channel);
  if (!channel) return { queued: false, id: null, reason: 'no_channel' };
  const { body, params } = render(sending.school, request);
  const optedOut = await isOptedOut(trx, phone);
  const now = nowIso();
  const row = await trx
    .insertInto('messages')
    .values({
      recipient_phone: phone,
      recipient: request.recipient,
      user_id: request.userId ?? null,
      channel,
      provider: null,
      template: request.template,
      params: JSON.stringify(params),
      body,
      state: optedOut ? 'failed' : 'queued',
      provider_message_id: null,
      error: optedOut ? MESSAGE_ERRORS.optedOut : null,
      dedupe_key: request.dedupeKey ?? null,
      sent_by: request.sentBy ?? null,
      created_at: now,
      updated_at: now,
      sent_at: null,
      delivered_at: null,
      failed_at: optedOut ? now : null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return { queued: false, id: null, reason: 'duplicate' };
  if (optedOut) return { queued: false, id: row.id, reason: 'opted_out' };
  await ctx.jobs.enqueue(SEND_MESSAGE_JOB, { id: row.id }, sendJobOptions(ctx, row.id, 0), trx);
  return { queued: true, id: row.id };
}

/**
 * Queues a text message to a student's or a parent's phone: written with its send job in one
 * transaction (`trx` when given), sent by the job queue with retries. What the students'
 * import calls for an imported student's set-password link:
 * @example await sendToStudentOrParent(ctx, {
 *   to: student.phone, recipient: 'student', userId: student.id,
 *   ...studentInvitation(student.name, link),
 * }) // { queued: true, id: 41 }, or { queued: false, reason: 'no_channel' } with no provider
 */
export async function sendToStudentOrParent(
  ctx: MessagingContext,
  request: MessageRequest,
  trx?: JobDb,
): Promise<QueueResult> {
  const sending = await prepareSending(ctx);
  if (trx) return insertMessage(ctx, trx, sending, request);
  return ctx.db.transaction().execute((t) => insertMessage(ctx, t, sending, request));
}

async function fail(ctx: MessagingContext, id: number, error: string): Promise<void> {
  const now = nowIso();
  await ctx.db
    .updateTable('messages')
    .set({ state: 'failed', error, failed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .execute();
}

/**
 * The send job: one message to its provider, once. A message no longer queued (sent by an
 * earlier run, retried by staff into a new round) is left alone; a provider's refusal fails it;
 * an error worth retrying throws, and the queue tries again after its backoff.
 */
export async function sendQueued(ctx: MessagingContext, job: Job<{ id: number }>): Promise<void> {
  const { db } = ctx;
  const message = await db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', job.data.id)
    .executeTakeFirst();
  if (!message || message.state !== 'queued') return;
  if (await isOptedOut(db, message.recipient_phone)) {
    await fail(ctx, message.id, MESSAGE_ERRORS.optedOut);
    return;
  }
  const channel = channelsOf(ctx).byChannel.get(message.channel as ChannelName);
  if (!channel) {
    await fail(ctx, message.id, MESSAGE_ERRORS.noChannel);
    return;
  }
  await db
    .updateTable('messages')
    .set({ attempts: sql<number>`attempts + 1`, updated_at: nowIso() })
    .where('id', '=', message.id)
    .execute();
  try {
    const { providerId } = await channel.send({
      id: message.id,
      to: message.recipient_phone,
      body: message.body,
      template: message.template,
      params: JSON.parse(message.params) as string[],
    });
    const now = nowIso();
    await db
      .updateTable('messages')
      .set({
        state: 'sent',
        provider: channel.provider,
        provider_message_id: providerId,
        error: null,
        sent_at: now,
        updated_at: now,
      })
      .where('id', '=', message.id)
      .where('state', '=', 'queued')
      .execute();
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    const retry = !(err instanceof ChannelError) || err.retry;
    if (!retry) {
      await fail(ctx, message.id, `${MESSAGE_ERRORS.refused}: ${text}`);
      return;
    }
    if (job.attempt >= job.lastAttempt) {
      await fail(ctx, message.id, `${MESSAGE_ERRORS.failed}: ${text}`);
      return;
    }
    await db
      .updateTable('messages')
      .set({ error: text, updated_at: nowIso() })
      .where('id', '=', message.id)
      .execute();
    throw err;
  }
}

/**
 * Queues the send job again for each message still waiting from the last two days: its
 * singletonKey makes this a no-op for one that has its job, and brings back one whose job was
 * lost (a school copied to PostgreSQL with messages waiting: the SQLite queue is not copied).
 */
export async function requeueWaiting(ctx: MessagingContext): Promise<number> {
  const since = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
  const waiting = await ctx.db
    .selectFrom('messages')
    .select(['id', 'round'])
    .where('state', '=', 'queued')
    .where('created_at', '>=', since)
    .execute();
  let queued = 0;
  for (const m of waiting)
    if (await ctx.jobs.enqueue(SEND_MESSAGE_JOB, { id: m.id }, sendJobOptions(ctx, m.id, m.round)))
      queued += 1;
  return queued;
}

const ORDER: Record<string, number> = { queued: 0, sent: 1, delivered: 2 };

/**
 * A provider's word on a message's delivery, applied forward only (delivery reports come in
 * any order and more than once): sent, then delivered; failed unless already delivered.
 */
export async function applyDeliveryState(
  ctx: Pick<AppContext, 'db'>,
  provider: string,
  providerId: string,
  state: 'sent' | 'delivered' | 'failed',
  error: string | null,
): Promise<boolean> {
  const message = await ctx.db
    .selectFrom('messages')
    .select(['id', 'state'])
    .where('provider', '=', provider)
    .where('provider_message_id', '=', providerId)
    .executeTakeFirst();
  if (!message) return false;
  const now = nowIso();
  if (state === 'failed') {
    if (message.state === 'delivered' || message.state === 'failed') return true;
    await ctx.db
      .updateTable('messages')
      .set({
        state: 'failed',
        error: error ?? MESSAGE_ERRORS.failed,
        failed_at: now,
        updated_at: now,
      })
      .where('id', '=', message.id)
      .where('state', '!=', 'delivered')
      .execute();
    return true;
  }
  if ((ORDER[message.state] ?? 9) >= ORDER[state]!) return true;
  await ctx.db
    .updateTable('messages')
    .set({
      state,
      updated_at: now,
      ...(state === 'delivered' ? { delivered_at: now } : {}),
    })
    .where('id', '=', message.id)
    .where('state', 'in', state === 'delivered' ? ['queued', 'sent'] : ['queued'])
    .execute();
  return true;
}
