// The HLS ladder a video is cut into (ADR 055): which renditions, at what bitrates, and the
// ffmpeg arguments that make them in one run. Pure functions, tested on their own.

/** One rendition: its picture's short side and its bitrates. */
export type Rung = { height: number; videoKbps: number; audioKbps: number };

/**
 * The renditions offered, from a weak phone network up. Lectures are mostly a teacher and a
 * board: these bitrates are below what films need (Apple's authoring guide starts 416×234 at
 * 145 kbit/s and puts 640×360 at 365 and 768×432 at 730); 240p fits a 2G-like link.
 */
export const LADDER: readonly Rung[] = [
  { height: 240, videoKbps: 250, audioKbps: 48 },
  { height: 360, videoKbps: 500, audioKbps: 64 },
  { height: 480, videoKbps: 900, audioKbps: 96 },
  { height: 720, videoKbps: 1_800, audioKbps: 128 },
];

/** Segment length in seconds: short, so a quality switch and a seek fetch little. */
export const SEGMENT_SECONDS = 4;

/** Seek thumbnails: at most this many, in one sprite of THUMB_COLUMNS × THUMB_COLUMNS tiles. */
export const THUMB_COLUMNS = 10;
export const THUMB_WIDTH = 160;

/**
 * The rungs for a picture whose short side is `shortSide`: never above it (no upscaling). A
 * picture smaller than the first rung gets one rendition at its own size.
 * @example rungsFor(360).map((r) => r.height) // [240, 360]
 * @example rungsFor(1080).map((r) => r.height) // [240, 360, 480, 720]
 * @example rungsFor(200).map((r) => r.height) // [200]
 */
export function rungsFor(shortSide: number): Rung[] {
  const fit = LADDER.filter((r) => r.height <= shortSide);
  if (fit.length) return fit;
  const even = Math.max(2, shortSide - (shortSide % 2));
  return [{ ...LADDER[0]!, height: even }];
}

/**
 * Seconds between seek thumbnails: one every 5 s, fewer on a long video so that at most
 * THUMB_COLUMNS² fit one sprite.
 * @example thumbInterval(20) // 5
 * @example thumbInterval(3600) // 37
 */
export function thumbInterval(durationSeconds: number): number {
  return Math.max(5, Math.ceil(durationSeconds / (THUMB_COLUMNS * THUMB_COLUMNS - 1)));
}

/**
 * The picture size of a rung (ffmpeg's `scale=-2:h`: the other side keeps the aspect ratio,
 * rounded to an even number).
 * @example rungSize({ width: 1280, height: 720 }, 360) // { width: 640, height: 360 }
 * @example rungSize({ width: 640, height: 360 }, 240) // { width: 426, height: 240 }
 * @example rungSize({ width: 720, height: 1280 }, 360) // { width: 360, height: 640 }
 */
export function rungSize(
  source: { width: number; height: number },
  shortSide: number,
): { width: number; height: number } {
  // As ffmpeg's `-2`: the exact size rounded, then down to an even number.
  const even = (n: number) => Math.max(2, Math.floor(Math.round(n) / 2) * 2);
  return source.height > source.width
    ? { width: shortSide, height: even((shortSide * source.height) / source.width) }
    : { width: even((shortSide * source.width) / source.height), height: shortSide };
}

/** What the player needs to know of a published ladder (stored as `videos.hls_meta`). */
export type LadderMeta = {
  renditions: { name: string; height: number; bandwidth: number }[];
  duration: number;
  poster: string;
  thumbs: { file: string; interval: number; count: number; columns: number; rows: number };
};

/**
 * ffmpeg's arguments for the whole ladder in one run: the picture split and scaled per rung
 * (by its short side, so a portrait clip keeps its orientation), the sound normalised once
 * (EBU R128, -16 LUFS as spoken-word platforms use) and given to each rung, H.264 main with a
 * key frame every segment, AAC, MPEG-TS segments and a playlist per rung in `v<i>/`. The
 * segments are encrypted and the master playlist written afterwards, in Node
 * (transcode-files.ts): ffmpeg 4.1 (the npm build) crashes writing either with several rungs.
 */
