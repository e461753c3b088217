import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  type StaffListQuery,
  type StaffVideo,
  type staffVideoCreateSchema,
  type staffVideoListQuerySchema,
  type staffVideoUpdateSchema,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import { auditedRows, change, conflict, type Actor, type Db } from '../../db/audited-change';
import { bool, defined, flagOf, viewedRows } from '../../db/list-page';
import type { VideosTable } from '../../db/schema';
import type { Storage } from '../../storage';
import { lectureExists, nextPosition } from '../lectures/lecture-admin';
import { queueTranscodeAgain, removeLadder, removeStaleLadders, RETRY_TEXT } from './transcode';
import { ladderOf } from './ladder';
import type { TeacherScope } from '../../db/teacher-scope';

// ---------------------------------------------------------------------------------------------
// A lecture's videos as the staff console reads and writes them (their files arrive by
// resumable upload, videos/video-upload.ts).

type VideoRow = Selectable<VideosTable>;

function videoView(r: VideoRow): StaffVideo {
  return {
    id: r.id,
    lecture_id: r.lecture_id,
    name: r.name,
    position: r.position,
    views_limit: r.views_limit,
    hide_attendance_chips: bool(r.hide_attendance_chips),
    attendance_required: bool(r.attendance_required),
    attendance_chip_text: r.attendance_chip_text,
    has_file: r.source_path !== null,
    duration_seconds: r.duration_seconds,
    transcode: transcodeView(r),
  };
}

const TRANSCODE_STATES = ['none', 'waiting', 'running', 'ready', 'failed'] as const;

/** The ladder's job as the console shows it; a ladder of a replaced file is not `ready`. */
function transcodeView(r: VideoRow): StaffVideo['transcode'] {
  const ladder = ladderOf(r);
  const state = TRANSCODE_STATES.find((s) => s === r.transcode_state) ?? 'none';
  return {
    state: r.source_path === null ? 'none' : state === 'ready' && !ladder ? 'waiting' : state,
    progress: r.transcode_progress,
    error: r.transcode_error,
    renditions: ladder ? ladder.meta.renditions.map((x) => x.height) : [],
  };
}

const videoItems = viewedRows('videos', (_db, rows) => rows.map(videoView));

export const getVideo = videoItems.get;

export async function listVideos(
  db: Db,
  query: StaffListQuery & z.output<typeof staffVideoListQuerySchema>,
  teacher: TeacherScope = null,
) {
  return videoItems.list(db, query, {
    scope: { resource: 'video', teacher },
    search: ['name'],
    equal: ['lecture_id'],
    sortable: ['id', 'name', 'position'],
    fallback: 'position',
  });
}

type VideoFields = z.output<typeof staffVideoUpdateSchema>;

function videoColumns(body: VideoFields) {
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : flagOf(v));
  return defined({
    name: body.name,
    position: body.position,
    views_limit: body.views_limit,
    hide_attendance_chips: flag(body.hide_attendance_chips),
    attendance_required: flag(body.attendance_required),
    attendance_chip_text: body.attendance_chip_text,
  });
}

const videoRows = auditedRows('videos', 'videos', getVideo);

export function createVideo(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffVideoCreateSchema>,
): Promise<StaffVideo> {
  return videoRows.create(db, actor, async (trx) => {
    await lectureExists(trx, body.lecture_id);
    return {
      source_path: null,
      license_url: null,
      duration_seconds: null,
      views_limit: null,
      hide_attendance_chips: 0,
      attendance_required: 0,
      attendance_chip_text: null,
      ...videoColumns(body),
      position: body.position ?? (await nextPosition(trx, 'videos', body.lecture_id)),
      lecture_id: body.lecture_id,
      name: body.name,
    };
  });
}

export function updateVideo(db: Db, actor: Actor, id: number, body: VideoFields) {
  return videoRows.update(db, actor, id, () => videoColumns(body));
}

/** Sets the uploaded file of a video (a key of private storage). */
export function setVideoFile(
  db: Db,
  actor: Actor,
  id: number,
  key: string,
  /** Read from the file's movie header; null when it has none (the old length is dropped). */
  durationSeconds: number | null,
): Promise<void> {
  return videoRows.upload(db, actor, id, { source_path: key, duration_seconds: durationSeconds });
}

/** The states of a ladder whose job is queued or running. */
const UNDER_WAY = ['waiting', 'running'];

/**
 * Staff ask again for the HLS ladder of a video's file (ADR 055), when its job failed: the
 * job queued again (the upload's key, so it runs once), the state back to waiting and its
 * error cleared, audited as `transcode`, in one transaction. 404 for no video; 409 with the
 * reason when it has no file, its ladder is ready, a job of it is still waiting or running,
 * or transcoding is off on this server.
 */
export async function retryVideoTranscode(
  ctx: Pick<AppContext, 'db' | 'config' | 'jobs'>,
  actor: Actor,
  id: number,
): Promise<StaffVideo> {
  const what = { resource: 'videos', action: 'transcode', id };
  const { after } = await change(ctx.db, actor, what, getVideo, async (trx) => {
    const row = await trx
      .selectFrom('videos')
      .select(['source_path', 'duration_seconds', 'hls_source', 'hls_prefix'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const source = row.source_path;
    if (source === null) throw conflict(RETRY_TEXT.noFile);
    if (row.hls_source === source && row.hls_prefix !== null) throw conflict(RETRY_TEXT.ready);
    if (!ctx.config.video.transcode) throw conflict(RETRY_TEXT.off);
    // Not while a job of it is waiting or running (read and written at once: of two staff
    // members asking together, the second finds it waiting already).
    const waiting = await trx
      .updateTable('videos')
      .set({ transcode_state: 'waiting', transcode_progress: 0, transcode_error: null })
      .where('id', '=', id)
      .where('source_path', '=', source)
      .where('transcode_state', 'not in', UNDER_WAY)
      .executeTakeFirst();
    if (Number(waiting.numUpdatedRows) !== 1) throw conflict(RETRY_TEXT.underWay);
    // A job of this file still kept waiting or running (its state said otherwise): not twice.
    const queued = await queueTranscodeAgain(ctx, trx, id, source, row.duration_seconds);
    if (queued === null) throw conflict(RETRY_TEXT.underWay);
    return id;
  });
  return after!;
}

export async function deleteVideo(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: number,
): Promise<void> {
  const row = await db
    .selectFrom('videos')
    .select(['source_path', 'hls_prefix'])
    .where('id', '=', id)
    .executeTakeFirst();
  await videoRows.remove(db, actor, id);
  // Only files the staff API uploaded; the seed's shared sample stays.
  if (row?.source_path?.startsWith('videos/')) await storage.remove('private', row.source_path);
  // Its HLS ladders (ADR 055): the published one unless another video plays it (the demo's
  // videos share one), its own folder's but those another video plays.
  if (row?.hls_prefix) {
    const shared = await db
      .selectFrom('videos')
      .select('id')
      .where('hls_prefix', '=', row.hls_prefix)
      .executeTakeFirst();
    if (!shared) await removeLadder(storage, row.hls_prefix);
  }
  await removeStaleLadders(db, storage, id, null);
}
