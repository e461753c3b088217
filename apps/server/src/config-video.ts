import { z } from 'zod';

// The videos' HLS ladders (ADR 055): whether this server makes them, with which ffmpeg, and
// how long a transcoding run may hold its job before another worker takes it over.

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The video variables, spread into config.ts's schema. */
export const videoEnv = {
  /**
   * `on` (default): an uploaded video is transcoded into an HLS ladder, and at start the videos
   * that have none are queued; `off`: videos play as uploaded (MP4), nothing is queued.
   */
  VIDEO_TRANSCODE: z.preprocess(
    emptyAsUndefined,
    z.enum(['on', 'off'], { error: 'VIDEO_TRANSCODE must be on or off' }).default('on'),
  ),
  /** The ffmpeg to run; by default Debian's (/usr/bin/ffmpeg), else the one npm installed. */
  FFMPEG_PATH: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /**
   * The least lease of a transcoding run, in seconds (a run's lease is this plus three times
   * the video's length): a worker killed mid-run leaves its job to another after it.
   */
  TRANSCODE_LEASE_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(5).max(86_400).default(1_800),
  ),
};

type VideoEnv = z.output<z.ZodObject<typeof videoEnv>>;

export type VideoConfig = {
  transcode: boolean;
  ffmpegPath: string | undefined;
  leaseSeconds: number;
};

export function readVideoConfig(e: VideoEnv): VideoConfig {
  return {
    transcode: e.VIDEO_TRANSCODE === 'on',
    ffmpegPath: e.FFMPEG_PATH,
    leaseSeconds: e.TRANSCODE_LEASE_SECONDS,
  };
}
