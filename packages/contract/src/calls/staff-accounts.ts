import { z } from '../zod';
import { emailSchema, VALIDATION_MESSAGES } from '../fields';
import { safeString } from '../primitives';
import { STAFF_MESSAGES, staffListQuery, staffMemberRoleSchema, staffText } from './staff';
import { staffId } from './staff-fields';

/**
 * Staff accounts (admins only): admins, leaders and teachers' logins, each of these working as
 * one teacher profile (`teacher_id`, ADR 048).
 */

const newPassword = safeString(VALIDATION_MESSAGES.passwordMin)
  .min(8, { error: VALIDATION_MESSAGES.passwordMin })
  .max(128, { error: VALIDATION_MESSAGES.tooLong });

export const staffAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: staffMemberRoleSchema,
  /** The teacher profile a teacher's login works as; null for the other roles. */
  teacher_id: z.number().int().nullable(),
  /**
   * When the account's invitation (a set-password link by e-mail) ends, while it waits to be
   * used; a past time means it lapsed unused. Null when none waits.
   */
  invitation_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountCreateSchema = z.object({
  name: staffText(150),
  email: emailSchema,
  phone: safeString(VALIDATION_MESSAGES.phone)
    .trim()
    .regex(/^01[0125]\d{8}$/, { error: VALIDATION_MESSAGES.phone }),
  role: staffMemberRoleSchema,
  /** Required for a teacher's login (checked on the server, which knows the role it keeps). */
  teacher_id: staffId.nullable().optional(),
  /**
   * Without it a new account is invited: it gets a link by e-mail to set its own password
   * (and has none that works until then).
   */
  password: newPassword.optional(),
});
export const staffAccountUpdateSchema = staffAccountCreateSchema.partial();

/** An invitation just sent: its link too, for the admin to pass on another way (WhatsApp). */
export const staffInvitationSchema = z.object({
  email: z.string(),
  expires_at: z.string(),
  url: z.string(),
  /** False when the mail could not be handed to the mail server: the link still works. */
  mailed: z.boolean(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;
export const staffInvitationResponseSchema = z.object({ data: staffInvitationSchema });

const invitationToken = safeString(STAFF_MESSAGES.invitationInvalid)
  .min(16, { error: STAFF_MESSAGES.invitationInvalid })
  .max(200, { error: STAFF_MESSAGES.invitationInvalid });
/** The token of an invitation link (after `#` in the console's address, so no log keeps it). */
export const staffInvitationTokenBodySchema = z.object({ token: invitationToken });
/** Whose invitation a link is, for the set-password page to greet them. */
export const staffInvitationCheckResponseSchema = z.object({
  data: z.object({
    name: z.string(),
    email: z.string(),
    role: staffMemberRoleSchema,
    expires_at: z.string(),
  }),
});
export const staffAcceptInvitationBodySchema = z.object({
  token: invitationToken,
  password: newPassword,
});
export const staffAccountListQuerySchema = staffListQuery({
  role: staffMemberRoleSchema.optional().catch(undefined),
});
