import { z } from '../zod';

/**
 * Where to play a video (spec §3). `u` and `lc` are AES-256-GCM encrypted under the key the
 * client build carries (ADR 000: Video url encryption), each as base64url of iv (12 bytes)
 * ‖ ciphertext ‖ tag (16 bytes). This only hides urls from casual copying; the url itself holds a
 * short-lived token bound to the student and the video.
 */
export const videoDataSchema = z.object({
  /** Encrypted player url. */
  u: z.string().min(1),
  /** Encrypted DRM license url; absent or null for a video without DRM. */
  lc: z.string().nullish(),
  /**
   * Ours (ADR 055): the encrypted address of the video's HLS master playlist, when its ladder
   * is ready; the native player plays it (its key comes from our key call the playlist names).
   * The web plays `u`, the player page, which plays the same ladder.
   */
  hls: z.string().nullish(),
  /** Drawn over the video so a leaked recording points at its viewer. */
  watermark_id: z.string(),
});
export type VideoData = z.infer<typeof videoDataSchema>;
