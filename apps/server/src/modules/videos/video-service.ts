import {
  API_BASE,
  type CountVideoViewResponse,
  type GetVideoResponse,
  type VideoViewFigures,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { signToken, verifyToken } from '../../lib/signed-token';
import { sessionCutoffs } from '../../lib/session-lifetime';
import { nowIso } from '../../lib/time';
import { sha256 } from '../../lib/tokens';
import { examsHoldVideos, lectureAccess } from '../lectures/lecture-access';
import { countViews } from '../lectures/lecture-views';
import { schoolName } from '../settings/settings-service';
import { lockStudent } from '../wallet/ledger';
import { encryptVideoUrl } from './video-url';
import { ladderOf } from './ladder';

/** Long enough for a lecture with pauses and seeking; a new opening gets a new token. */
export const VIDEO_TOKEN_TTL_MS = 4 * 60 * 60_000;
const NO_VIEWS_LEFT = 'لقد استنفدت عدد مرات المشاهدة المسموح بها لهذا الفيديو';
const LINK_EXPIRED = 'انتهت صلاحية رابط الفيديو، افتحه مرة أخرى من المحاضرة';
const NO_VIDEO = 'الفيديو غير موجود';
const SIGNED_OUT =
  'سُجّل الخروج من الجهاز الذي فُتح منه هذا الفيديو؛ سجّل الدخول وافتحه مرة أخرى من المحاضرة';

/** `s`: the sign-in (auth token id) that asked for the link (ADR 051). */
export type VideoToken = { u: number; v: number; s?: number; exp: number };

/** The student and video a player token names; 403 when forged, expired or for another video. */
export function readVideoToken(
  secret: Buffer,
  token: string | undefined,
  videoId: number,
): VideoToken {
  const payload = token ? verifyToken(secret, token) : null;
  if (!payload || payload.v !== videoId || typeof payload.u !== 'number') {
    throw new AppError('FORBIDDEN', LINK_EXPIRED);
  }
  return payload as unknown as VideoToken;
}

/**
 * A video link works while the sign-in that asked for it lasts (ADR 051): signed out on that
 * device (by the student, from another device's list, or by staff), or idle or too old, its
 * page, stream and view count answer 403. One primary-key read per page or range request. A
 * link signed before sessions were named in it (no `s`) lives out its four hours.
 */
export async function assertSignedIn(ctx: AppContext, token: { u: number; s?: unknown }) {
  if (token.s === undefined) return;
  const cutoff = sessionCutoffs(ctx.clock.now());
  const session =
    typeof token.s === 'number'
      ? await ctx.db
          .selectFrom('auth_tokens')
          .select('id')
          .where('id', '=', token.s)
          .where('user_id', '=', token.u)
          .where('created_at', '>', cutoff.created)
          .where('last_used_at', '>', cutoff.used)
          .executeTakeFirst()
      : undefined;
  if (!session) throw new AppError('FORBIDDEN', SIGNED_OUT);
}

/**
 * A player or stream token outlives neither the lecture's expiry nor the purchase: every page
 * and range request re-checks that the student still has the lecture (views are counted once,
 * when playback starts, in assertViewable).
 */
export async function assertStillEntitled(ctx: AppContext, userId: number, lectureId: number) {
  const access = await lectureAccess(ctx.db, lectureId, userId);
  if (!access.hasAccess)
    throw new AppError(
      'FORBIDDEN',
      access.expired ? 'انتهت صلاحية المحاضرة' : 'اشترِ المحاضرة أولاً لمشاهدة الفيديو',
    );
  return access;
}

/**
 * The video's views for the student since their access began, as the view call answers them.
 * @example viewFigures(3, 1) // { views_limit: 3, counted_views: 1, remaining_views: 2 }
 */
export function viewFigures(viewsLimit: number | null, counted: number): VideoViewFigures {
  return {
    views_limit: viewsLimit,
    counted_views: counted,
    remaining_views: viewsLimit === null ? null : Math.max(0, viewsLimit - counted),
  };
}

/** The views the student has had of the video since `since` (their access start). */
export async function viewsSince(
  ctx: AppContext,
  userId: number,
  video: { id: number; lecture_id: number },
  since: string | null,
): Promise<number> {
  return (await countViews(ctx.db, userId, video.lecture_id, since)).get(video.id) ?? 0;
}

/** Checks everything that decides whether the student may watch now. */
async function assertViewable(ctx: AppContext, userId: number, videoId: number) {
  const video = await ctx.db
    .selectFrom('videos')
    .selectAll()
    .where('id', '=', videoId)
    .executeTakeFirst();
  if (!video || !video.source_path) throw new AppError('NOT_FOUND', NO_VIDEO);
  const access = await assertStillEntitled(ctx, userId, video.lecture_id);
  if (await examsHoldVideos(ctx.db, video.lecture_id, userId))
    throw new AppError('FORBIDDEN', 'لا يمكنك مشاهدة الفيديو قبل حل الامتحان المطلوب');
  const counted = await viewsSince(ctx, userId, video, access.since);
  if (video.views_limit !== null && counted >= video.views_limit)
    throw new AppError('FORBIDDEN', NO_VIEWS_LEFT);
  return { video, access };
}

/**
 * GET /video/apps/{id}: where to play, for a student who may watch now. The url holds a
 * signed token bound to the student and the video; the view is counted when playback starts.
 * @example const { u } = await openVideo(ctx, user, 7, 'https://dars.example')
 */
export async function openVideo(
  ctx: AppContext,
  user: { id: number; phone: string },
  videoId: number,
  origin: string,
  /** The sign-in asking: the link dies with it (ADR 051). */
  tokenId: number,
): Promise<GetVideoResponse> {
  const { video } = await assertViewable(ctx, user.id, videoId);
  const token = signToken(
    ctx.secret,
    {
      u: user.id,
      v: video.id,
      s: tokenId,
      n: sha256(`${Math.random()}${Date.now()}`).slice(0, 12),
    },
    VIDEO_TOKEN_TTL_MS,
  );
  const ladder = ladderOf(video);
  return {
    u: encryptVideoUrl(`${origin}/player/${video.id}?vt=${token}`),
    hls: ladder
      ? encryptVideoUrl(
          `${origin}${API_BASE}/video/hls/${video.id}/master.m3u8?vt=${encodeURIComponent(token)}`,
        )
      : null,
    lc: video.license_url
      ? encryptVideoUrl(
          `${video.license_url}${video.license_url.includes('?') ? '&' : '?'}vt=${token}`,
        )
      : null,
    watermark_id: await watermarkOf(ctx, user),
  };
}

/**
 * The text drawn over a student's video: the school's name (ADR 049), then who is watching
 * (their number and phone), so a recording leads back to them and to the school it was taken
 * from.
 * @example await watermarkOf(ctx, user) // 'سنتر النخبة · 42 · 01012345678'
 */
export async function watermarkOf(
  ctx: AppContext,
  user: { id: number; phone: string },
): Promise<string> {
  return `${await schoolName(ctx.db)} · ${user.id} · ${user.phone}`;
}

/**
 * The student and video of a player token the page calls with (the view count, its progress
 * reports, ADR 054): 403 when forged or expired, or when the sign-in it was opened from has
 * ended (ADR 051). A signature check and one primary-key read.
 * @example const { u, v } = await livePlayerToken(ctx, request.body.vt)
 */
export async function livePlayerToken(ctx: AppContext, vt: string): Promise<VideoToken> {
  const payload = verifyToken(ctx.secret, vt);
  if (!payload || typeof payload.u !== 'number' || typeof payload.v !== 'number')
    throw new AppError('FORBIDDEN', LINK_EXPIRED);
  await assertSignedIn(ctx, { u: payload.u, s: payload.s });
  return payload as unknown as VideoToken;
}

/**
 * Counts the view of one player opening once, when playback has started, and answers the
 * video's views after it; `counted` is false when this opening was already counted (its
 * figures are still answered, even with no view left: it is the view already spent).
 */
export async function countView(ctx: AppContext, vt: string): Promise<CountVideoViewResponse> {
  const payload = await livePlayerToken(ctx, vt);
  const userId = payload.u;
  const videoId = payload.v;
  const tokenHash = sha256(vt);
  const already = await ctx.db
    .selectFrom('video_views')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (already) {
    const video = await ctx.db
      .selectFrom('videos')
      .select(['id', 'lecture_id', 'views_limit'])
      .where('id', '=', payload.v)
      .executeTakeFirst();
    if (!video) throw new AppError('NOT_FOUND', NO_VIDEO);
    const access = await assertStillEntitled(ctx, userId, video.lecture_id);
    const counted = await viewsSince(ctx, userId, video, access.since);
    return { counted: false, ...viewFigures(video.views_limit, counted) };
  }
  // The check and the count are one step per student: two players opened with one view left
  // and started together used to be counted both (each checked before the other inserted).
  // The student's row lock orders them on PostgreSQL; SQLite runs one writer at a time.
  return ctx.db.transaction().execute(async (trx) => {
    await lockStudent(trx, userId);
    const inTrx = { ...ctx, db: trx };
    const { video, access } = await assertViewable(inTrx, userId, videoId);
    const inserted = await trx
      .insertInto('video_views')
      .values({
        user_id: userId,
        video_id: video.id,
        lecture_id: video.lecture_id,
        token_hash: tokenHash,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .executeTakeFirst();
    const counted = await viewsSince(inTrx, userId, video, access.since);
    return {
      counted: Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1,
      ...viewFigures(video.views_limit, counted),
    };
  });
}

/** The private storage key of a video, for a live player token whose student still has the lecture. */
export async function videoFileFor(
  ctx: AppContext,
  videoId: number,
  vt: string | undefined,
): Promise<string> {
  const token = readVideoToken(ctx.secret, vt, videoId);
  await assertSignedIn(ctx, token);
  const video = await ctx.db
    .selectFrom('videos')
    .select(['source_path', 'lecture_id'])
    .where('id', '=', token.v)
    .executeTakeFirst();
  if (!video?.source_path) throw new AppError('NOT_FOUND', NO_VIDEO);
  await assertStillEntitled(ctx, token.u, video.lecture_id);
  return video.source_path;
}

/** What the player page shows, for a live token whose student still has the lecture. */
export async function playerFor(ctx: AppContext, videoId: number, vt: string | undefined) {
  const token = readVideoToken(ctx.secret, vt, videoId);
  await assertSignedIn(ctx, token);
  const [video, user, progress] = await Promise.all([
    ctx.db
      .selectFrom('videos')
      .select([
        'id',
        'name',
        'lecture_id',
        'source_path',
        'duration_seconds',
        'hls_source',
        'hls_prefix',
        'hls_key',
        'hls_meta',
      ])
      .where('id', '=', token.v)
      .executeTakeFirst(),
    ctx.db.selectFrom('users').select(['id', 'phone']).where('id', '=', token.u).executeTakeFirst(),
    ctx.db
      .selectFrom('video_progress')
      .select('position_seconds')
      .where('user_id', '=', token.u)
      .where('video_id', '=', token.v)
      .executeTakeFirst(),
  ]);
  if (!video || !user) throw new AppError('NOT_FOUND', NO_VIDEO);
  await assertStillEntitled(ctx, user.id, video.lecture_id);
  return {
    video,
    user,
    resumeAt: resumePosition(progress?.position_seconds, video.duration_seconds),
  };
}

/**
 * Where a new opening starts: where the student last stopped, on any device (ADR 054's
 * reports), unless that was the first seconds or the last ten (then from the start).
 * @example resumePosition(300, 600) // 300
 * @example resumePosition(595, 600) // 0
 */
export function resumePosition(position: number | undefined, duration: number | null): number {
  if (!position || position < 5) return 0;
  if (duration !== null && position > duration - 10) return 0;
  return position;
}
