import { z } from 'zod';
import { VALIDATION_MESSAGES, emailSchema, requiredText } from '../fields';
import { safeString } from '../primitives';

const required = (max: number) => requiredText(VALIDATION_MESSAGES.anyFieldRequired, max);

/** What a guest adds so staff can answer (spec §5). */
const guestContactFields = {
  name: required(100),
  email: safeString(VALIDATION_MESSAGES.anyFieldRequired)
    .trim()
    .min(1, { error: VALIDATION_MESSAGES.anyFieldRequired })
    .pipe(emailSchema),
  /** Any phone: a guest writing for help may not have an Egyptian mobile. */
  phone: required(30),
};

/**
 * POST /support-tickets. Guests must also give name, email and phone; the server knows who
 * is signed in and checks a guest's body with guestSupportTicketBodySchema.
 */
export const createSupportTicketBodySchema = z.object({
  title: required(200),
  content: required(5000),
  name: guestContactFields.name.optional(),
  email: guestContactFields.email.optional(),
  phone: guestContactFields.phone.optional(),
});
export type CreateSupportTicketBody = z.infer<typeof createSupportTicketBodySchema>;

/** The guest form: name, email and phone are required too. */
export const guestSupportTicketBodySchema =
  createSupportTicketBodySchema.extend(guestContactFields);
export type GuestSupportTicketBody = z.infer<typeof guestSupportTicketBodySchema>;

/** → `{ data: { id } }` */
export const createSupportTicketResponseSchema = z.object({
  data: z.object({ id: z.number().int() }),
});
export type CreateSupportTicketResponse = z.infer<typeof createSupportTicketResponseSchema>;
