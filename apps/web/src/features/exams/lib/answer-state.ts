import type { AnswerAttempt } from '@dars/contract';
import type { OutboxAnswer } from './answer-outbox';
import type { OutboxImage } from './image-change-store';

/** What the student has answered to one question, as the screen shows it. */
export interface LocalAnswer {
  chosen: number | null;
  text: string;
  /** The saved image's link, a picked file still waiting to be sent, or none. */
  image: { url: string } | { blob: Blob } | null;
}

const EMPTY: LocalAnswer = { chosen: null, text: '', image: null };

/**
 * The answers as the student left them: the server's saved answers with what still waits in
 * the outbox laid over them in `seq` order (what waits is newer than what the server holds).
 * @example localAnswers(session.answer_attempts, outbox.pendingAnswers(), outbox.pendingImages()).get(3)?.chosen
 */
export function localAnswers(
  attempts: readonly AnswerAttempt[],
  pending: readonly OutboxAnswer[],
  images: readonly OutboxImage[],
): Map<number, LocalAnswer> {
  const answers = new Map<number, LocalAnswer>();
  for (const a of attempts) {
    answers.set(a.question_id, {
      chosen: a.answer_id,
      text: a.answer_text ?? '',
      image: a.answer_image ? { url: a.answer_image } : null,
    });
  }
  const changes = [
    ...pending.map((answer) => ({ seq: answer.seq, answer })),
    ...images.map((image) => ({ seq: image.seq, image })),
  ].sort((a, b) => a.seq - b.seq);
  for (const change of changes) {
    const id = 'image' in change ? change.image.question_id : change.answer.question_id;
    const answer = { ...(answers.get(id) ?? EMPTY) };
    if ('image' in change) {
      answer.image = change.image.image ? { blob: change.image.image } : null;
      answer.text = change.image.answer_text;
    } else if ('chosen_answer' in change.answer) {
      answer.chosen = change.answer.chosen_answer;
    } else {
      answer.text = change.answer.answer_text;
    }
    answers.set(id, answer);
  }
  return answers;
}

/**
 * A question is solved when it has a choice, a text or an image (spec §4).
 * @example isSolved({ chosen: null, text: '  ', image: null }) // false
 */
export function isSolved(answer: LocalAnswer | undefined): boolean {
  return (
    answer !== undefined &&
    (answer.chosen !== null || answer.text.trim() !== '' || answer.image !== null)
  );
}

/**
 * The saved answers after an answer call: the answers it returned replace those of the same
 * questions, and a question it was sent for but did not return has none any more (an emptied
 * text). Works whether the server returns every answer of the session or only the sent ones.
 * @example mergeAttempts(saved, response.answer_attempts, [3])
 */
export function mergeAttempts(
  saved: readonly AnswerAttempt[],
  returned: readonly AnswerAttempt[],
  sentQuestionIds: readonly number[],
): AnswerAttempt[] {
  const byQuestion = new Map(saved.map((a) => [a.question_id, a]));
  for (const id of sentQuestionIds) byQuestion.delete(id);
  for (const a of returned) byQuestion.set(a.question_id, a);
  return [...byQuestion.values()];
}
