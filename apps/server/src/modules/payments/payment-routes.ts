import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';

/** The gateway orders and the providers' callbacks (issue 10). */
export const paymentRoutes =
  (_ctx: AppContext): FastifyPluginAsync =>
  async () => {};
