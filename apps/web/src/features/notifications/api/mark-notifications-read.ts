import { useMutation } from '@tanstack/react-query';
import type { MarkNotificationsReadResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * POST /notifications/read: marks every notification of the user read.
 * @example const { notifications_count } = await markNotificationsRead() // 0
 */
export function markNotificationsRead(): Promise<MarkNotificationsReadResponse> {
  return callEndpoint(routes.markNotificationsRead);
}

/**
 * The notifications live on the session's user (spec §3), not in a query of their own, so
 * the caller applies the answer to the user.
 * @example useMarkNotificationsRead().mutate(undefined, { onSuccess: … })
 */
export function useMarkNotificationsRead() {
  return useMutation({ mutationFn: markNotificationsRead });
}
