import { API_BASE } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { signToken } from '../../lib/signed-token';

/** How long a signed link to an answer image opens it (the exam screen and the staff marking). */
export const ANSWER_IMAGE_LINK_TTL_MS = 30 * 60_000;

/**
 * The signed link to a student's answer image (its owner's id inside, checked by
 * `answerImageFile`), for an <img> that carries no bearer token.
 * @example answerImageUrl(ctx, session.user_id, attempt.id) // '/api/v1/exams/answers/12/image?at=…'
 */
export function answerImageUrl(
  ctx: Pick<AppContext, 'secret'>,
  userId: number,
  attemptId: number,
): string {
  const at = signToken(ctx.secret, { u: userId, i: attemptId }, ANSWER_IMAGE_LINK_TTL_MS);
  return `${API_BASE}/exams/answers/${attemptId}/image?at=${at}`;
}
