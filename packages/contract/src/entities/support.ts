import { z } from 'zod';
import { isoDateTimeSchema } from '../datetime';

/**
 * A support request (spec §3). A signed-in sender is known by the account, so name, email
 * and phone are null; a guest gives all three.
 */
export const supportTicketSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  title: z.string(),
  content: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;
