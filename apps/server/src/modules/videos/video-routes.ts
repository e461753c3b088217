import type { FastifyPluginAsync } from 'fastify';
import { API_BASE, endpoints, idParamsSchema, videoTokenQuerySchema } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { NATIVE_APP_ORIGINS } from '../../plugins/cors';
import type { ZodTypeProvider } from '../../plugins/zod';
import { serve } from '../../plugins/endpoint';
import { sendFile } from '../../lib/send-file';
import { playerPage } from './player-page';
import { countView, openVideo, playerFor, videoFileFor } from './video-service';

/**
 * The player page's policy. It is framed by the web site (same origin) and by the native apps,
 * whose pages come from their own origins (ADR 021), and by the other origins CORS_ORIGINS lets
 * call the API; nothing else may frame it.
 * @example playerCsp([]) // "…; frame-ancestors 'self' capacitor://localhost https://localhost"
 */
export function playerCsp(extraOrigins: readonly string[]): string {
  const ancestors = ["'self'", ...NATIVE_APP_ORIGINS, ...extraOrigins].join(' ');
  return `default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; media-src 'self'; frame-ancestors ${ancestors}`;
}

export const videoRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // Where to play. The view itself is counted when playback starts.
    serve(app, endpoints.getVideo, async (request) =>
      openVideo(
        ctx,
        await request.requireUser(),
        request.params.id,
        `${request.protocol}://${request.host}`,
      ),
    );

    // The player page calls this once when playback starts; the same opening never counts twice.
    serve(app, endpoints.countVideoView, async (request) => ({
      counted: await countView(ctx, request.body.vt),
    }));

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
                streamUrl: `${API_BASE}/video/stream/${video.id}?vt=${vt}`,
                viewUrl: `${API_BASE}/video/views`,
                token: request.query.vt!,
                watermark: `${user.id} · ${user.phone}`,
              }),
            )
        );
      },
    );
  };
