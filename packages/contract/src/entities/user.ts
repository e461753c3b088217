import { z } from '../zod';
import { isoDateTimeSchema } from '../datetime';
import { moneySchema } from '../money';
import { notificationSchema } from './notification';
import { gradeSchema } from './settings';

/** groupId values with a name; they gate nothing in the student client (ADR 000: Roles). */
export const USER_GROUPS = { admin: 1, leader: 2 } as const;

/** The signed-in student (spec §3). */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  avatar: z.string().nullable(),
  grade: gradeSchema.nullable(),
  /** 1 admin, 2 leader, null for a student. */
  groupId: z.number().int().nullable(),
  /** Wallet balance in pounds. */
  balance: moneySchema,
  /** The most recent notifications, newest first; the bell shows them 10 at a time. */
  notifications: z.array(notificationSchema),
  /** Unread notifications. */
  notifications_count: z.number().int().nonnegative(),
  /** Null while the e-mail is unconfirmed. */
  email_verified_at: isoDateTimeSchema.nullable(),
  profile_not_completed: z.boolean(),
  /** Ids of the courses the student joined or bought. */
  my_courses: z.array(z.number().int()),
  /** Data encoded in the profile QR code; the dialog is offered only when present. */
  profile_qr_code: z.string().nullable(),
  /** The centre shown under the QR code. */
  center_name: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
