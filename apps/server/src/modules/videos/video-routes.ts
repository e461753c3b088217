import type { FastifyPluginAsync } from 'fastify';
import { API_BASE, endpoints, idParamsSchema, videoTokenQuerySchema } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { NATIVE_APP_ORIGINS } from '../../plugins/cors';
import type { ZodTypeProvider } from '../../plugins/zod';
import { serve } from '../../plugins/endpoint';
import { sendFile } from '../../lib/send-file';
import { PLAYER_SCRIPT_HASH, PLAYER_STYLE_HASH, playerPage } from './player-page';
import { countView, openVideo, playerFor, videoFileFor, watermarkOf } from './video-service';

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
export function playerCsp(extraOrigins: readonly string[]): string {
  const ancestors = ["'self'", ...playerFrameOrigins(extraOrigins)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${PLAYER_SCRIPT_HASH}`,
    `style-src ${PLAYER_STYLE_HASH}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

export const videoRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
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

/** The player page lives outside /api so the frame's url reads like a page. */
export const playerRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const csp = playerCsp(ctx.config.corsOrigins);
    const frameOrigins = playerFrameOrigins(ctx.config.corsOrigins);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/player/:id',
      { schema: { params: idParamsSchema, querystring: videoTokenQuerySchema } },
      async (request, reply) => {
        const { video, user } = await playerFor(ctx, request.params.id, request.query.vt);
        const vt = encodeURIComponent(request.query.vt!);
        return (
          reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .header('content-security-policy', csp)
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
                watermark: await watermarkOf(ctx, user),
                frameOrigins,
              }),
            )
        );
      },
    );
  };
