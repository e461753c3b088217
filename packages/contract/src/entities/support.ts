import { z } from '../zod';
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

// ---------------------------------------------------------------------------------------------
// The conversation of a ticket (issue 24, ADR 039)

/**
 * Where a ticket stands: `open` (waiting for staff), `answered` (staff wrote last, waiting for
 * the sender), `closed` (staff closed it; nobody can write in it until staff reopen it).
 */
export const SUPPORT_TICKET_STATES = ['open', 'answered', 'closed'] as const;
export const supportTicketStateSchema = z.enum(SUPPORT_TICKET_STATES);
export type SupportTicketState = z.infer<typeof supportTicketStateSchema>;

/**
 * The number a person reads and says on the phone: `S-` and the id, at least five digits.
 * @example supportReference(42) // 'S-00042'
 */
export function supportReference(id: number): string {
  return `S-${String(id).padStart(5, '0')}`;
}

/**
 * The web page where a guest follows a ticket, from the token they were given.
 * @example supportFollowPath('k3J…') // '/support/follow/k3J…'
 */
export function supportFollowPath(token: string): string {
  return `/support/follow/${token}`;
}

/** The web page of one of a student's conversations. @example supportConversationPath(7) // '/messages/7' */
export function supportConversationPath(id: number): string {
  return `/messages/${id}`;
}

/**
 * A message after the opening one, as the sender reads it: their own (`sender`) or a staff
 * member's, with that staff member's name as it was when they wrote.
 */
export const supportMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(['sender', 'staff']),
  /** The staff member's name; null on the sender's own messages. */
  staff_name: z.string().nullable(),
  content: z.string(),
  created_at: isoDateTimeSchema,
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** A ticket in the student's list «رسائلي», newest activity first. */
export const supportTicketSummarySchema = z.object({
  id: z.number().int(),
  /** e.g. `S-00042` (supportReference). */
  reference: z.string(),
  title: z.string(),
  /** The start of the newest message (the opening message while nobody has replied). */
  preview: z.string(),
  state: supportTicketStateSchema,
  /** A staff message the student has not opened yet. */
  unread: z.boolean(),
  created_at: isoDateTimeSchema,
  /** When the newest message was written (the ticket's own time without replies). */
  last_activity_at: isoDateTimeSchema,
});
export type SupportTicketSummary = z.infer<typeof supportTicketSummarySchema>;

/** One ticket with its whole conversation: the opening `content`, then `messages` oldest first. */
export const supportConversationSchema = supportTicketSummarySchema.extend({
  content: z.string(),
  messages: z.array(supportMessageSchema),
  closed_at: isoDateTimeSchema.nullable(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** A guest's ticket by its follow link: the same conversation; a guest has no unread flag. */
export const guestSupportConversationSchema = supportConversationSchema.omit({ unread: true });
export type GuestSupportConversation = z.infer<typeof guestSupportConversationSchema>;
