import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { API_BASE, endpoints, idParamsSchema, videoTokenQuerySchema } from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { ZodTypeProvider } from '../../plugins/zod';
import { serve } from '../../plugins/endpoint';
import { AppError } from '../../lib/app-error';
import { sendFile } from '../../lib/send-file';
import { signToken, verifyToken } from '../../lib/signed-token';
import { nowIso } from '../../lib/time';
import { sha256 } from '../../lib/tokens';
import { hasMandatoryExams, lectureAccess } from '../lectures/lecture-access';
import { countViews } from './video-views';
import { encryptVideoUrl } from './video-url';
import { playerPage } from './player-page';

/** Long enough for a lecture with pauses and seeking; a new opening gets a new token. */
export const VIDEO_TOKEN_TTL_MS = 4 * 60 * 60_000;
const NO_VIEWS_LEFT = 'لقد استنفدت عدد مرات المشاهدة المسموح بها لهذا الفيديو';

type VideoToken = { u: number; v: number; exp: number };

function readVideoToken(secret: Buffer, token: string | undefined, videoId: number): VideoToken {
  const payload = token ? verifyToken(secret, token) : null;
  if (!payload || payload.v !== videoId || typeof payload.u !== 'number') {
    throw new AppError('FORBIDDEN', 'انتهت صلاحية رابط الفيديو، افتحه مرة أخرى من المحاضرة');
  }
  return payload as unknown as VideoToken;
}

/**
 * A player or stream token outlives neither the lecture's expiry nor the purchase: every page
 * and range request re-checks that the student still has the lecture (views are counted once,
 * when playback starts, in assertViewable).
 */
async function assertStillEntitled(ctx: AppContext, userId: number, lectureId: number) {
  const access = await lectureAccess(ctx.db, lectureId, userId);
  if (!access.hasAccess)
    throw new AppError(
      'FORBIDDEN',
      access.expired ? 'انتهت صلاحية المحاضرة' : 'اشترِ المحاضرة أولاً لمشاهدة الفيديو',
    );
  return access;
}

/** Checks everything that decides whether the student may watch now; answers the views left. */
async function assertViewable(ctx: AppContext, userId: number, videoId: number) {
  const video = await ctx.db
    .selectFrom('videos')
    .selectAll()
    .where('id', '=', videoId)
    .executeTakeFirst();
  if (!video || !video.source_path) throw new AppError('NOT_FOUND', 'الفيديو غير موجود');
  const access = await assertStillEntitled(ctx, userId, video.lecture_id);
  if (await hasMandatoryExams(ctx.db, video.lecture_id))
    throw new AppError('FORBIDDEN', 'لا يمكنك مشاهدة الفيديو قبل حل الامتحان المطلوب');
  const counted =
    (await countViews(ctx.db, userId, video.lecture_id, access.since)).get(video.id) ?? 0;
  if (video.views_limit !== null && counted >= video.views_limit)
    throw new AppError('FORBIDDEN', NO_VIEWS_LEFT);
  return { video, access };
}

export const videoRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { db, secret } = ctx;
    const privateRoot = path.join(ctx.config.dataDir, 'storage', 'private');

    // GET /video/apps/{id}: where to play. The view itself is counted when playback starts.
    serve(app, endpoints.getVideo, async (request) => {
      const user = await request.requireUser();
      const { video } = await assertViewable(ctx, user.id, request.params.id);
      const token = signToken(
        secret,
        { u: user.id, v: video.id, n: sha256(`${Math.random()}${Date.now()}`).slice(0, 12) },
        VIDEO_TOKEN_TTL_MS,
      );
      const origin = `${request.protocol}://${request.host}`;
      return {
        u: encryptVideoUrl(`${origin}/player/${video.id}?vt=${token}`),
        lc: video.license_url
          ? encryptVideoUrl(
              `${video.license_url}${video.license_url.includes('?') ? '&' : '?'}vt=${token}`,
            )
          : null,
        watermark_id: `${user.id} · ${user.phone}`,
      };
    });

    // The player page calls this once when playback starts; the same opening never counts twice.
    serve(app, endpoints.countVideoView, async (request) => {
      const payload = verifyToken(secret, request.body.vt);
      if (!payload || typeof payload.u !== 'number' || typeof payload.v !== 'number')
        throw new AppError('FORBIDDEN', 'انتهت صلاحية رابط الفيديو، افتحه مرة أخرى من المحاضرة');
      const tokenHash = sha256(request.body.vt);
      const already = await db
        .selectFrom('video_views')
        .select('id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (already) return { counted: false };
      const { video } = await assertViewable(ctx, payload.u, payload.v);
      const inserted = await db
        .insertInto('video_views')
        .values({
          user_id: payload.u,
          video_id: video.id,
          lecture_id: video.lecture_id,
          token_hash: tokenHash,
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.column('token_hash').doNothing())
        .executeTakeFirst();
      return { counted: Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 };
    });

    serve(app, endpoints.streamVideo, async (request, reply) => {
      const token = readVideoToken(secret, request.query.vt, request.params.id);
      const video = await db
        .selectFrom('videos')
        .select(['source_path', 'lecture_id'])
        .where('id', '=', token.v)
        .executeTakeFirst();
      if (!video?.source_path) throw new AppError('NOT_FOUND', 'الفيديو غير موجود');
      await assertStillEntitled(ctx, token.u, video.lecture_id);
      return sendFile(request, reply, path.join(privateRoot, video.source_path), {
        type: 'video/mp4',
      });
    });
  };

/** The player page lives outside /api so the frame's url reads like a page. */
export const playerRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/player/:id',
      { schema: { params: idParamsSchema, querystring: videoTokenQuerySchema } },
      async (request, reply) => {
        const token = readVideoToken(ctx.secret, request.query.vt, request.params.id);
        const [video, user] = await Promise.all([
          ctx.db
            .selectFrom('videos')
            .select(['id', 'name', 'lecture_id'])
            .where('id', '=', token.v)
            .executeTakeFirst(),
          ctx.db
            .selectFrom('users')
            .select(['id', 'phone'])
            .where('id', '=', token.u)
            .executeTakeFirst(),
        ]);
        if (!video || !user) throw new AppError('NOT_FOUND', 'الفيديو غير موجود');
        await assertStillEntitled(ctx, user.id, video.lecture_id);
        const vt = encodeURIComponent(request.query.vt!);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header(
            'content-security-policy',
            "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; media-src 'self'; frame-ancestors 'self'",
          )
          .send(
            playerPage({
              title: video.name,
              streamUrl: `${API_BASE}/video/stream/${video.id}?vt=${vt}`,
              viewUrl: `${API_BASE}/video/views`,
              token: request.query.vt!,
              watermark: `${user.id} · ${user.phone}`,
            }),
          );
      },
    );
  };
