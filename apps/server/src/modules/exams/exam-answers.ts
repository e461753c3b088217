import type { ExamAnswerInput } from '@dars/contract';
import {
  PostgresAdapter,
  type ExpressionBuilder,
  type Kysely,
  type OnConflictDatabase,
  type OnConflictTables,
  type Transaction,
} from 'kysely';
import { precompile } from '../../db/precompiled';
import type { DB } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { drawnIds } from './session-questions';

/** One answer checked against the exam: the row to write, or a clearing of an essay's text. */
export type PlannedAnswer = {
  questionId: number;
  optionId: number | null;
  text: string | null;
  seq: number | undefined;
};

const NOT_IN_EXAM = 'السؤال غير موجود في هذا الامتحان';
const NOT_AN_OPTION = 'اختر إجابة من إجابات السؤال';
const ESSAY_NEEDS_TEXT = 'اكتب إجابة السؤال المقالي';

const questionsWithOptions = precompile((db, p: { ids: number[] }) =>
  db
    .selectFrom('questions')
    .leftJoin('answer_options', 'answer_options.question_id', 'questions.id')
    .select([
      'questions.id',
      'questions.exam_id',
      'questions.type',
      'answer_options.id as option_id',
    ])
    .where('questions.id', 'in', p.ids),
);

/** A question asked about with one of its options (none for an essay), as the check reads it. */
export type QuestionOptionRow = {
  id: number;
  /** Null for a bank's question (ADR 046). */
  exam_id: number | null;
  type: string;
  option_id: number | null;
};

/**
 * Checks every answer against the session before anything is written (ADR 016: Answers): a
 * question of the exam or drawn by the session (ADR 046), an option of that question, text for
 * an essay. One bad answer refuses the whole request with a 422 and saves nothing.
 */
export async function planAnswers(
  db: Kysely<DB>,
  session: { exam_id: number; question_ids: string | null },
  answers: readonly ExamAnswerInput[],
): Promise<PlannedAnswer[]> {
  // Stryker disable next-line ConditionalExpression: SQLite, which the mutation run uses, answers `in ()` with no rows as this does; PostgreSQL refuses `in ()`
  if (answers.length === 0) return [];
  const rows = await questionsWithOptions.execute(db, { ids: answeredIds(answers) });
  return planFromRows(rows, session, answers);
}

/** The distinct questions a request answers, in their first order. */
export function answeredIds(answers: readonly ExamAnswerInput[]): number[] {
  return [...new Set(answers.map((a) => a.question_id))];
}

/**
 * planAnswers on rows already read (the answered questions with their options, by id): what
 * a call that reads them with its session in one statement checks.
 */
export function planFromRows(
  rows: readonly QuestionOptionRow[],
  session: { exam_id: number; question_ids: string | null },
  answers: readonly ExamAnswerInput[],
): PlannedAnswer[] {
  const drawn = new Set(drawnIds(session));
  const questions = new Map<number, { type: string; options: Set<number> }>();
  for (const r of rows) {
    if (r.exam_id !== session.exam_id && !drawn.has(r.id)) continue;
    const q = questions.get(r.id) ?? { type: r.type, options: new Set<number>() };
    // Stryker disable next-line ConditionalExpression: a null never matches, since a null choice is refused before the options are asked
    if (r.option_id !== null) q.options.add(r.option_id);
    questions.set(r.id, q);
  }
  return answers.map((a) => {
    const q = questions.get(a.question_id);
    if (!q) throw fieldError('answers', NOT_IN_EXAM);
    if (q.type === 'essay') {
      // Stryker disable next-line ConditionalExpression: the contract refuses an answer with neither a choice nor text before this runs
      if (a.chosen_answer != null || a.answer_text == null)
        throw fieldError('answers', ESSAY_NEEDS_TEXT);
      const text = a.answer_text.trim() === '' ? null : a.answer_text;
      return { questionId: a.question_id, optionId: null, text, seq: a.seq };
    }
    // Stryker disable next-line ConditionalExpression: the options never hold null (above), so has(null) refuses it too; the guard says it aloud
    if (a.chosen_answer == null || !q.options.has(a.chosen_answer)) {
      throw fieldError('answers', NOT_AN_OPTION);
    }
    return { questionId: a.question_id, optionId: a.chosen_answer, text: null, seq: a.seq };
  });
}

type UpsertParams = {
  sessionId: number;
  questionId: number;
  optionId: number | null;
  text: string | null;
  image: string | null | undefined;
  seq: number | undefined;
  now: string;
};

/**
 * The upsert of one answer (one row per question), built once per shape (db/precompiled.ts),
 * which branches on what it may: whether an image and a seq are given. `whileRunning` writes it
 * only while its session runs, in the same statement (see upsertWhileRunning).
 */
