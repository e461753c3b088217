import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { API_BASE, endpoints, idParamsSchema, videoTokenQuerySchema } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { NATIVE_APP_ORIGINS } from '../../plugins/cors';
import type { ZodTypeProvider } from '../../plugins/zod';
import { serve } from '../../plugins/endpoint';
import { sendFile } from '../../lib/send-file';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { HLS_SCRIPT_PATH, PLAYER_SCRIPT_HASH, PLAYER_STYLE_HASH, playerPage } from './player-page';
import { countView, openVideo, playerFor, videoFileFor, watermarkOf } from './video-service';
import {
  hlsKeyFor,
  ladderImageFor,
  masterPlaylistFor,
  playerLadder,
  segmentKeyFor,
  variantPlaylistFor,
} from './hls-service';
import { queueMissingLadders, registerTranscodeJobs } from './transcode';
import { ladderOf } from './ladder';

/** Who may frame the player page besides the site itself: the native apps (ADR 021), CORS_ORIGINS. */
export function playerFrameOrigins(extraOrigins: readonly string[]): string[] {
  return [...NATIVE_APP_ORIGINS, ...extraOrigins];
}

/**
 * The player page's policy. It is framed by the web site (same origin) and by the native apps,
 * whose pages come from their own origins (ADR 021), and by the other origins CORS_ORIGINS lets
 * call the API; nothing else may frame it. Its one script and one style block are allowed by
 * their hashes: no other inline code runs, no base or form can be planted.
 * @example playerCsp([]) // "…; frame-ancestors 'self' capacitor://localhost https://localhost"
 */
