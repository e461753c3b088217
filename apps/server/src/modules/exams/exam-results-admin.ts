import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  StaffExamSession,
  StaffExamSessionEvent,
  StaffListQuery,
  StaffStudentSession,
  staffExamSessionListQuerySchema,
} from '@dars/contract';
import { type Db } from '../../db/audited-change';
import {
  matches,
  selectedPage,
  sortOf,
  STUDENT_SELECT,
  studentOf,
  type RowOf,
} from '../../db/list-page';
import { attemptsAllowedSql, countsSql } from './exam-attempts';
import { inScope, type TeacherScope } from '../../db/teacher-scope';

// The sessions of an exam with their scores (issue 13, ADR 031); their CSV is export-routes'.
// Staff see every score, whatever the exam shows its students.

/** A session's own columns, as both lists select them. */
const SESSION_SELECT = [
  's.id',
  's.started_at',
  's.finished_at',
  's.finished_by',
  's.correction_mark',
  's.total_mark',
  's.succeeded',
  's.corrected',
  's.attempt',
] as const;

/** What the integrity record counts (ADR 044): leaving the page, another device, another address. */
const FLAGGED_KINDS = ['hidden', 'second_device', 'new_address'] as const;

function sessionsQuery(db: Db) {
  const count = (kind: (typeof FLAGGED_KINDS)[number]) =>
    db
      .selectFrom('exam_session_events as ev')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ev.session_id', '=', sql.ref<number>('s.id'))
      .where('ev.kind', '=', kind);
  return db
    .selectFrom('exam_sessions as s')
    .innerJoin('exams as e', 'e.id', 's.exam_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([...SESSION_SELECT, 'e.id as exam_id', 'e.name as exam_name', ...STUDENT_SELECT])
    .select([
      count('hidden').as('away'),
      count('second_device').as('other_devices'),
      count('new_address').as('other_addresses'),
      countsSql('s', 'e').as('counts'),
      attemptsAllowedSql('s', 'e').as('attempts_allowed'),
    ]);
}

type SessionRow = RowOf<typeof sessionsQuery>;

function sessionView(r: SessionRow): StaffExamSession {
  const finished = r.finished_at !== null;
  const mark = finished ? (r.correction_mark ?? 0) : null;
  return {
    id: r.id,
    exam: { id: r.exam_id, name: r.exam_name },
    student: studentOf(r),
    started_at: r.started_at,
    finished_at: r.finished_at,
    finished_by: r.finished_by,
    correction_mark: mark,
    total_mark: r.total_mark,
    percentage:
      mark === null
        ? null
        : r.total_mark === 0
          ? 0
          : Math.round((mark / r.total_mark) * 10_000) / 100,
    // Passed or failed only once no essay waits for marks: the marks so far decide nothing.
    succeeded: finished && r.corrected === 1 ? r.succeeded === 1 : null,
    corrected: finished && r.corrected === 1,
    integrity: {
      away: Number(r.away ?? 0),
      other_devices: Number(r.other_devices ?? 0),
      other_addresses: Number(r.other_addresses ?? 0),
    },
    attempt: r.attempt,
    counts: Boolean(r.counts),
    attempts_allowed: Number(r.attempts_allowed),
  };
}

type SessionQuery = z.output<typeof staffExamSessionListQuerySchema>;

function filtered(
  db: Db,
  query: Pick<SessionQuery, 'exam_id' | 'state' | 'q' | 'flagged' | 'counting'>,
) {
  let base = sessionsQuery(db);
  if (query.exam_id !== undefined) base = base.where('e.id', '=', query.exam_id);
  if (query.state === 'running') base = base.where('s.finished_at', 'is', null);
  if (query.state === 'finished') base = base.where('s.finished_at', 'is not', null);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) => eb.or([matches('u.name', q), matches('u.phone', q)]));
  }
  if (query.flagged !== undefined) {
    const flagged = db
      .selectFrom('exam_session_events as ev')
      .select('ev.id')
      .where('ev.session_id', '=', sql.ref<number>('s.id'))
      .where('ev.kind', 'in', FLAGGED_KINDS);
    base = base.where((eb) => (query.flagged ? eb.exists(flagged) : eb.not(eb.exists(flagged))));
  }
  // Each student's counting attempt only (ADR 047); false: the attempts that do not count.
  if (query.counting !== undefined) {
    base = base.where(
      query.counting ? countsSql('s', 'e') : sql<boolean>`not ${countsSql('s', 'e')}`,
    );
  }
  return base;
}

/** The sessions by id unless asked otherwise (`order=desc`: newest first). */
export async function listExamSessions(db: Db, query: SessionQuery, teacher: TeacherScope = null) {
  let base = filtered(db, query);
  if (teacher !== null) base = base.where(inScope('exam-session', teacher, 's.id'));
  const sort = sortOf(query, ['id', 'started_at', 'finished_at', 'correction_mark'] as const, 'id');
  const direction = sort.direction;
  const { rows, total } = await selectedPage(base, query, [`s.${sort.column}`, 's.id'], direction);
  return { data: rows.map(sessionView), meta: { total } };
}

/** One session as the results list shows it, without its integrity counts; undefined when none. */
export async function sessionOf(
  db: Db,
  id: number,
): Promise<Omit<StaffExamSession, 'integrity'> | undefined> {
  const row = await sessionsQuery(db).where('s.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { integrity: _counts, ...session } = sessionView(row);
  return session;
}

/** A student's exam sessions, newest first (their page's sessions tab). */
export async function sessionsOf(
  db: Db,
  id: number,
  query: StaffListQuery,
): Promise<{ data: StaffStudentSession[]; meta: { total: number } }> {
  const base = db
    .selectFrom('exam_sessions as s')
    .innerJoin('exams', 'exams.id', 's.exam_id')
    .where('s.user_id', '=', id);
  const selected = base.select([
    ...SESSION_SELECT,
    'exams.id as exam_id',
    'exams.name as exam_name',
    'exams.exam_code',
  ]);
  const { rows, total } = await selectedPage(selected, query, ['s.id'], 'desc');
  return {
    data: rows.map((r) => ({
      id: r.id,
      exam: { id: r.exam_id, name: r.exam_name, exam_code: r.exam_code },
      started_at: r.started_at,
      finished_at: r.finished_at,
      finished_by: r.finished_by,
      correction_mark: r.correction_mark === null ? null : Number(r.correction_mark),
      total_mark: Number(r.total_mark),
      // Passed or failed only once no essay waits for marks (a running session is not marked).
      succeeded: r.corrected === 1 ? r.succeeded === 1 : null,
      corrected: r.corrected === 1,
      attempt: r.attempt,
    })),
    meta: { total },
  };
}

/** A session's integrity record, in the order it arrived; undefined when there is no session. */
export async function sessionEvents(
  db: Db,
  sessionId: number,
): Promise<StaffExamSessionEvent[] | undefined> {
  const session = await db
    .selectFrom('exam_sessions')
    .select('id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!session) return undefined;
  const rows = await db
    .selectFrom('exam_session_events')
    .select(['id', 'kind', 'created_at', 'client_at', 'detail'])
    .where('session_id', '=', sessionId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as StaffExamSessionEvent['kind'],
    created_at: r.created_at,
    client_at: r.client_at,
    address: r.detail ? ((JSON.parse(r.detail) as { address?: string }).address ?? null) : null,
  }));
}
