import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestSupportConversation } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

// A guest's ticket by the token of its follow link (issue 24, ADR 039): no account needed.

/** @example const ticket = await getGuestSupportTicket('k3J…') */
export async function getGuestSupportTicket(
  token: string,
  signal?: AbortSignal,
): Promise<GuestSupportConversation> {
  const { data } = await callEndpoint(routes.getGuestSupportTicket, {
    params: { token },
    signal,
  });
  return data;
}

/**
 * Not asked again after a failure: a wrong token counts towards the address's limit (ADR 039).
 */
export function guestSupportTicketQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['support-follow', token],
    queryFn: ({ signal }) => getGuestSupportTicket(token, signal),
    retry: false,
    staleTime: 0,
  });
}

/** @example const { data: ticket, error } = useGuestSupportTicket(token) */
export function useGuestSupportTicket(token: string) {
  return useQuery(guestSupportTicketQueryOptions(token));
}

/** POST /support/follow/:token/messages: the guest's reply, answered with the conversation. */
export function useReplyGuestSupportTicket(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: string) => {
      const { data } = await callEndpoint(routes.replyGuestSupportTicket, {
        params: { token },
        body: { content },
      });
      return data;
    },
    onSuccess: (data) =>
      queryClient.setQueryData(guestSupportTicketQueryOptions(token).queryKey, data),
  });
}