export function playerCsp(
  extraOrigins: readonly string[],
  origin?: string,
  segmentOrigin?: string,
): string {
  const ancestors = ["'self'", ...playerFrameOrigins(extraOrigins)].join(' ');
  // hls.js (ADR 055): its one file, from our path only; it feeds the video from blob: urls
  // (Media Source) and may transmux in a worker made from a blob.
  const hlsScript = origin ? ` ${origin}${path.posix.dirname(HLS_SCRIPT_PATH)}/` : '';
  return [
    "default-src 'self'",
    `script-src ${PLAYER_SCRIPT_HASH}${hlsScript}`,
    `style-src ${PLAYER_STYLE_HASH}`,
    "media-src 'self' blob:",
    // With S3_PRESIGNED_SEGMENTS, hls.js follows each segment call's redirect to the bucket.
    ...(segmentOrigin ? [`connect-src 'self' ${segmentOrigin}`] : []),
    'worker-src blob:',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** How long a segment's link to the bucket works: hls.js asks for it at once. */
export const SEGMENT_LINK_SECONDS = 300;

/**
 * S3_PRESIGNED_SEGMENTS (ADR 055): the signer of segment links to the bucket, when switched on
 * with S3 storage; a segment call that passes its checks sends the player there.
 */
function bucketSegmentLink(ctx: AppContext) {
  return ctx.config.storage.kind === 's3' && ctx.config.storage.presignedSegments
    ? ctx.storage.signedUrl
    : undefined;
}

const bucketOrigins = new WeakMap<object, Promise<string>>();
/**
 * The origin the segments' links point at (the SDK's to decide: path or host style, the
 * endpoint), which the player page's policy lets hls.js reach; read once from a signed link.
 */
function segmentOrigin(ctx: AppContext): Promise<string | undefined> {
  const link = bucketSegmentLink(ctx);
  if (!link) return Promise.resolve(undefined);
  let origin = bucketOrigins.get(ctx.storage);
  if (!origin) {
    origin = link('private', 'hls/origin', { expiresInSeconds: 60 }).then(
      (url) => new URL(url).origin,
    );
    // Signing needs the credentials, which the SDK may still be fetching: a failure is asked
    // again by the next page, not kept.
    origin.catch(() => bucketOrigins.delete(ctx.storage));
    bucketOrigins.set(ctx.storage, origin);
  }
  return origin;
}

export const videoRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    registerTranscodeJobs(ctx);
    if (ctx.config.jobs.worker && ctx.config.video.transcode)
      app.addHook('onReady', async () => {
        const queued = await queueMissingLadders(ctx);
        if (queued) app.log.info({ videos: queued }, 'videos without an HLS ladder queued');
      });
    // Where to play. The view itself is counted when playback starts.
    serve(app, endpoints.getVideo, async (request) => {
      // The link is bound to the sign-in asking for it (ADR 051).
      const { user, tokenId } = await request.requireSession();
      return openVideo(
        ctx,
        user,
        request.params.id,
        `${request.protocol}://${request.host}`,
        tokenId,
      );
    });

    // The player page calls this once when playback has started; the same opening never
    // counts twice. It answers the views left, which the page passes on to the app.
    serve(app, endpoints.countVideoView, async (request) => countView(ctx, request.body.vt));

    const bucketLink = bucketSegmentLink(ctx);

    // The HLS ladder (ADR 055): playlists, segments, the key and pictures, each by its token.
    const m3u8 = (reply: FastifyReply, text: string) =>
      reply
        .type('application/vnd.apple.mpegurl')
        .header('cache-control', 'private, no-store')
        .send(text);
    serve(app, endpoints.hlsMaster, async (request, reply) =>
      m3u8(reply, await masterPlaylistFor(ctx, request.params.id, request.query.vt)),
    );
    serve(app, endpoints.hlsVariant, async (request, reply) =>
      m3u8(
        reply,
        await variantPlaylistFor(ctx, request.params.id, request.params.variant, request.query.vt),
      ),
    );
    serve(app, endpoints.hlsSegment, async (request, reply) => {
      const { id, variant, segment } = request.params;
      const key = await segmentKeyFor(ctx, id, variant, segment, request.query.st);
      // Encrypted and never changed under its name: the browser may keep it for the opening.
      const cacheControl = 'private, max-age=14400, immutable';
      if (bucketLink) {
        // The same checks, then the bytes come from the bucket, not through this server.
        const url = await bucketLink('private', key, {
          expiresInSeconds: SEGMENT_LINK_SECONDS,
          contentType: 'video/mp2t',
          cacheControl,
        });
        return reply.header('cache-control', 'private, no-store').redirect(url, 302);
      }
      return sendFile(request, reply, ctx.storage, key, { type: 'video/mp2t', cacheControl });
    });
    serve(app, endpoints.hlsKey, async (request, reply) =>
      reply
        .type('application/octet-stream')
        .header('cache-control', 'private, no-store')
        .send(await hlsKeyFor(ctx, request.params.id, request.query.vt)),
    );
    serve(app, endpoints.hlsImage, async (request, reply) => {
      const { id, image } = request.params;
      const key = await ladderImageFor(ctx, id, image, request.query.vt);
      return sendFile(request, reply, ctx.storage, key, {
        type: 'image/jpeg',
        cacheControl: 'private, max-age=14400',
      });
    });

    serve(app, endpoints.streamVideo, async (request, reply) =>
      sendFile(
        request,
        reply,
        ctx.storage,
        await videoFileFor(ctx, request.params.id, request.query.vt),
        { type: 'video/mp4' },
      ),
    );
  };

/**
 * hls.js's light build and its brotli and gzip copies, made on the first request and kept for
 * the process: brotli's best level takes about half a second, which every start of the app
 * (each test server among them) paid when it was done at registration.
 */
let hlsCopies: { file: Buffer; brotli: Buffer; gzip: Buffer } | null = null;
function hlsScript() {
  if (!hlsCopies) {
    const file = fs.readFileSync(
      createRequire(import.meta.url).resolve('hls.js/dist/hls.light.min.js'),
    );
    hlsCopies = {
      file,
      brotli: zlib.brotliCompressSync(file),
      gzip: zlib.gzipSync(file, { level: 9 }),
    };
  }
  return hlsCopies;
}

/** The player page lives outside /api so the frame's url reads like a page. */
export const playerRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const frameOrigins = playerFrameOrigins(ctx.config.corsOrigins);
    const r = app.withTypeProvider<ZodTypeProvider>();
    // hls.js for the player page, from the npm package (ADR 055), compressed on first use.
    r.get(HLS_SCRIPT_PATH, async (request, reply) => {
      const { file: hlsFile, brotli: hlsBrotli, gzip: hlsGzip } = hlsScript();
      const accepts = String(request.headers['accept-encoding'] ?? '');
      const [body, encoding] = /\bbr\b/.test(accepts)
        ? [hlsBrotli, 'br']
        : /\bgzip\b/.test(accepts)
          ? [hlsGzip, 'gzip']
          : [hlsFile, null];
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .type('text/javascript; charset=utf-8')
        .header('vary', 'accept-encoding')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(body);
    });
    r.get(
      '/player/:id',
      { schema: { params: idParamsSchema, querystring: videoTokenQuerySchema } },
      async (request, reply) => {
        const { video, user, resumeAt } = await playerFor(ctx, request.params.id, request.query.vt);
        const vt = encodeURIComponent(request.query.vt!);
        const ladder = playerLadder(video.id, ladderOf(video), request.query.vt!);
        return (
          reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .header(
              'content-security-policy',
              playerCsp(
                ctx.config.corsOrigins,
                ladder ? `${request.protocol}://${request.host}` : undefined,
                ladder ? await segmentOrigin(ctx) : undefined,
              ),
            )
            // frame-ancestors says who may frame it; X-Frame-Options (same origin) would refuse the apps.
            .removeHeader('x-frame-options')
            .send(
              playerPage({
                title: video.name,
                videoId: video.id,
                streamUrl: `${API_BASE}/video/stream/${video.id}?vt=${vt}`,
                viewUrl: `${API_BASE}/video/views`,
                progressUrl: `${API_BASE}/video/progress`,
                token: request.query.vt!,
                ladder,
                resumeAt,
                watermark: await watermarkOf(ctx, user),
                frameOrigins,
              }),
            )
        );
      },
    );
  };
