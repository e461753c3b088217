import type { z } from 'zod';
import type { StaffExamSession, staffExamSessionListQuerySchema } from '@dars/contract';
import { matches, selectedPage, sortOf, type Db, STUDENT_SELECT, studentOf } from './staff-core';

// The sessions of an exam with their scores (issue 13, ADR 031); their CSV is export-routes'.
// Staff see every score, whatever the exam shows its students.

function sessionsQuery(db: Db) {
  return db
    .selectFrom('exam_sessions as s')
    .innerJoin('exams as e', 'e.id', 's.exam_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.started_at',
      's.finished_at',
      's.finished_by',
      's.correction_mark',
      's.total_mark',
      's.succeeded',
      's.corrected',
      'e.id as exam_id',
      'e.name as exam_name',
      ...STUDENT_SELECT,
    ]);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsQuery>['executeTakeFirstOrThrow']>>;

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
  };
}

type SessionQuery = z.output<typeof staffExamSessionListQuerySchema>;

function filtered(db: Db, query: Pick<SessionQuery, 'exam_id' | 'state' | 'q'>) {
  let base = sessionsQuery(db);
  if (query.exam_id !== undefined) base = base.where('e.id', '=', query.exam_id);
  if (query.state === 'running') base = base.where('s.finished_at', 'is', null);
  if (query.state === 'finished') base = base.where('s.finished_at', 'is not', null);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) => eb.or([matches('u.name', q), matches('u.phone', q)]));
  }
  return base;
}

/** The sessions by id unless asked otherwise (`order=desc`: newest first). */
export async function listExamSessions(db: Db, query: SessionQuery) {
  const base = filtered(db, query);
  const sort = sortOf(query, ['id', 'started_at', 'finished_at', 'correction_mark'] as const, 'id');
  const direction = sort.direction;
  const { rows, total } = await selectedPage(base, query, [`s.${sort.column}`, 's.id'], direction);
  return { data: rows.map(sessionView), meta: { total } };
}
