import { useMutation } from '@tanstack/react-query';
import type { CreateSupportTicketBody, CreateSupportTicketResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

export type SupportTicketInput = CreateSupportTicketBody;

/**
 * POST /support-tickets → `{ data: { id } }`. The server knows a signed-in sender by the
 * token and asks a guest for name, e-mail and phone.
 * @example const { data } = await createSupportTicket({ title: 'مشكلة في الفيديو', content: '…' })
 */
export function createSupportTicket(
  input: SupportTicketInput,
): Promise<CreateSupportTicketResponse> {
  return callEndpoint(routes.createSupportTicket, { body: input });
}

/** @example const { mutate, isPending } = useCreateSupportTicket() */
export function useCreateSupportTicket() {
  return useMutation({ mutationFn: createSupportTicket });
}