function upsertBuilder(db: Kysely<DB>, p: UpsertParams, whileRunning: boolean) {
  const hasImage = p.image !== undefined;
  // The saved columns this answer writes: it changes the row when any of them differs.
  type Column = 'answer_option_id' | 'answer_text' | 'image_path';
  const columns: Column[] = hasImage
    ? ['answer_option_id', 'answer_text', 'image_path']
    : ['answer_option_id', 'answer_text'];
  const changed = (
    eb: ExpressionBuilder<
      OnConflictDatabase<DB, 'answer_attempts'>,
      OnConflictTables<'answer_attempts'>
    >,
  ) =>
    eb.or(
      columns.map((c) => eb(`answer_attempts.${c}`, 'is distinct from', eb.ref(`excluded.${c}`))),
    );
  const insert = db.insertInto('answer_attempts');
  const row = {
    session_id: p.sessionId,
    question_id: p.questionId,
    answer_option_id: p.optionId,
    answer_text: p.text,
    image_path: p.image ?? null,
    seq: p.seq ?? 0,
    updated_at: p.now,
  };
  const values = whileRunning
    ? insert.columns(Object.keys(row) as (keyof typeof row)[]).expression(runningSource(db, row))
    : insert.values(row);
  return values.onConflict((oc) =>
    oc
      .columns(['session_id', 'question_id'])
      .doUpdateSet((eb) => ({
        ...Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)])),
        seq: p.seq === undefined ? eb.ref('answer_attempts.seq') : eb.ref('excluded.seq'),
        updated_at: eb
          .case()
          .when(changed(eb))
          .then(eb.ref('excluded.updated_at'))
          .else(eb.ref('answer_attempts.updated_at'))
          .end(),
      }))
      .where((eb) =>
        p.seq === undefined ? changed(eb) : eb('answer_attempts.seq', '<=', eb.ref('excluded.seq')),
      ),
  );
}

/**
 * The answer's row selected from its session while that runs: no row once it has ended. On
 * PostgreSQL the session row is locked as the finishing update would lock it (as writeAnswers'
 * transaction does), so the finish either waits for this answer and marks it, or this statement
 * sees the session ended and writes nothing.
 */
function runningSource(
  db: Kysely<DB>,
  row: {
    session_id: number;
    question_id: number;
    answer_option_id: number | null;
    answer_text: string | null;
    image_path: string | null;
    seq: number;
    updated_at: string;
  },
) {
  const select = db
    .selectFrom('exam_sessions')
    .select((eb) => [
      'id as session_id',
      // Stryker disable StringLiteral: an insert … select fills the columns by position, not by these names
      eb.val(row.question_id).as('question_id'),
      eb.val(row.answer_option_id).as('answer_option_id'),
      eb.val(row.answer_text).as('answer_text'),
      eb.val(row.image_path).as('image_path'),
      eb.val(row.seq).as('seq'),
      eb.val(row.updated_at).as('updated_at'),
      // Stryker restore StringLiteral
    ])
    .where('id', '=', row.session_id)
    .where('finished_at', 'is', null);
  return db.getExecutor().adapter instanceof PostgresAdapter ? select.forNoKeyUpdate() : select;
}

// Every answer call runs one of them (db/precompiled.ts).
// Stryker disable next-line BooleanLiteral: upsertAnswer runs after the transaction's claim on the running session, so "only while running" changes nothing there
const upsertQuery = precompile((db, p: UpsertParams) => upsertBuilder(db, p, false));
const upsertRunningQuery = precompile((db, p: UpsertParams) =>
  upsertBuilder(db, p, true).returning('answer_attempts.id'),
);

/**
 * Whether one answer can be written by upsertWhileRunning alone: a chosen option or an essay's
 * text, with no image (an essay cleared to nothing may need its row deleted after the upsert).
 */
export function writableAlone(answer: PlannedAnswer & { image?: string | null }): boolean {
  return answer.image === undefined && (answer.optionId !== null || answer.text !== null);
}

/**
 * One answer (see writableAlone) upserted in one statement that writes it only while its
 * session runs: the same row, the same rules of `seq` and of an unchanged answer as
 * upsertAnswer, without the transaction around them. Answers whether a row was written or
 * changed; false when the session has ended, and also when the upsert had nothing to change
 * (an older `seq`, the same answer again): the caller tells these apart.
 */
export async function upsertWhileRunning(
  db: Kysely<DB>,
  sessionId: number,
  answer: PlannedAnswer,
  now: string,
): Promise<boolean> {
  const rows = await upsertRunningQuery.execute(db, {
    sessionId,
    questionId: answer.questionId,
    optionId: answer.optionId,
    text: answer.text,
    image: undefined,
    seq: answer.seq,
    now,
  });
  return rows.length > 0;
}

/**
 * Writes one answer as an upsert (one row per question). With a `seq`, a row written with a
 * higher one is left alone, so a late replay of an older answer changes nothing; an identical
 * answer changes nothing either (its time stays), though its `seq` is kept. `image` is left as
 * it is unless given (`null` removes it).
 */
export async function upsertAnswer(
  trx: Transaction<DB>,
  sessionId: number,
  answer: PlannedAnswer & { image?: string | null },
  now: string,
): Promise<void> {
  await upsertQuery.execute(trx, {
    sessionId,
    questionId: answer.questionId,
    optionId: answer.optionId,
    text: answer.text,
    image: answer.image,
    seq: answer.seq,
    now,
  });
  // An essay with neither text nor image is no answer at all.
  if (answer.optionId !== null) return;
  await trx
    .deleteFrom('answer_attempts')
    .where('session_id', '=', sessionId)
    .where('question_id', '=', answer.questionId)
    .where('answer_option_id', 'is', null)
    .where('answer_text', 'is', null)
    .where('image_path', 'is', null)
    .execute();
}
