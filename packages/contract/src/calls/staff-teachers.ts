import { z } from '../zod';
import { VALIDATION_MESSAGES } from '../fields';
import { safeString } from '../primitives';
import { staffInt, staffListQuery, staffOptionalText, staffText, staffUrl } from './staff';
import { staffFlag } from './staff-fields';

/** Teachers: their profile, links and pictures (uploaded on their own). */

export const TEACHER_LINK_FIELDS = [
  'whatsapp_url',
  'facebook_url',
  'messenger_url',
  'twitter_url',
  'youtube_url',
  'telegram_url',
] as const;

export const staffTeacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bio: z.string().nullable(),
  avatar_url: z.string().nullable(),
  banner_url: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  whatsapp_url: z.string().nullable(),
  facebook_url: z.string().nullable(),
  messenger_url: z.string().nullable(),
  twitter_url: z.string().nullable(),
  youtube_url: z.string().nullable(),
  telegram_url: z.string().nullable(),
  courses_count: z.number().int(),
  created_at: z.string(),
  /** Their share of their courses' sales, whole percent (ADR 048); the admin's to set. */
  revenue_share_percent: z.number().int(),
  /** Whether their teacher login may set prices (ADR 048); the admin's to set. */
  may_set_prices: z.boolean(),
});
export type StaffTeacher = z.infer<typeof staffTeacherSchema>;
export const staffTeacherCreateSchema = z.object({
  name: staffText(150),
  bio: staffOptionalText(5000).optional(),
  phone: staffOptionalText(30).optional(),
  email: safeString()
    .trim()
    .max(254)
    .nullable()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
      error: VALIDATION_MESSAGES.email,
    })
    .optional(),
  whatsapp_url: staffUrl.optional(),
  facebook_url: staffUrl.optional(),
  messenger_url: staffUrl.optional(),
  twitter_url: staffUrl.optional(),
  youtube_url: staffUrl.optional(),
  telegram_url: staffUrl.optional(),
  revenue_share_percent: staffInt(0, 100).optional(),
  may_set_prices: staffFlag.optional(),
});
export const staffTeacherUpdateSchema = staffTeacherCreateSchema.partial();
export const staffTeacherListQuerySchema = staffListQuery({});
