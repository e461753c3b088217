import { z } from 'zod';
import { emailSchema, VALIDATION_MESSAGES } from '../fields';
import { safeString } from '../primitives';
import { staffListQuery, staffRoleSchema, staffText } from './staff';

/** Staff accounts: admins and leaders (admins only). */

export const staffAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: staffRoleSchema,
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountCreateSchema = z.object({
  name: staffText(150),
  email: emailSchema,
  phone: safeString(VALIDATION_MESSAGES.phone)
    .trim()
    .regex(/^01[0125]\d{8}$/, { error: VALIDATION_MESSAGES.phone }),
  role: staffRoleSchema,
  password: safeString(VALIDATION_MESSAGES.passwordMin)
    .min(8, { error: VALIDATION_MESSAGES.passwordMin })
    .max(128, { error: VALIDATION_MESSAGES.tooLong }),
});
export const staffAccountUpdateSchema = staffAccountCreateSchema.partial();
export const staffAccountListQuerySchema = staffListQuery({
  role: staffRoleSchema.optional().catch(undefined),
});
