import type { FastifyInstance } from 'fastify';

/**
 * Diverts the app's log (built with LOG_LEVEL set, not 'silent') into an array, so a test can
 * say what the server logged. Request loggers are children of app.log and share its stream.
 * @example const log = captureLog(server.app); …; expect(errorLines(log)).toEqual([])
 */
export function captureLog(app: FastifyInstance): string[] {
  const lines: string[] = [];
  const streamKey = Object.getOwnPropertySymbols(app.log).find(
    (s) => s.description === 'pino.stream',
  );
  if (!streamKey) throw new Error('No pino stream on app.log: start the server with a LOG_LEVEL');
  const stream = (app.log as unknown as Record<symbol, { write: (line: string) => void }>)[
    streamKey
  ]!;
  stream.write = (line: string) => void lines.push(line);
  return lines;
}

/**
 * The lines at `minLevel` or above (pino: 40 warn, 50 error), or carrying a stack trace.
 * @example expect(errorLines(log, 40)).toEqual([])
 */
export function errorLines(lines: string[], minLevel = 50): string[] {
  return lines.filter((line) => {
    const entry = JSON.parse(line) as { level: number };
    return entry.level >= minLevel || line.includes('"stack"');
  });
}

/**
 * The lines (JSON) whose message is `msg`, as an operator reads them.
 * @example expect(linesWith(log, 'payment callback refused')).toEqual([…])
 */
export function linesWith(
  lines: string[],
  msg: string,
): ({ level: number; msg: string } & Record<string, unknown>)[] {
  return lines
    .map((l) => JSON.parse(l) as { level: number; msg: string } & Record<string, unknown>)
    .filter((line) => line.msg === msg);
}
