import { z } from 'zod';
import { videoDataSchema } from '../entities/video-data';

/** GET /video/apps/{video id} → `{ u, lc, watermark_id }`; counts a view on the server. */
export const getVideoResponseSchema = videoDataSchema;
export type GetVideoResponse = z.infer<typeof getVideoResponseSchema>;

/** The signed token of a player opening, as the player page and the stream receive it. */
const videoTokenSchema = z.string().max(1000);

/** GET /video/stream/{id}?vt=…: the video, by range requests. */
export const videoTokenQuerySchema = z.object({ vt: videoTokenSchema.optional() });

/** POST /video/views `{ vt }`: counts the opening's view once. */
export const countVideoViewBodySchema = z.object({ vt: videoTokenSchema });
export const countVideoViewResponseSchema = z.object({
  /** False when this opening was already counted. */
  counted: z.boolean(),
});
