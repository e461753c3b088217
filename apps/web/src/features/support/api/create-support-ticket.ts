import { useMutation } from '@tanstack/react-query';
import {
  createSupportTicketBodySchema,
  guestSupportTicketBodySchema,
  type CreateSupportTicketBody,
  type CreateSupportTicketResponse,
  createSupportTicketEndpoint,
} from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** A student's ticket: title and content. */
export const supportTicketInputSchema = createSupportTicketBodySchema;
/** A guest's ticket: name, e-mail and phone too (spec §5). */
export const guestSupportTicketInputSchema = guestSupportTicketBodySchema;
export type SupportTicketInput = CreateSupportTicketBody;

/**
 * POST /support-tickets → `{ data: { id } }`. The server knows a signed-in sender by the
 * token and asks a guest for name, e-mail and phone.
 * @example const { data } = await createSupportTicket({ title: 'مشكلة في الفيديو', content: '…' })
 */
export function createSupportTicket(
  input: SupportTicketInput,
): Promise<CreateSupportTicketResponse> {
  return callEndpoint(createSupportTicketEndpoint, { body: input });
}

/** @example const { mutate, isPending } = useCreateSupportTicket() */
export function useCreateSupportTicket() {
  return useMutation({ mutationFn: createSupportTicket });
}
