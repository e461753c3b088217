import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { precompile } from '../../db/precompiled';
import type { DB } from '../../db/schema';

/**
 * The questions of one session (ADR 046): the exam's own (fixed) questions, and those the
 * session drew from banks when it started, kept on the session as JSON ids in draw order.
 */

/** The drawn ids of a session (none for an exam without draw rules). */
export function drawnIds(session: { question_ids: string | null }): number[] {
  if (!session.question_ids) return [];
  const ids: unknown = JSON.parse(session.question_ids);
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

/** What a session stores of its draw: compact JSON ids, or null when nothing was drawn. */
export function storedDraw(ids: readonly number[] | null): string | null {
  return ids === null ? null : JSON.stringify(ids);
}

/**
 * `where` for the questions of a session: the exam's fixed ones and the drawn ones.
 * @example db.selectFrom('questions').where((eb) => ofSession(eb, exam.id, drawnIds(session)))
 */
export function ofSession(
  eb: ExpressionBuilder<DB, 'questions'>,
  examId: number,
  drawn: readonly number[],
): Expression<SqlBool> {
  const fixed = eb('questions.exam_id', '=', examId);
  return drawn.length === 0 ? fixed : eb.or([fixed, eb('questions.id', 'in', [...drawn])]);
}

/**
 * `where` for the sessions that drew question `id`: the stored JSON `[1,2,3]` read as
 * `,1,2,3,` so one `like` finds an id whole, the same on SQLite and PostgreSQL.
 */
export function drewQuestion(id: number) {
  return sql<SqlBool>`(',' || replace(replace(exam_sessions.question_ids, '[', ''), ']', '') || ',') like ${`%,${id},%`}`;
}

/** Fixed questions first (by position), then the drawn ones in draw order. */
export function inSessionOrder<T extends { id: number; exam_id: number | null }>(
  rows: readonly T[],
  drawn: readonly number[],
): T[] {
  // A drawn question is a bank's (no exam); a fixed one is the exam's.
  const fixed = rows.filter((r) => r.exam_id !== null);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...fixed, ...drawn.flatMap((id) => byId.get(id) ?? [])];
}

// Both compiled once per number of drawn questions (db/precompiled.ts keeps a shape per list length).
const questionsQuery = precompile((db, p: { examId: number; drawn: number[] }) =>
  db
    .selectFrom('questions')
    .select([
      'id',
      'exam_id',
      'position',
      'type',
      'text',
      'image_path',
      'mark',
      'answer_explain_text',
      'answer_explain_image',
    ])
    .where((eb) => ofSession(eb, p.examId, p.drawn))
    .orderBy('position')
    .orderBy('id'),
);

const optionsQuery = precompile((db, p: { examId: number; drawn: number[] }) =>
  db
    .selectFrom('answer_options')
    .innerJoin('questions', 'questions.id', 'answer_options.question_id')
    .select([
      'answer_options.id',
      'answer_options.question_id',
      'answer_options.text',
      'answer_options.image_path',
      'answer_options.correct',
    ])
    .where((eb) => ofSession(eb, p.examId, p.drawn))
    .orderBy('answer_options.position')
    .orderBy('answer_options.id'),
);

/** The questions of a session (the exam's and the drawn ones), by position: put them in order with inSessionOrder. */
export function questionsOfSession(db: Kysely<DB>, examId: number, drawn: readonly number[]) {
  return questionsQuery.execute(db, { examId, drawn: [...drawn] });
}

/** The answer options of a session's questions, each question's in their order. */
export function optionsOfSession(db: Kysely<DB>, examId: number, drawn: readonly number[]) {
  return optionsQuery.execute(db, { examId, drawn: [...drawn] });
}
