import { z } from '../zod';
import { VIDEO_VIEW_MESSAGE_TYPE } from '../constants';
import { videoDataSchema } from '../entities/video-data';
import { idParamsSchema } from './courses';

/** GET /video/apps/{video id} → `{ u, lc, watermark_id }`; the view is counted at POST /video/views. */
export const getVideoResponseSchema = videoDataSchema;
export type GetVideoResponse = z.infer<typeof getVideoResponseSchema>;

/** The signed token of a player opening, as the player page and the stream receive it. */
export const videoTokenSchema = z.string().max(1000);

/** GET /video/stream/{id}?vt=…: the video, by range requests. */
export const videoTokenQuerySchema = z.object({ vt: videoTokenSchema.optional() });

/** A rendition of a video's HLS ladder (ADR 055): `v0` the lowest. */
export const hlsVariantParamsSchema = idParamsSchema.extend({
  variant: z.string().regex(/^v\d{1,2}$/),
});

/** A segment of a rendition, by the signed token its playlist gave (`st`). */
export const hlsSegmentParamsSchema = hlsVariantParamsSchema.extend({
  segment: z.string().regex(/^s\d{5}\.ts$/),
});
export const hlsSegmentQuerySchema = z.object({ st: videoTokenSchema.optional() });

/** The ladder's still pictures: the poster and the seek thumbnails' sprite. */
export const hlsImageParamsSchema = idParamsSchema.extend({
  image: z.enum(['poster.jpg', 'thumbs.jpg']),
});

/** A video's views for the student after a view call: the figures the clients show at once. */
const viewFiguresSchema = z.object({
  /** Null means no view limit. */
  views_limit: z.number().int().positive().nullable(),
  /** Views counted since the student's access began, this one included. */
  counted_views: z.number().int().nonnegative(),
  /** views_limit − counted_views, never below 0; null without a limit. */
  remaining_views: z.number().int().nonnegative().nullable(),
});
export type VideoViewFigures = z.infer<typeof viewFiguresSchema>;

/**
 * POST /video/views `{ vt }`: counts the opening's view once, when playback has started, and
 * answers the video's views after it.
 */
export const countVideoViewBodySchema = z.object({ vt: videoTokenSchema });
export const countVideoViewResponseSchema = viewFiguresSchema.extend({
  /** False when this opening was already counted. */
  counted: z.boolean(),
});
export type CountVideoViewResponse = z.infer<typeof countVideoViewResponseSchema>;

/**
 * What the player page posts to its parent once the server has counted the view, so the
 * student app shows the remaining views at once. The parent takes it only from the server's
 * origin and from its own player frame.
 */
export const videoViewMessageSchema = countVideoViewResponseSchema.extend({
  type: z.literal(VIDEO_VIEW_MESSAGE_TYPE),
  video_id: z.number().int().positive(),
});
export type VideoViewMessage = z.infer<typeof videoViewMessageSchema>;
