import type { Kysely } from 'kysely';
import type { ItemFlag, StaffItemAnalysis } from '@dars/contract';
import type { DB } from '../../db/schema';
import { drawnIds, optionsOfSession, questionsOfSession } from './session-questions';

// ---------------------------------------------------------------------------------------------
// What each question of an exam tells the teacher (issue 26, ADR 043), over its submitted
// sessions. The figures are the classical ones Moodle's quiz statistics and item-analysis
// textbooks use, in their simplest form a teacher can check by hand.

/** The share of sessions in each of the upper and lower groups (Kelley's 27 %). */
export const GROUP_SHARE = 0.27;

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * How many sessions each group holds: 27 % of them, at least one, and never so many that the
 * two groups overlap; none with fewer than two sessions.
 * @example groupSize(10) // 3
 */
export function groupSize(sessions: number): number {
  // Stryker disable next-line ConditionalExpression: below 2 sessions the formula gives 0 too
  if (sessions < 2) return 0;
  // Stryker disable next-line ArithmeticOperator: from 2 sessions on, 27 % (at least 1) never passes half, so the half never binds
  return Math.min(Math.floor(sessions / 2), Math.max(1, Math.round(sessions * GROUP_SHARE)));
}

/** The exam's item analysis; undefined when there is no such exam. */
export async function itemAnalysis(
  db: Kysely<DB>,
  examId: number,
): Promise<StaffItemAnalysis | undefined> {
  const exam = await db
    .selectFrom('exams')
    .select(['id', 'name'])
    .where('id', '=', examId)
    .executeTakeFirst();
  if (!exam) return undefined;
  const sessions = await db
    .selectFrom('exam_sessions')
    .select(['id', 'correction_mark', 'question_ids'])
    .where('exam_id', '=', examId)
    .where('finished_at', 'is not', null)
    // Strongest first; equal totals in the order they were started.
    .orderBy('correction_mark', 'desc')
    .orderBy('id')
    .execute();
  // A drawn exam (ADR 046): a bank question counts among the sessions that drew it.
  const drewIt = new Map<number, Set<number>>();
  for (const s of sessions) {
    for (const id of drawnIds(s)) drewIt.set(id, (drewIt.get(id) ?? new Set()).add(s.id));
  }
  const drawn = [...drewIt.keys()];
  const [rows, options, attempts] = await Promise.all([
    questionsOfSession(db, examId, drawn),
    optionsOfSession(db, examId, drawn),
    db
      .selectFrom('answer_attempts as a')
      .innerJoin('exam_sessions as s', 's.id', 'a.session_id')
      .select([
        'a.session_id',
        'a.question_id',
        'a.answer_option_id',
        'a.answer_text',
        'a.image_path',
        'a.correct',
        'a.correction_mark',
      ])
      .where('s.exam_id', '=', examId)
      .where('s.finished_at', 'is not', null)
      .execute(),
  ]);
  // Fixed questions in their order, then the bank's in theirs.
  const questions = [
    ...rows.filter((q) => q.exam_id !== null),
    ...rows.filter((q) => q.exam_id === null),
  ];
  const g = groupSize(sessions.length);
  const upper = new Set(sessions.slice(0, g).map((s) => s.id));
  const lower = new Set(sessions.slice(sessions.length - g).map((s) => s.id));
  const attemptOf = new Map(attempts.map((a) => [`${a.session_id}:${a.question_id}`, a]));
  const picks = new Map<number, number>();
  for (const a of attempts) {
    // Stryker disable next-line ConditionalExpression: a count under no option is never read
    if (a.answer_option_id !== null) {
      picks.set(a.answer_option_id, (picks.get(a.answer_option_id) ?? 0) + 1);
    }
  }

  return {
    exam,
    sessions: sessions.length,
    group_size: g,
    questions: questions.map((q) => {
      // Each session's mark on the question as a share of its mark: 0 when unanswered, unknown
      // (left out) while an essay waits for marks.
      const shares = new Map<number, number>();
      let answered = 0;
      let right = 0;
      const sawIt = drewIt.get(q.id);
      for (const s of sessions) {
        if (q.exam_id === null && !sawIt?.has(s.id)) continue;
        const a = attemptOf.get(`${s.id}:${q.id}`);
        const hasAnswer =
          a !== undefined &&
          (a.answer_option_id !== null || !!a.answer_text?.trim() || a.image_path !== null);
        if (hasAnswer) answered += 1;
        // Stryker disable next-line AssignmentOperator: `right` is only compared with 0
        if (a?.correct === 1) right += 1;
        // Stryker disable next-line ConditionalExpression: a submitted choice or true/false is always marked (correct is never null)
        if (q.type === 'essay' && hasAnswer && a.correct === null) continue;
        const earned = a?.correction_mark ?? 0;
        // Stryker disable next-line ConditionalExpression: a question's mark is never 0 (the forms and regrade refuse it)
        shares.set(s.id, q.mark === 0 ? 0 : earned / q.mark);
      }
      const all = mean([...shares.values()]);
      const inGroup = (group: Set<number>) =>
        mean([...shares].filter(([id]) => group.has(id)).map(([, share]) => share));
      const up = inGroup(upper);
      const low = inGroup(lower);
      const discrimination = g === 0 || up === null || low === null ? null : round2(up - low);
      const flags: ItemFlag[] = [];
      if (q.type !== 'essay' && answered > 0 && right === 0) flags.push('no_one_right');
      // Stryker disable next-line ConditionalExpression: null < 0 is false
      if (discrimination !== null && discrimination < 0) flags.push('reversed');
      return {
        id: q.id,
        position: q.position,
        type: q.type,
        text: q.text,
        mark: q.mark,
        answered,
        scored: shares.size,
        // Stryker disable next-line ConditionalExpression: as above, a mark is never 0
        facility: all === null || q.mark === 0 ? null : round2(all * 100),
        discrimination,
        options: options
          .filter((o) => o.question_id === q.id)
          .map((o) => ({
            id: o.id,
            text: o.text,
            correct: o.correct === 1,
            picks: picks.get(o.id) ?? 0,
          })),
        flags,
      };
    }),
  };
}
