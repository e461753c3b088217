import { LONG_ANSWER_CHARS, sessionOptionOrder, type StaffQuestion } from '@dars/contract';

/**
 * The questions as a student's session lists them (ADR 016/022): by position then id; the
 * options of a choices question in the order the server draws from a session token when the
 * exam shuffles (`shuffleKey` stands in for that token), else in their own order. True/false
 * and essay questions are never shuffled. Correct flags are not part of the answer.
 * @example studentOrder(questions, 'preview-1')[0].answers // [{ id, text, image_url }, …]
 */
export function studentOrder(questions: readonly StaffQuestion[], shuffleKey: string | null) {
  return [...questions]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((q) => {
      let options = q.answers;
      if (shuffleKey !== null && q.type === 'choices') {
        options = sessionOptionOrder(shuffleKey, q.id, options);
      }
      return {
        id: q.id,
        type: q.type,
        text: q.text,
        image_url: q.image_url,
        answers: options.map((o) => ({ id: o.id, text: o.text, image_url: o.image_url })),
      };
    });
}

export type PreviewQuestion = ReturnType<typeof studentOrder>[number];

/** More than 40 characters, or with an image: the option takes a row (spec §2). */
export function isLongAnswer(option: { text: string; image_url: string | null }): boolean {
  return option.text.length > LONG_ANSWER_CHARS || option.image_url !== null;
}
