import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import type { Job, JobDb, JobOptions } from '../../lib/jobs';
import { isLocalStorage, type Storage } from '../../storage';
import { ffmpegBinary, probe, run } from './ffmpeg';
import {
  imagesArgs,
  ladderArgs,
  rungsFor,
  THUMB_COLUMNS,
  thumbInterval,
  type LadderMeta,
} from './ladder';
import { ladderFiles, type RungFigures } from './transcode-files';

// A video's HLS ladder is made by a job on the durable queue (ADR 053, ADR 055): queued when
// its file arrives (and, at start, for every video without one), run by one worker of one
// instance, retried after a failure, taken over by another worker when its lease runs out (a
// worker killed mid-run). The ladder is written under a folder of its own run and published by
// one update naming it, so a half-made ladder is never played; the MP4 plays until then.

export const TRANSCODE_JOB = 'video.transcode';

type TranscodeData = { videoId: number; source: string };

/** What the console shows of a job, in Arabic. */
export const TRANSCODE_TEXT = {
  noFfmpeg: 'برنامج تحويل الفيديو غير موجود على الخادم؛ يُعرض الفيديو كما رُفع',
  notVideo: 'تعذّر قراءة الفيديو: الملف لا يحوي صورة، أو هو تالف. ارفعه مرة أخرى',
  failed: 'تعذّر تحويل الفيديو إلى جودات متعددة؛ يُعرض كما رُفع. أعد المحاولة، أو ارفع الملف مرة أخرى',
  retrying: 'تعثّر التحويل وستُعاد المحاولة تلقائيًا بعد قليل',
} as const;

/** Why staff cannot ask for a video's ladder again (409), in Arabic. */
export const RETRY_TEXT = {
  noFile: 'لم يُرفع ملف لهذا الفيديو بعد؛ ارفع الملف أولًا',
  ready: 'هذا الفيديو محوَّل بالفعل إلى جودات متعددة، فلا حاجة إلى إعادة المحاولة',
  underWay: 'تحويل هذا الفيديو جارٍ أو بانتظار دوره؛ انتظر حتى ينتهي',
  off: 'تحويل الفيديوهات إلى جودات متعددة متوقف على هذا الخادم',
} as const;

/**
 * The run's lease: the configured least, plus three times the video's length (a slow machine
 * transcodes at about realtime; docs/benchmarks.md).
 * @example leaseSeconds(1800, 3600) // 12600
 */
export function leaseSeconds(least: number, durationSeconds: number | null): number {
  return least + Math.ceil(3 * (durationSeconds ?? 3600));
}

/**
 * Queues the ladder of a video's file (nothing when transcoding is off). A second request for
 * the same file is not queued again while the first is kept.
 * @example await requestTranscode(ctx, 7, 'videos/7-ab.mp4', 600)
 */
export async function requestTranscode(
  ctx: AppContext,
  videoId: number,
  source: string,
  durationSeconds: number | null,
  options: { sweep?: boolean; trx?: JobDb } = {},
): Promise<void> {
  if (!ctx.config.video.transcode) return;
  const db = options.trx ?? ctx.db;
  // Waiting. The start-up sweep leaves a run under way as it is (another instance's, or a
  // killed one's until its lease runs out): the file it asks for is the one being run.
  let waiting = db
    .updateTable('videos')
    .set({ transcode_state: 'waiting', transcode_progress: 0, transcode_error: null })
    .where('id', '=', videoId)
    .where('source_path', '=', source);
  if (options.sweep) waiting = waiting.where('transcode_state', '!=', 'running');
  await waiting.execute();
  await ctx.jobs.enqueue<TranscodeData>(
    TRANSCODE_JOB,
    { videoId, source },
    transcodeJobOptions(ctx, videoId, source, durationSeconds),
    options.trx,
  );
}

/** The job of one file: one key per video and file, so it is queued (and run) once. */
function transcodeJobOptions(
  ctx: Pick<AppContext, 'config'>,
  videoId: number,
  source: string,
  durationSeconds: number | null,
): JobOptions {
  return {
    singletonKey: `${videoId}:${source}`,
    retryLimit: 2,
    backoffSeconds: 30,
    expireInSeconds: leaseSeconds(ctx.config.video.leaseSeconds, durationSeconds),
  };
}

/**
 * Queues the ladder of a video's file again when staff ask (its job failed, or it was never
 * made): the upload's own key, in `trx` with the change that asked for it. The file's finished
 * job is replaced; while one is still waiting or running nothing is queued and the answer is
 * null, so a file is never transcoded twice at once.
 * @example await queueTranscodeAgain(ctx, trx, 7, 'videos/7-ab.mp4', 600) // '12'
 */
export function queueTranscodeAgain(
  ctx: Pick<AppContext, 'config' | 'jobs'>,
  trx: JobDb,
  videoId: number,
  source: string,
  durationSeconds: number | null,
): Promise<string | null> {
  return ctx.jobs.enqueue<TranscodeData>(
    TRANSCODE_JOB,
    { videoId, source },
    { ...transcodeJobOptions(ctx, videoId, source, durationSeconds), replaceFinished: true },
    trx,
  );
}

