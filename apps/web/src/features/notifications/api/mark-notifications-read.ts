import { useMutation } from '@tanstack/react-query';
import { type MarkNotificationsReadResponse, markNotificationsReadEndpoint } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/**
 * POST /notifications/read: marks every notification of the user read.
 * @example const { notifications_count } = await markNotificationsRead() // 0
 */
export function markNotificationsRead(): Promise<MarkNotificationsReadResponse> {
  return callEndpoint(markNotificationsReadEndpoint);
}

/**
 * The notifications live on the session's user (spec §3), not in a query of their own, so
 * the caller applies the answer to the user.
 * @example useMarkNotificationsRead().mutate(undefined, { onSuccess: … })
 */
export function useMarkNotificationsRead() {
  return useMutation({ mutationFn: markNotificationsRead });
}
