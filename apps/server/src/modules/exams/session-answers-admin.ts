import { sessionOptionOrder, sessionQuestionOrder, type StaffSessionAnswers } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { publicFileUrl } from '../../lib/public-url';
import { answerImageUrl } from './answer-image-link';
import { sessionOf } from './exam-results-admin';
import {
  drawnIds,
  inSessionOrder,
  optionsOfSession,
  questionsOfSession,
} from './session-questions';

// ---------------------------------------------------------------------------------------------
// One session's answers as its student saw them (issue 26), opened from the results list: the
// session's questions (the exam's own and those it drew, ADR 046) in the order shown, the
// options in the order shown with the one picked, the marks, and when each answer was saved.

/**
 * The session's answers; undefined when there is no such session.
 * @example await sessionAnswers(ctx, 42) // { session: {...}, questions: [...] }
 */
export async function sessionAnswers(
  ctx: Pick<AppContext, 'db' | 'secret'>,
  sessionId: number,
): Promise<StaffSessionAnswers | undefined> {
  const { db } = ctx;
  const row = await db
    .selectFrom('exam_sessions as s')
    .innerJoin('exams as e', 'e.id', 's.exam_id')
    .select([
      's.token',
      's.user_id',
      's.exam_id',
      's.question_ids',
      'e.shuffled_questions',
      'e.shuffled_answers',
    ])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  const session = row && (await sessionOf(db, sessionId));
  if (!row || !session) return undefined;
  const drawn = drawnIds(row);
  const [questions, options, answers] = await Promise.all([
    questionsOfSession(db, row.exam_id, drawn),
    optionsOfSession(db, row.exam_id, drawn),
    db.selectFrom('answer_attempts').selectAll().where('session_id', '=', sessionId).execute(),
  ]);
  // The order the student saw: the session's set, shuffled by its token when the exam shuffles.
  const inSession = inSessionOrder(questions, drawn);
  const shown =
    row.shuffled_questions === 1 ? sessionQuestionOrder(row.token, inSession) : inSession;
  const answerOf = new Map(answers.map((a) => [a.question_id, a]));
  return {
    session: session,
    questions: shown.map((q) => {
      const a = answerOf.get(q.id);
      const own = options.filter((o) => o.question_id === q.id);
      const ordered =
        row.shuffled_answers === 1 && q.type === 'choices'
          ? sessionOptionOrder(row.token, q.id, own)
          : own;
      return {
        id: q.id,
        type: q.type === 'essay' ? 'essay' : q.type === 'truefalse' ? 'truefalse' : 'choices',
        text: q.text,
        image_url: publicFileUrl(q.image_path),
        mark: q.mark,
        drawn: q.exam_id === null,
        options: ordered.map((o) => ({
          id: o.id,
          text: o.text,
          image_url: publicFileUrl(o.image_path),
          correct: o.correct === 1,
          chosen: a?.answer_option_id === o.id,
        })),
        answer_text: a?.answer_text ?? null,
        answer_image_url: a?.image_path ? answerImageUrl(ctx, row.user_id, a.id, 'staff') : null,
        correct: a?.correct === null || a?.correct === undefined ? null : a.correct === 1,
        correction_mark: a?.correction_mark ?? null,
        comment: a?.comment ?? null,
        answered_at: a?.updated_at ?? null,
      };
    }),
  };
}
