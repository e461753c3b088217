import { inject } from 'vitest';

/**
 * The server this test file talks to. The global setup starts one real server (built apps,
 * seeded SQLite of its own) per e2e worker, so files running side by side never share a
 * database, and the files one worker runs follow each other on its server as they did when
 * every journey ran on one.
 */
function own(): { baseURL: string; dataDir: string } {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(worker - 1) % servers.length]!;
}

/**
 * The address of this worker's server, e.g. `http://127.0.0.1:41234`.
 * @example const { context, page } = await openPage(browser, serverURL(), 'phone')
 */
export function serverURL(): string {
  return own().baseURL;
}

/**
 * This worker's server's data folder (its SQLite file, outbox and storage).
 * @example path.join(serverDataDir(), 'outbox')
 */
export function serverDataDir(): string {
  return own().dataDir;
}
