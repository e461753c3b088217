import type { z } from 'zod';
import { videoDataSchema } from '../entities/video-data';

/** GET /video/apps/{video id} → `{ u, lc, watermark_id }`; counts a view on the server. */
export const getVideoResponseSchema = videoDataSchema;
export type GetVideoResponse = z.infer<typeof getVideoResponseSchema>;