/**
 * Queues a ladder for every video whose file has none (at start: files from before ladders
 * existed, the demo's, a job lost with its database's backup); failed ones wait for staff
 * (who retry from the console, `retryVideoTranscode`, or upload the file again).
 */
export async function queueMissingLadders(ctx: AppContext): Promise<number> {
  if (!ctx.config.video.transcode) return 0;
  const rows = await ctx.db
    .selectFrom('videos')
    .select(['id', 'source_path', 'duration_seconds'])
    .where('source_path', 'is not', null)
    .where('transcode_state', '!=', 'failed')
    .where((eb) =>
      eb.or([eb('hls_source', 'is', null), eb('hls_source', '!=', eb.ref('source_path'))]),
    )
    .orderBy('id')
    .execute();
  for (const row of rows)
    await requestTranscode(ctx, row.id, row.source_path!, row.duration_seconds, { sweep: true });
  return rows.length;
}

async function setState(
  ctx: AppContext,
  data: TranscodeData,
  state: { transcode_state: string; transcode_progress?: number; transcode_error?: string | null },
) {
  await ctx.db
    .updateTable('videos')
    .set(state)
    .where('id', '=', data.videoId)
    .where('source_path', '=', data.source)
    .execute();
}

/** The file as a path ffmpeg can read: the data folder's own, or a copy from the bucket. */
async function localInput(ctx: AppContext, source: string, work: string): Promise<string> {
  if (isLocalStorage(ctx.storage)) return path.join(ctx.storage.root('private'), source);
  const stream = await ctx.storage.read('private', source);
  if (!stream) throw new Error(`no stored file ${source}`);
  const file = path.join(work, 'source.mp4');
  await pipeline(stream, fs.createWriteStream(file));
  return file;
}

/** Removes every file of a ladder folder. */
export async function removeLadder(storage: Storage, prefix: string): Promise<void> {
  const keys: string[] = [];
  for await (const object of storage.list('private', `${prefix}/`)) keys.push(object.key);
  for (const key of keys) await storage.remove('private', key);
}

/**
 * Removes a video's ladder folders other than `keep` that no video plays (older files'
 * ladders, and what a killed run left half-written).
 */
export async function removeStaleLadders(
  db: Kysely<DB>,
  storage: Storage,
  videoId: number,
  keep: string | null,
): Promise<void> {
  const folders = new Set<string>();
  for await (const object of storage.list('private', `hls/${videoId}/`)) {
    const run = object.key.split('/').slice(0, 3).join('/');
    if (run !== keep) folders.add(run);
  }
  for (const folder of folders) {
    const used = await db
      .selectFrom('videos')
      .select('id')
      .where('hls_prefix', '=', folder)
      .executeTakeFirst();
    if (!used) await removeLadder(storage, folder);
  }
}