export function ladderArgs(options: {
  input: string;
  outDir: string;
  rungs: readonly Rung[];
  portrait: boolean;
  hasAudio: boolean;
}): string[] {
  const { input, outDir, rungs, portrait, hasAudio } = options;
  const n = rungs.length;
  const scale = (h: number) => (portrait ? `scale=${h}:-2` : `scale=-2:${h}`);
  const graph = [
    `[0:v]split=${n}${rungs.map((_, i) => `[s${i}]`).join('')}`,
    ...rungs.map((r, i) => `[s${i}]${scale(r.height)}[v${i}]`),
  ];
  if (hasAudio) {
    graph.push(
      `[0:a]loudnorm=I=-16:TP=-1.5:LRA=11,aresample=48000,aformat=channel_layouts=stereo,asplit=${n}${rungs.map((_, i) => `[a${i}]`).join('')}`,
    );
  }
  const args = ['-y', '-hide_banner', '-i', input, '-filter_complex', graph.join(';')];
  rungs.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (hasAudio) args.push('-map', `[a${i}]`);
    args.push(
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.1)}k`,
      `-bufsize:v:${i}`,
      `${r.videoKbps * 2}k`,
    );
    if (hasAudio) args.push(`-b:a:${i}`, `${r.audioKbps}k`);
  });
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-sc_threshold',
    '0',
  );
  if (hasAudio) args.push('-c:a', 'aac');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    `${outDir}/v%v/s%05d.ts`,
    '-var_stream_map',
    rungs.map((_, i) => (hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' '),
    `${outDir}/v%v/index.m3u8`,
  );
  return args;
}

/**
 * ffmpeg's arguments for the poster (a frame a tenth of the way in, at most 5 s) and the seek
 * thumbnails' sprite (one frame every `interval` seconds, THUMB_WIDTH wide, in a grid).
 */
export function imagesArgs(options: {
  input: string;
  outDir: string;
  durationSeconds: number;
  posterHeight: number;
  portrait: boolean;
  interval: number;
}): string[] {
  const { input, outDir, durationSeconds, posterHeight, portrait, interval } = options;
  const at = Math.min(5, durationSeconds / 10).toFixed(2);
  const poster = portrait ? `scale=${posterHeight}:-2` : `scale=-2:${posterHeight}`;
  return [
    '-y',
    '-hide_banner',
    '-ss',
    at,
    '-i',
    input,
    '-i',
    input,
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    '-vf',
    poster,
    '-q:v',
    '4',
    `${outDir}/poster.jpg`,
    '-map',
    '1:v:0',
    '-vf',
    `fps=1/${interval},scale=${THUMB_WIDTH}:-2,tile=${THUMB_COLUMNS}x${THUMB_COLUMNS}`,
    '-frames:v',
    '1',
    '-q:v',
    '6',
    `${outDir}/thumbs.jpg`,
  ];
}

type LadderColumns = {
  source_path: string | null;
  hls_source: string | null;
  hls_prefix: string | null;
  hls_key: string | null;
  hls_meta: string | null;
};

export type Ladder = { prefix: string; key: Buffer; meta: LadderMeta };

/**
 * The video's ladder, when one is published for its current file (a ladder of a file since
 * replaced is never played).
 */
export function ladderOf(video: LadderColumns): Ladder | null {
  if (!video.source_path || video.hls_source !== video.source_path) return null;
  if (!video.hls_prefix || !video.hls_key || !video.hls_meta) return null;
  return {
    prefix: video.hls_prefix,
    key: Buffer.from(video.hls_key, 'hex'),
    meta: JSON.parse(video.hls_meta) as LadderMeta,
  };
}
