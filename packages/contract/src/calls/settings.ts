import { z } from '../zod';
import { appSettingsSchema } from '../entities/settings';

/** GET /app → `{ data: AppSettings }` */
export const getAppResponseSchema = z.object({ data: appSettingsSchema });
export type GetAppResponse = z.infer<typeof getAppResponseSchema>;
