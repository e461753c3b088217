import { z } from '../zod';
import { staffListQuery } from './staff';
import { staffFilterId as filterId } from './staff-fields';

/** The audit log of staff changes (admins only). */

export const staffAuditEntrySchema = z.object({
  id: z.number().int(),
  staff_user_id: z.number().int().nullable(),
  staff_user_name: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  /** The record's name now, or as last audited once it is deleted; null when it has none. */
  resource_name: z.string().nullable(),
  /** The record is still there (the console links to it). */
  resource_exists: z.boolean(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;
export const staffAuditListQuerySchema = staffListQuery({
  staff_user_id: filterId(),
  resource: z
    .string()
    .regex(/^[a-z_-]{1,40}$/)
    .optional()
    .catch(undefined),
  action: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional()
    .catch(undefined),
  from: z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)))
    .transform((v) => new Date(v).toISOString())
    .optional()
    .catch(undefined),
  to: z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)))
    .transform((v) => new Date(v).toISOString())
    .optional()
    .catch(undefined),
});
