import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AttemptRule, ExamAttempts } from '@dars/contract';
import { precompile } from '../../db/precompiled';
import type { DB } from '../../db/schema';
import type { ExamRow, SessionRow } from './exam-time';

// ---------------------------------------------------------------------------------------------
// More than one attempt at an exam (issue 26, ADR 047): how many a student may make (the
// exam's, plus what staff granted them), when the next one opens, and which one counts.

const MINUTE_MS = 60_000;

const latestOfStudent = precompile((db, p: { userId: number; examId: number }) =>
  db
    .selectFrom('exam_sessions')
    .selectAll()
    .where('user_id', '=', p.userId)
    .where('exam_id', '=', p.examId)
    .orderBy('attempt', 'desc')
    // Written into the SQL: SQLite prepares a statement again whenever a bound LIMIT is bound.
    .limit(sql.lit(1)),
);

/**
 * The student's latest attempt at the exam (the one a start resumes or follows), or none.
 * @example const latest = await latestSession(ctx.db, user.id, exam.id)
 */
export function latestSession(
  db: Kysely<DB>,
  userId: number,
  examId: number,
): Promise<SessionRow | undefined> {
  return latestOfStudent.executeTakeFirst(db, { userId, examId });
}

const grantOf = precompile((db, p: { userId: number; examId: number }) =>
  db
    .selectFrom('exam_attempt_grants')
    .select('extra_attempts')
    .where('user_id', '=', p.userId)
    .where('exam_id', '=', p.examId),
);

/**
 * Attempts the student may make at the exam: its own number plus any staff granted them.
 * @example await attemptsAllowed(ctx.db, exam, user.id) // 3
 */
export async function attemptsAllowed(
  db: Kysely<DB>,
  exam: Pick<ExamRow, 'id' | 'max_attempts'>,
  userId: number,
): Promise<number> {
  const grant = await grantOf.executeTakeFirst(db, { userId, examId: exam.id });
  return exam.max_attempts + (grant?.extra_attempts ?? 0);
}

/**
 * Where the student is with the exam's attempts: a new one may start when the latest is
 * finished, one is left, the wait after it is over and the exam's window (the student's own,
 * ADR 042) is open. While waiting, `next_at` says when the next one opens.
 * @example attemptState(exam, latest, 3, true, now) // { current: 1, allowed: 3, can_start: true, … }
 */
export function attemptState(
  exam: Pick<ExamRow, 'attempt_wait_minutes' | 'attempt_rule'>,
  latest: Pick<SessionRow, 'attempt' | 'finished_at'> | undefined,
  allowed: number,
  windowOpen: boolean,
  now: Date,
): ExamAttempts {
  const rule = exam.attempt_rule as AttemptRule;
  const state = (can_start: boolean, next_at: string | null = null): ExamAttempts => ({
    current: latest?.attempt ?? 0,
    allowed,
    rule,
    can_start,
    next_at,
  });
  if (!latest) return state(windowOpen);
  if (latest.finished_at === null || latest.attempt >= allowed) return state(false);
  const opens = Date.parse(latest.finished_at) + exam.attempt_wait_minutes * MINUTE_MS;
  if (opens <= now.getTime()) return state(windowOpen);
  return state(false, windowOpen ? new Date(opens).toISOString() : null);
}

/**
 * SQL true when the session under `s` (of the exam under `e`) is one whose result counts under
 * the exam's rule: `best` the highest mark (the earliest attempt of equal ones), `last` the
 * latest finished attempt, `average` every finished attempt (their mean is the result). A
 * running session never counts.
 * @example db.selectFrom('exam_sessions as s').innerJoin('exams as e', …).where(countsSql('s', 'e'))
 */
export function countsSql(s: string, e: string): RawBuilder<boolean> {
  const [ss, ee] = [sql.raw(s), sql.raw(e)];
  const other = (beats: RawBuilder<unknown>) =>
    sql`not exists (select 1 from exam_sessions as o where o.user_id = ${ss}.user_id
      and o.exam_id = ${ss}.exam_id and o.finished_at is not null and o.id <> ${ss}.id and ${beats})`;
  const mark = (alias: RawBuilder<unknown>) => sql`coalesce(${alias}.correction_mark, 0)`;
  const o = sql.raw('o');
  return sql<boolean>`(${ss}.finished_at is not null and (
    ${ee}.attempt_rule = 'average'
    or (${ee}.attempt_rule = 'last' and ${other(sql`o.attempt > ${ss}.attempt`)})
    or (${ee}.attempt_rule not in ('average', 'last') and ${other(
      sql`(${mark(o)} > ${mark(ss)} or (${mark(o)} = ${mark(ss)} and o.attempt < ${ss}.attempt))`,
    )})))`;
}

/**
 * SQL of the attempts the student of the session under `s` may make at its exam under `e`: the
 * exam's number plus any staff granted them (what `attemptsAllowed` reads for one student).
 * @example db.selectFrom('exam_sessions as s').innerJoin('exams as e', …).select(attemptsAllowedSql('s', 'e').as('allowed'))
 */
export function attemptsAllowedSql(s: string, e: string): RawBuilder<number> {
  const [ss, ee] = [sql.raw(s), sql.raw(e)];
  return sql<number>`(${ee}.max_attempts + coalesce((select g.extra_attempts from exam_attempt_grants as g
    where g.user_id = ${ss}.user_id and g.exam_id = ${ss}.exam_id), 0))`;
}