/** Names the ladder as the video's, if its file is still the one it was made from. */
async function publish(
  ctx: AppContext,
  data: TranscodeData,
  ladder: { prefix: string; key: string; meta: string },
): Promise<boolean> {
  const done = await ctx.db
    .updateTable('videos')
    .set({
      hls_source: data.source,
      hls_prefix: ladder.prefix,
      hls_key: ladder.key,
      hls_meta: ladder.meta,
      transcode_state: 'ready',
      transcode_progress: 100,
      transcode_error: null,
    })
    .where('id', '=', data.videoId)
    .where('source_path', '=', data.source)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Runs ffmpeg for the ladder; tests wrap it to count the runs. */
export type Transcoder = (input: {
  ffmpeg: string;
  file: string;
  outDir: string;
  onProgress: (fraction: number) => void;
}) => Promise<{
  rungs: ReturnType<typeof rungsFor>;
  source: { width: number; height: number };
  duration: number;
  interval: number;
} | null>;

/** ffmpeg's two runs: the ladder (90 % of the progress), then the poster and thumbnails. */
export const ffmpegTranscoder: Transcoder = async ({ ffmpeg, file, outDir, onProgress }) => {
  const probed = await probe(ffmpeg, file);
  if (!probed) return null;
  const shortSide = Math.min(probed.width, probed.height);
  const portrait = probed.height > probed.width;
  const rungs = rungsFor(shortSide);
  await run(
    ffmpeg,
    ladderArgs({ input: file, outDir, rungs, portrait, hasAudio: probed.hasAudio }),
    {
      onProgress: (seconds) => onProgress(Math.min(1, seconds / probed.durationSeconds) * 0.9),
    },
  );
  const interval = thumbInterval(probed.durationSeconds);
  await run(
    ffmpeg,
    imagesArgs({
      input: file,
      outDir,
      durationSeconds: probed.durationSeconds,
      posterHeight: Math.min(720, shortSide),
      portrait,
      interval,
    }),
  );
  onProgress(0.95);
  return { rungs, source: probed, duration: probed.durationSeconds, interval };
};

/** The job: the ladder of one video's file. */
export async function transcodeVideo(
  ctx: AppContext,
  job: Job<TranscodeData>,
  transcoder: Transcoder = ffmpegTranscoder,
): Promise<void> {
  const data = job.data;
  const video = await ctx.db
    .selectFrom('videos')
    .select(['source_path', 'hls_source', 'hls_prefix'])
    .where('id', '=', data.videoId)
    .executeTakeFirst();
  // Removed, or its file replaced since: the newer file has a job of its own.
  if (!video || video.source_path !== data.source) return;
  if (video.hls_source === data.source && video.hls_prefix) {
    await setState(ctx, data, {
      transcode_state: 'ready',
      transcode_progress: 100,
      transcode_error: null,
    });
    return;
  }
  // The same file under another video (the demo's one sample clip): its ladder serves both.
  const twin = await ctx.db
    .selectFrom('videos')
    .select(['hls_prefix', 'hls_key', 'hls_meta'])
    .where('hls_source', '=', data.source)
    .where('hls_prefix', 'is not', null)
    .where('id', '!=', data.videoId)
    .executeTakeFirst();
  if (twin?.hls_prefix && twin.hls_key && twin.hls_meta) {
    await publish(ctx, data, { prefix: twin.hls_prefix, key: twin.hls_key, meta: twin.hls_meta });
    return;
  }
  const ffmpeg = ffmpegBinary(ctx.config.video.ffmpegPath);
  if (!ffmpeg) {
    ctx.log?.warn({ videoId: data.videoId }, 'no ffmpeg: the video plays as uploaded');
    await setState(ctx, data, {
      transcode_state: 'failed',
      transcode_error: TRANSCODE_TEXT.noFfmpeg,
    });
    return;
  }
  await setState(ctx, data, {
    transcode_state: 'running',
    transcode_progress: 0,
    transcode_error: null,
  });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `dars-transcode-${data.videoId}-`));
  let shown = 0;
  let shownAt = 0;
  let writing = Promise.resolve();
  const onProgress = (fraction: number) => {
    const percent = Math.floor(fraction * 100);
    if (percent <= shown || Date.now() - shownAt < 2_000) return;
    shown = percent;
    shownAt = Date.now();
    writing = writing
      .then(() => setState(ctx, data, { transcode_state: 'running', transcode_progress: percent }))
      .catch(() => {});
  };
  const prefix = `hls/${data.videoId}/${randomBytes(6).toString('hex')}`;
  let written = false;
  try {
    const input = await localInput(ctx, data.source, work);
    const out = path.join(work, 'out');
    fs.mkdirSync(out);
    const made = await transcoder({ ffmpeg, file: input, outDir: out, onProgress });
    await writing;
    if (!made) {
      await setState(ctx, data, {
        transcode_state: 'failed',
        transcode_error: TRANSCODE_TEXT.notVideo,
      });
      return;
    }
    const key = randomBytes(16);
    const figures: RungFigures[] = [];
    written = true;
    for (const file of ladderFiles(out, made.rungs, key, made.source, figures)) {
      await ctx.storage.write('private', `${prefix}/${file.name}`, file.body, {
        contentType: file.contentType,
      });
    }
    const count = Math.min(
      THUMB_COLUMNS * THUMB_COLUMNS,
      Math.floor(made.duration / made.interval) + 1,
    );
    const meta: LadderMeta = {
      renditions: figures.map((f) => ({ name: f.name, height: f.height, bandwidth: f.bandwidth })),
      duration: made.duration,
      poster: 'poster.jpg',
      thumbs: {
        file: 'thumbs.jpg',
        interval: made.interval,
        count,
        columns: THUMB_COLUMNS,
        rows: THUMB_COLUMNS,
      },
    };
    if (
      !(await publish(ctx, data, { prefix, key: key.toString('hex'), meta: JSON.stringify(meta) }))
    ) {
      await removeLadder(ctx.storage, prefix);
      return;
    }
    ctx.log?.info(
      { videoId: data.videoId, prefix, renditions: meta.renditions.map((r) => r.height) },
      'video ladder published',
    );
    await removeStaleLadders(ctx.db, ctx.storage, data.videoId, prefix);
  } catch (err) {
    await writing;
    if (written) await removeLadder(ctx.storage, prefix).catch(() => {});
    const last = job.attempt >= job.lastAttempt;
    ctx.log?.error({ err, videoId: data.videoId, attempt: job.attempt }, 'transcoding failed');
    await setState(ctx, data, {
      transcode_state: last ? 'failed' : 'waiting',
      transcode_error: last ? TRANSCODE_TEXT.failed : TRANSCODE_TEXT.retrying,
    });
    throw err;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Registers the job's worker; the app's start queues what is missing. */
export function registerTranscodeJobs(ctx: AppContext, transcoder?: Transcoder): void {
  ctx.jobs.work<TranscodeData>(TRANSCODE_JOB, (job) => transcodeVideo(ctx, job, transcoder));
}
