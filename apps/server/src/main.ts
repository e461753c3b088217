import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed/seed';
import { buildApp } from './app';
import { DEMO_MAIL_PATH } from './modules/demo/demo-mail';
import { openStorage } from './storage';
import { CONFIG_EXIT_CODE, demoDatabaseRefusal, firstAdminHint } from './start-checks';

// `--demo` (what `npm start` passes) is SEED=demo: the demo is always asked for (ADR 032).
const config = (() => {
  try {
    return loadConfig(
      process.argv.includes('--demo') ? { ...process.env, SEED: 'demo' } : process.env,
    );
  } catch (error) {
    // A wrong setting is said plainly and not retried by the service manager (ADR 032).
    console.error((error as Error).message);
    process.exit(CONFIG_EXIT_CODE);
  }
})();
const ops = config.operations;
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'dars.sqlite'),
  poolSize: ops.pgPoolSize,
  statementTimeoutMs: ops.pgStatementTimeoutMs,
});
// Guests' catalogue reads may go to a replica (ADR 024); it shares nothing else.
const replica = ops.databaseReadUrl
  ? openDatabase({
      databaseUrl: ops.databaseReadUrl,
      poolSize: ops.pgPoolSize,
      statementTimeoutMs: ops.pgStatementTimeoutMs,
      applicationName: 'dars-read',
    })
  : null;
await migrateToLatest(database.db);
const refusal = await demoDatabaseRefusal(database.db, config);
if (refusal) {
  console.error(refusal);
  await Promise.all([database.destroy(), replica?.destroy()]);
  process.exit(CONFIG_EXIT_CODE);
}
const storage = openStorage(config.storage, config.dataDir);
if (config.seed === 'demo') await seedDemoIfEmpty(database.db, storage);

const app = await buildApp({
  db: database.db,
  dialect: database.dialect,
  config,
  storage,
  ...(replica ? { readDb: replica.db } : {}),
  ...(database.poolStats ? { poolStats: database.poolStats } : {}),
});

if ((config.databaseUrl || config.storage.kind === 's3') && !config.appSecret) {
  // Each instance would sign links with its own generated key (ADR 024).
  app.log.warn('APP_SECRET is unset: every instance must share one to open each other’s links');
}

/**
 * SIGTERM (a deploy, a scale-down): /readyz turns 503 at once; after SHUTDOWN_DELAY_MS the
 * server stops accepting connections, lets requests in flight finish (a new request on a kept
 * connection gets 503 and `Connection: close`), then the pools and the storage close. Past
 * SHUTDOWN_TIMEOUT_MS the process leaves anyway, with code 1.
 */
let closing = false;
const close = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'draining');
  const force = setTimeout(() => {
    app.server.getConnections((_e, connections) => {
      app.log.error(
        { connections },
        'requests still running at SHUTDOWN_TIMEOUT_MS: leaving anyway',
      );
      process.exit(1);
    });
  }, ops.shutdownTimeoutMs);
  force.unref();
  app.drain();
  if (ops.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, ops.shutdownDelayMs));
  // Closing closes the kept-alive connections that are idle at that moment, not those that
  // fall idle later: behind nginx, under load, one such connection was still open at
  // SHUTDOWN_TIMEOUT_MS and the process left with code 1 (two-instances.test.ts). Idle ones
  // are closed as they come; a request in flight still finishes.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  idle.unref();
  await app.close();
  clearInterval(idle);
  await Promise.all([database.destroy(), replica?.destroy()]);
  storage.close();
  app.log.info('closed');
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
app.log.info(`دَرس يعمل على http://${shown}:${config.port} (${database.dialect})`);
if (config.seed === 'demo' && !config.smtpUrl) {
  app.log.info(
    `بريد النسخة التجريبية (رموز استعادة كلمة المرور): http://${shown}:${config.port}${DEMO_MAIL_PATH}`,
  );
}
const hint = await firstAdminHint(database.db);
// Plain text on stderr beside the JSON log: an operator reads it once, at the first start.
if (hint) console.error(hint);
