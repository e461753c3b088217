import type { Kysely } from 'kysely';
import {
  EXAM_EVENTS_MAX,
  type ExamEventInput,
  type ExamEventKind,
  type SaveExamEventsResponse,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';

// ---------------------------------------------------------------------------------------------
// A session's integrity record (issue 26, ADR 044). It informs a teacher's judgement and blocks
// nothing: the exam page reports what it saw through its own outbox, the server stamps each
// event with its time on arrival and records, when the session page is opened, whether it is
// another device (sign-in) or another address than the last time.

type Db = Kysely<DB>;

/** What the server keeps of where a session was opened from. */
export interface SeenFrom {
  /** The id of the sign-in (auth token) in use: one per device and sign-in. */
  device: number;
  address: string;
}

const SERVER_KINDS: readonly ExamEventKind[] = ['opened', 'second_device', 'new_address'];

async function sessionOf(db: Db, userId: number, token: string) {
  const session = await db
    .selectFrom('exam_sessions')
    .select('id')
    .where('token', '=', token)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!session) throw new AppError('SESSION_NOT_FOUND');
  return session;
}

/**
 * POST /exams/session/events: keeps the page's events once each (a replay from the outbox adds
 * nothing), stamped with the server's time, also after the session ended (offline events arrive
 * late). A session keeps at most EXAM_EVENTS_MAX events.
 */
export async function recordClientEvents(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: number,
  token: string,
  events: readonly ExamEventInput[],
): Promise<SaveExamEventsResponse> {
  const session = await sessionOf(ctx.db, userId, token);
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const kept = await trx
      .selectFrom('exam_session_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    const room = Math.max(0, EXAM_EVENTS_MAX - Number(kept.n));
    // The same id twice in one call is one event.
    const fresh = [...new Map(events.map((e) => [e.id, e])).values()].slice(0, room);
    if (fresh.length === 0) return { recorded: 0 };
    const inserted = await trx
      .insertInto('exam_session_events')
      .values(
        fresh.map((e) => ({
          session_id: session.id,
          client_id: e.id,
          kind: e.kind,
          client_at: new Date(e.at).toISOString(),
          detail: null,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['session_id', 'client_id']).doNothing())
      .returning('id')
      .execute();
    return { recorded: inserted.length };
  });
}

/**
 * Records where a session page was opened from when it differs from the last time: the first
 * opening (`opened`), another sign-in (`second_device`), the same sign-in from another address
 * (`new_address`).
 */
export async function noteOpening(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  sessionId: number,
  seen: SeenFrom,
): Promise<void> {
  const last = await ctx.db
    .selectFrom('exam_session_events')
    .select('detail')
    .where('session_id', '=', sessionId)
    .where('kind', 'in', SERVER_KINDS)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const before = last?.detail ? (JSON.parse(last.detail) as SeenFrom) : undefined;
  let kind: ExamEventKind;
  if (!before) kind = 'opened';
  else if (before.device !== seen.device) kind = 'second_device';
  else if (before.address !== seen.address) kind = 'new_address';
  else return;
  await ctx.db
    .insertInto('exam_session_events')
    .values({
      session_id: sessionId,
      client_id: null,
      kind,
      client_at: null,
      detail: JSON.stringify({ device: seen.device, address: seen.address }),
      created_at: ctx.clock.now().toISOString(),
    })
    .execute();
}
