import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../app-context';
import { messageFor } from '../lib/app-error';

// Operations (ADR 024): /healthz, /readyz, /metrics and request ids. None of them is under
// /api: they are for the load balancer and the monitoring, not for clients.

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes /readyz answer 503 from now on, so the load balancer stops sending (SIGTERM). */
    drain(): void;
  }
}

/** The routes this plugin serves, outside /api. */
export const OPERATIONS_ROUTES = ['GET /healthz', 'GET /readyz', 'GET /metrics'];

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id a request is logged with: the proxy's `X-Request-Id` (nginx's $request_id) when it
 * looks like one, so the two logs join; a new UUID otherwise. Given to Fastify as genReqId.
 */
export function requestIdOf(request: { headers: Record<string, unknown> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Runs `work` but gives up after `ms`, so a hung dependency cannot hang the probe. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Registers the probes and, with METRICS_TOKEN, the Prometheus metrics: requests by route
 * (the route's pattern, never the raw url) and status, their duration, PostgreSQL's pool use,
 * running exam sessions and the process's own figures.
 */
export function registerOperations(app: FastifyInstance, ctx: AppContext): void {
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const checks: Record<string, string> = {};
    const run = async (name: string, work: () => Promise<unknown>) => {
      try {
        await within(2_000, work());
        checks[name] = 'ok';
      } catch (error) {
        checks[name] = error instanceof Error ? error.message.slice(0, 200) : 'failed';
      }
    };
    await Promise.all([
      run('database', () => sql`select 1`.execute(ctx.db)),
      run('storage', () => ctx.storage.check()),
    ]);
    if (draining) checks.shutdown = 'draining';
    const ready = !draining && Object.values(checks).every((v) => v === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });

  const token = ctx.config.operations.metricsToken;
  if (!token) {
    // Off: a plain 404, not the web app's page.
    app.get('/metrics', async (_request, reply) =>
      reply.code(404).send({ message: messageFor('NOT_FOUND'), code: 'NOT_FOUND' }),
    );
    return;
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const poolStats = ctx.poolStats;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool of this instance: total, idle, waiting requests, and its maximum',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!poolStats) return;
      const s = poolStats();
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
      this.set({ state: 'max' }, s.max);
    },
  });
  new Gauge({
    name: 'exam_sessions_active',
    help: 'Exam sessions started and not yet submitted, with time left (all instances)',
    registers: [registry],
    async collect() {
      const now = ctx.clock.now().toISOString();
      const row = await ctx.db
        .selectFrom('exam_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('finished_at', 'is', null)
        .where((eb) => eb.or([eb('deadline_at', 'is', null), eb('deadline_at', '>', now)]))
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ code: 'UNAUTHORIZED' });
    }
    return reply
      .headers(noStore)
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
