import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ListSupportTicketsResponse,
  MarkSupportTicketReadResponse,
  SupportConversation,
} from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

// The signed-in student's tickets, «رسائلي» (issue 24, ADR 039).

/** What every query of the student's tickets starts with: invalidating it reads them again. */
export const supportTicketsKeyRoot = ['support-tickets'] as const;

/**
 * One page of GET /support-tickets, newest activity first; later pages follow `links.next`.
 * @example const first = await listSupportTickets(null)
 */
export function listSupportTickets(
  next: string | null,
  signal?: AbortSignal,
): Promise<ListSupportTicketsResponse> {
  return next
    ? callEndpoint(routes.listSupportTickets, { url: next, signal })
    : callEndpoint(routes.listSupportTickets, { signal });
}

/** Asked again on each visit and when the student comes back to the tab: replies arrive meanwhile. */
export function supportTicketsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...supportTicketsKeyRoot, 'list'],
    queryFn: ({ pageParam, signal }) => listSupportTickets(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.links.next,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** @example const { data, fetchNextPage, hasNextPage } = useSupportTickets() */
export function useSupportTickets() {
  return useInfiniteQuery(supportTicketsQueryOptions());
}

/**
 * GET /support-tickets/:id: one of the student's tickets with its whole conversation.
 * @example const ticket = await getSupportTicket(7)
 */
export async function getSupportTicket(
  id: number,
  signal?: AbortSignal,
): Promise<SupportConversation> {
  const { data } = await callEndpoint(routes.getSupportTicket, { params: { id }, signal });
  return data;
}

export function supportTicketQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...supportTicketsKeyRoot, 'one', id],
    queryFn: ({ signal }) => getSupportTicket(id, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** @example const { data: ticket } = useSupportTicket(7) */
export function useSupportTicket(id: number) {
  return useQuery(supportTicketQueryOptions(id));
}

/**
 * POST /support-tickets/:id/messages: the student's reply; answers the conversation with it,
 * which replaces the ticket's query (the list is read again).
 */
export function useReplySupportTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: string) => {
      const { data } = await callEndpoint(routes.replySupportTicket, {
        params: { id },
        body: { content },
      });
      return data;
    },
    onSuccess: (data) => {
      queryClient.setQueryData(supportTicketQueryOptions(id).queryKey, data);
      void queryClient.invalidateQueries({ queryKey: [...supportTicketsKeyRoot, 'list'] });
    },
  });
}

/**
 * POST /support-tickets/:id/read: the ticket and its reply notifications are read; answers the
 * bell's new count.
 */
export function useMarkSupportTicketRead(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<MarkSupportTicketReadResponse> =>
      callEndpoint(routes.markSupportTicketRead, { params: { id } }),
    onSuccess: () => {
      queryClient.setQueryData(supportTicketQueryOptions(id).queryKey, (ticket) =>
        ticket ? { ...ticket, unread: false } : ticket,
      );
      void queryClient.invalidateQueries({ queryKey: [...supportTicketsKeyRoot, 'list'] });
    },
  });
}
