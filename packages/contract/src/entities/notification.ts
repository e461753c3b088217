import { z } from '../zod';
import { isoDateTimeSchema } from '../datetime';
import { internalRouteSchema } from '../internal-route';

export const NOTIFICATION_DATA_TYPES = [
  'ticket_reply',
  'admin_message',
  'recharge',
  'transfer_balance_sent',
  'transfer_balance_received',
  'default',
] as const;
/** An unknown kind from a newer server reads as 'default' rather than failing the user load. */
export const notificationDataTypeSchema = z.enum(NOTIFICATION_DATA_TYPES).catch('default');
export type NotificationDataType = z.infer<typeof notificationDataTypeSchema>;

/** The server `type` of the legacy "e-mail verified" notification (spec §3). */
export const VERIFIED_NOTIFICATION_TYPE = 'verified';

export const notificationDataSchema = z.object({
  type: notificationDataTypeSchema,
  title: z.string(),
  content: z.string(),
  to: internalRouteSchema,
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

/** A notification of the signed-in user (spec §3). `type` is the server's kind of record. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: notificationDataSchema,
  read: z.boolean(),
  created_at: isoDateTimeSchema,
});
export type Notification = z.infer<typeof notificationSchema>;
