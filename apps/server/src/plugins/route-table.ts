import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as `METHOD /url` (HEAD routes Fastify adds left out). */
    routeTable: readonly string[];
  }
}

/**
 * Records the routes the server serves, so a test can hold them against the contract's
 * `endpoints` both ways. Call before any route is registered.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table: string[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push(`${method} ${route.url}`);
    }
  });
}
