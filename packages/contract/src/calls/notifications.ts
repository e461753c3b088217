import { z } from '../zod';
import { safeString } from '../primitives';
import { messageResponseSchema } from './message';

/**
 * POST /notifications/create (body not shown in the spec): registers the device's push
 * token, so a native app receives the same notifications as push messages. The platform is
 * read from the App-Platform header.
 */
export const registerPushDeviceBodySchema = z.object({
  device_token: safeString().trim().min(1).max(4096),
});
export type RegisterPushDeviceBody = z.infer<typeof registerPushDeviceBodySchema>;

/** → `{ message }`; registering the same token again is harmless. */
export const registerPushDeviceResponseSchema = messageResponseSchema;
export type RegisterPushDeviceResponse = z.infer<typeof registerPushDeviceResponseSchema>;

/**
 * POST /notifications/read (no body) marks every notification read → `{ notifications_count: 0 }`,
 * the new unread count the badge shows.
 */
export const markNotificationsReadResponseSchema = z.object({
  notifications_count: z.literal(0),
});
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponseSchema>;
