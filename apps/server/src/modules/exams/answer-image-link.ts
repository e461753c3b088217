import { API_BASE } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { signToken } from '../../lib/signed-token';

/** How long a signed link to an answer image opens it (the exam screen and the staff marking). */
export const ANSWER_IMAGE_LINK_TTL_MS = 30 * 60_000;

/** Who a link is signed for: the student on the exam screen, or staff marking the answer. */
export type AnswerImageViewer = 'student' | 'staff';

/**
 * The signed link to a student's answer image (its owner's id inside, checked by
 * `answerImageFile`), for an <img> that carries no bearer token. A student's link stops
 * opening once the student is blocked; the one staff mark the answer by does not.
 * @example answerImageUrl(ctx, session.user_id, attempt.id) // '/api/v1/exams/answers/12/image?at=…'
 */
export function answerImageUrl(
  ctx: Pick<AppContext, 'secret'>,
  userId: number,
  attemptId: number,
  // Stryker disable next-line StringLiteral: only 'staff' changes the link, so any other default is the student's
  viewer: AnswerImageViewer = 'student',
): string {
  const payload: Record<string, number> = { u: userId, i: attemptId };
  if (viewer === 'staff') payload.s = 1;
  const at = signToken(ctx.secret, payload, ANSWER_IMAGE_LINK_TTL_MS);
  return `${API_BASE}/exams/answers/${attemptId}/image?at=${at}`;
}
