import type {
  AnswerAttempt,
  ExamDetails,
  ExamResult,
  ExamResultSession,
  Question,
} from '@dars/contract';
import { sessionOptionOrder } from '@dars/contract';
import { publicFileUrl } from '../../lib/public-url';
import type { ExamRow, SessionRow } from './exam-time';

export type QuestionRow = {
  id: number;
  type: string;
  text: string;
  image_path: string | null;
  mark: number;
  answer_explain_text: string | null;
  answer_explain_image: string | null;
};
export type OptionRow = {
  id: number;
  question_id: number;
  text: string;
  image_path: string | null;
  correct: number;
};
export type AttemptRow = {
  id: number;
  question_id: number;
  answer_option_id: number | null;
  answer_text: string | null;
  image_path: string | null;
  correct: number | null;
  correction_mark: number | null;
  seq: number;
};

/** What a student may see of a session's marking (ADR 016: Marking and results). */
export function disclosure(exam: ExamRow, session: Pick<SessionRow, 'finished_at'> | undefined) {
  const finished = session?.finished_at != null;
  return {
    result: finished && exam.show_result === 1,
    detailed: finished && exam.show_detailed_result === 1,
  };
}

/** @example examDetails(exam, 20, session) */
export function examDetails(
  exam: ExamRow,
  questionsCount: number,
  session: Pick<SessionRow, 'finished_at'> | undefined,
): ExamDetails {
  return {
    id: exam.id,
    name: exam.name,
    description: exam.description,
    // Whole minutes: a percentage of extra time (ADR 042) may add a part of one.
    duration: exam.duration_minutes === null ? null : Math.floor(exam.duration_minutes),
    questions_count: questionsCount,
    active_session: session !== undefined && session.finished_at === null,
    has_session: session !== undefined,
    show_result: exam.show_result === 1,
    show_detailed_result: exam.show_detailed_result === 1,
    shuffled_answers: exam.shuffled_answers === 1,
    enable_images_answers: exam.enable_images_answers === 1,
  };
}

/**
 * The session's questions with their options. Options of a choices question are put in an
 * order drawn from the session token when the exam shuffles (the same on every reload, another
 * for each student); correct flags and explanations only when `detailed`.
 */
export function questionsView(
  questions: readonly QuestionRow[],
  options: readonly OptionRow[],
  { detailed, shuffleKey }: { detailed: boolean; shuffleKey: string | null },
): Question[] {
  const byQuestion = new Map<number, OptionRow[]>();
  for (const o of options) {
    const list = byQuestion.get(o.question_id);
    if (list) list.push(o);
    else byQuestion.set(o.question_id, [o]);
  }
  return questions.map((q) => {
    let list = byQuestion.get(q.id) ?? [];
    if (shuffleKey !== null && q.type === 'choices') {
      list = sessionOptionOrder(shuffleKey, q.id, list);
    }
    return {
      id: q.id,
      type: q.type as Question['type'],
      text: q.text,
      image_url: publicFileUrl(q.image_path),
      answers: list.map((o) => ({
        id: o.id,
        text: o.text,
        image_url: publicFileUrl(o.image_path),
        correct: detailed ? o.correct === 1 : null,
      })),
      answer_explain_text: detailed ? q.answer_explain_text : null,
      answer_explain_image: detailed ? publicFileUrl(q.answer_explain_image) : null,
    };
  });
}

/** The student's saved answers; marks and right/wrong only when `detailed`. */
export function attemptsView(
  attempts: readonly AttemptRow[],
  markOf: ReadonlyMap<number, number>,
  { detailed, imageUrl }: { detailed: boolean; imageUrl: (attemptId: number) => string },
): AnswerAttempt[] {
  return attempts.map((a) => ({
    id: a.id,
    question_id: a.question_id,
    answer_id: a.answer_option_id,
    answer_text: a.answer_text,
    answer_image: a.image_path ? imageUrl(a.id) : null,
    correct: detailed && a.correct !== null ? a.correct === 1 : null,
    question_mark: markOf.get(a.question_id) ?? 0,
    correction_mark: detailed ? a.correction_mark : null,
    seq: a.seq,
  }));
}

/** The result of a finished session, or null while running or when the exam hides it. */
export function resultView(exam: ExamRow, session: SessionRow): ExamResult | null {
  if (!disclosure(exam, session).result || session.finished_at === null) return null;
  const mark = session.correction_mark ?? 0;
  return {
    succeeded: session.succeeded === 1,
    correction_percentage:
      session.total_mark === 0 ? 0 : Math.round((mark / session.total_mark) * 10_000) / 100,
    correction_mark: mark,
    total_mark: session.total_mark,
    correct_answer_attempts: session.correct_count,
    wrong_answer_attempts: session.wrong_count,
    time_taken: Math.max(
      0,
      Math.round((Date.parse(session.finished_at) - Date.parse(session.started_at)) / 1000),
    ),
    corrected: session.corrected === 1,
  };
}

/**
 * A row of the results lists: marks only once corrected and when the exam shows them; a
 * session not yet submitted is `active` (what the entry's `active_session` says), not corrected.
 */
export function resultListItem(
  session: Pick<
    SessionRow,
    | 'id'
    | 'started_at'
    | 'finished_at'
    | 'corrected'
    | 'succeeded'
    | 'correction_mark'
    | 'total_mark'
  >,
  exam: { exam_code: string; name: string; show_result: number },
): ExamResultSession {
  const corrected = session.finished_at !== null && session.corrected === 1;
  const shown = corrected && exam.show_result === 1;
  return {
    id: session.id,
    exam: { exam_code: exam.exam_code, name: exam.name, show_result: exam.show_result === 1 },
    start_time: session.started_at,
    corrected,
    succeeded: shown ? session.succeeded === 1 : null,
    correction_mark: shown ? session.correction_mark : null,
    total_mark: session.total_mark,
    active: session.finished_at === null,
  };
}
