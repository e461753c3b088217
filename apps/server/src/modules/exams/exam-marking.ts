import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { notify } from '../notifications/notification-service';
import { drawnIds, ofSession } from './session-questions';

type Db = Kysely<DB> | Transaction<DB>;

/** Two decimals, as the result screen shows a percentage. */
function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Adds up a session from its answers (ADR 016: Marking and results) and stores the result:
 * marks earned over every question's marks, right and wrong counts, passed or not, and
 * whether an essay still waits for marks.
 */
export async function recomputeResult(db: Db, sessionId: number): Promise<void> {
  const session = await db
    .selectFrom('exam_sessions')
    .innerJoin('exams', 'exams.id', 'exam_sessions.exam_id')
    .select(['exam_sessions.exam_id', 'exam_sessions.question_ids', 'exams.pass_percentage'])
    .where('exam_sessions.id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const [questions, attempts] = await Promise.all([
    // The session's questions: the exam's and those it drew (ADR 046).
    db
      .selectFrom('questions')
      .select(['id', 'type', 'mark'])
      .where((eb) => ofSession(eb, session.exam_id, drawnIds(session)))
      .execute(),
    db
      .selectFrom('answer_attempts')
      .select(['question_id', 'correct', 'correction_mark'])
      .where('session_id', '=', sessionId)
      .execute(),
  ]);
  const total = questions.reduce((sum, q) => sum + q.mark, 0);
  const typeOf = new Map(questions.map((q) => [q.id, q.type]));
  let mark = 0;
  let right = 0;
  let wrong = 0;
  let waiting = false;
  for (const a of attempts) {
    if (a.correct === null) {
      // Stryker disable next-line ConditionalExpression: every other answer carries an option, which finishSession marks before this runs; only an essay reaches here unmarked
      if (typeOf.get(a.question_id) === 'essay') waiting = true;
      continue;
    }
    mark += a.correction_mark ?? 0;
    if (a.correct === 1) right += 1;
    else wrong += 1;
  }
  const percentage = total === 0 ? 0 : round2((mark / total) * 100);
  await db
    .updateTable('exam_sessions')
    .set({
      correction_mark: round2(mark),
      total_mark: total,
      correct_count: right,
      wrong_count: wrong,
      succeeded: percentage >= session.pass_percentage ? 1 : 0,
      corrected: waiting ? 0 : 1,
    })
    .where('id', '=', sessionId)
    .execute();
}

/**
 * Ends a running session and marks it: choices and true/false get their marks, essays wait.
 * One conditional update claims the session, so of two racing finishers (a sweep on another
 * instance, a submit) exactly one marks it; the other gets false.
 * @example await finishSession(db, session.id, session.deadline_at!, 'time')
 */
export async function finishSession(
  db: Kysely<DB>,
  sessionId: number,
  finishedAt: string,
  by: 'student' | 'time',
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('exam_sessions')
      .set({ finished_at: finishedAt, finished_by: by })
      .where('id', '=', sessionId)
      .where('finished_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return false;
    // Every chosen option marked in one statement: right when the option is, with the
    // question's mark, else 0 (only choices and true/false carry an option).
    await trx
      .updateTable('answer_attempts')
      .set({
        correct: sql<number>`(select o.correct from answer_options as o
          where o.id = answer_attempts.answer_option_id)`,
        correction_mark: sql<number>`case when (select o.correct from answer_options as o
          where o.id = answer_attempts.answer_option_id) = 1
          then (select q.mark from questions as q where q.id = answer_attempts.question_id)
          else 0 end`,
      })
      .where('session_id', '=', sessionId)
      .where('answer_option_id', 'is not', null)
      .execute();
    await recomputeResult(trx, sessionId);
    return true;
  });
}

/**
 * Marks one essay answer of a submitted session (the staff console's marking, issue 13):
 * marks from 0 to the question's mark and an optional comment. It counts as right when it
 * earns at least half the question's mark (ADR 016). The session's result is recomputed and
 * the student is told.
 * @example await markEssayAnswer(db, { attemptId: 12, marks: 1.5, comment: 'أحسنت' })
 */
export async function markEssayAnswer(
  db: Kysely<DB>,
  { attemptId, marks, comment }: { attemptId: number; marks: number; comment?: string | null },
  /** Runs in the marking's transaction, after the result is recomputed (the staff audit row). */
  after?: (trx: Transaction<DB>) => Promise<void>,
): Promise<void> {
  const attempt = await db
    .selectFrom('answer_attempts')
    .innerJoin('questions', 'questions.id', 'answer_attempts.question_id')
    .innerJoin('exam_sessions', 'exam_sessions.id', 'answer_attempts.session_id')
    .innerJoin('exams', 'exams.id', 'exam_sessions.exam_id')
    .select([
      'answer_attempts.session_id',
      'questions.type',
      'questions.mark',
      'exam_sessions.user_id',
      'exam_sessions.finished_at',
      'exams.name',
      'exams.exam_code',
    ])
    .where('answer_attempts.id', '=', attemptId)
    .executeTakeFirst();
  if (!attempt) throw new AppError('NOT_FOUND', 'الإجابة غير موجودة');
  if (attempt.type !== 'essay') throw fieldError('marks', 'تُصحَّح الأسئلة المقالية فقط يدوياً');
  if (attempt.finished_at === null) throw fieldError('marks', 'لم يُسلِّم الطالب الامتحان بعد');
  if (!Number.isFinite(marks) || marks < 0 || marks > attempt.mark) {
    throw fieldError('marks', `الدرجة بين 0 و ${attempt.mark}`);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('answer_attempts')
      .set({
        correct: marks * 2 >= attempt.mark ? 1 : 0,
        correction_mark: marks,
        comment: comment ?? null,
      })
      .where('id', '=', attemptId)
      .execute();
    await recomputeResult(trx, attempt.session_id);
    await after?.(trx);
  });
  await notify(
    db,
    attempt.user_id,
    {
      type: 'default',
      title: 'تم تصحيح إجابتك',
      content: `صُحِّحت إجابتك في «${attempt.name}»، يمكنك الآن مراجعة نتيجتك.`,
      to: `/exams?exam_code=${encodeURIComponent(attempt.exam_code)}`,
    },
    'exam_marked',
  );
}
