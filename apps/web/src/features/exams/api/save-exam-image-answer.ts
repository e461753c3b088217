import type { SaveExamImageAnswerResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/** One image change of an essay: a file to attach, or null to remove the attached one. */
export interface ImageAnswerInput {
  question_id: number;
  image: Blob | null;
  answer_text: string;
  seq: number;
}

/**
 * POST /exams/session/answers/image (multipart): attaches an essay's image, or removes it when
 * sent without a file, with the essay's text beside it. Same answer and codes as a text answer.
 * @example await saveExamImageAnswer(token, { question_id: 4, image: file, answer_text: '', seq: 13 })
 */
export function saveExamImageAnswer(
  token: string,
  input: ImageAnswerInput,
): Promise<SaveExamImageAnswerResponse> {
  const form = new FormData();
  form.set('session_token', token);
  form.set('question_id', String(input.question_id));
  form.set('answer_text', input.answer_text);
  form.set('seq', String(input.seq));
  if (input.image) form.set('answer_image', input.image);
  return callEndpoint(routes.saveExamImageAnswer, { body: form });
}
