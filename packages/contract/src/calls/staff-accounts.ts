import { z } from 'zod';
import { emailSchema, VALIDATION_MESSAGES } from '../fields';
import { safeString } from '../primitives';
import { staffListQuery, staffMemberRoleSchema, staffText } from './staff';
import { staffId } from './staff-fields';

/**
 * Staff accounts (admins only): admins, leaders and teachers' logins, each of these working as
 * one teacher profile (`teacher_id`, ADR 048).
 */

export const staffAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: staffMemberRoleSchema,
  /** The teacher profile a teacher's login works as; null for the other roles. */
  teacher_id: z.number().int().nullable(),
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
  password: safeString(VALIDATION_MESSAGES.passwordMin)
    .min(8, { error: VALIDATION_MESSAGES.passwordMin })
    .max(128, { error: VALIDATION_MESSAGES.tooLong }),
});
export const staffAccountUpdateSchema = staffAccountCreateSchema.partial();
export const staffAccountListQuerySchema = staffListQuery({
  role: staffMemberRoleSchema.optional().catch(undefined),
});
