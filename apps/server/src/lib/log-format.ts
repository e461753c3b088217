import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';

/**
 * How the server writes its log: `json` (a line of JSON per event, for a log collector: what a
 * school's server writes) or `pretty` (a short readable line, what the README's demo prints so
 * that «دَرس يعمل على …» and a request's status stand out). LOG_FORMAT decides; unset, the demo
 * is pretty and everything else JSON.
 */
export type LogFormat = 'json' | 'pretty';

/**
 * Fastify's logger options for a level and a format. In `pretty`, Fastify's two lines per
 * request (incoming, completed) give way to one written by `logRequestsBriefly` (switched off
 * through a log controller: Fastify 5.12 deprecated its top-level `disableRequestLogging`, and
 * said so on every start of the demo).
 * @example Fastify({ ...loggerOptions('info', 'json') })
 */
export function loggerOptions(
  level: string,
  format: LogFormat,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (level === 'silent') return { logger: false };
  if (format === 'json') return { logger: { level } };
  const stream = pinoPretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    sync: true,
  });
  return {
    logger: { level, stream },
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/**
 * One line per answered request, `GET /api/v1/courses 200 4 ms`, for the `pretty` format.
 * @example if (format === 'pretty') logRequestsBriefly(app)
 */
export function logRequestsBriefly(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (reply.statusCode >= 500) request.log.error(line);
    else request.log.info(line);
  });
}
