import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE } from '@dars/contract';
import type { AppContext } from './app-context';
import { registerAuth } from './plugins/auth';
import { registerClientHeaders } from './plugins/client-headers';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSpa } from './plugins/spa';
import { useZodCompilers } from './plugins/zod';
import { courseRoutes } from './modules/courses/course-routes';
import { settingsRoutes } from './modules/settings/settings-routes';

/**
 * Builds the whole server (used by main.ts and by tests through `app.inject`).
 * Order: framework setup, our plugins, then the API routes and the SPA.
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: ctx.config.logLevel === 'silent' ? false : { level: ctx.config.logLevel },
    trustProxy: ctx.config.trustProxy,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  });

  useZodCompilers(app);
  registerErrorHandler(app);
  registerClientHeaders(app);
  registerAuth(app, ctx.db);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
  });

  await app.register(
    async (api) => {
      await api.register(settingsRoutes(ctx));
      await api.register(courseRoutes(ctx));
    },
    { prefix: API_BASE },
  );

  await registerSpa(app, ctx.config.webDist, path.join(ctx.config.dataDir, 'storage', 'public'));
  return app;
}
