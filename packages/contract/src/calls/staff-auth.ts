import { z } from '../zod';
import { emailSchema, VALIDATION_MESSAGES } from '../fields';
import { safeString } from '../primitives';
import { staffMemberRoleSchema } from './staff';

/** The staff console's sign-in, identity and sign-out (POST /staff/login, GET /staff/me, POST /staff/logout). */

export const staffUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: staffMemberRoleSchema,
  /** A teacher's login: the teacher profile it works as (ADR 048); absent for other roles. */
  teacher_id: z.number().int().optional(),
  /** With it: whether the admin lets this teacher set prices. */
  may_set_prices: z.boolean().optional(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffLoginBodySchema = z.object({
  email: emailSchema,
  password: safeString(VALIDATION_MESSAGES.fieldsRequired)
    .min(1, { error: VALIDATION_MESSAGES.fieldsRequired })
    .max(128, { error: VALIDATION_MESSAGES.tooLong }),
});
export const staffLoginResponseSchema = z.object({
  data: z.object({ token: z.string(), user: staffUserSchema }),
});
export const staffMeResponseSchema = z.object({ data: staffUserSchema });
export const staffLogoutResponseSchema = z.object({ data: z.object({ message: z.string() }) });
