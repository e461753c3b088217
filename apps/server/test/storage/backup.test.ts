import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/database';
import { hit } from '../../src/lib/rate-limit';
import { backupDataDir, restoreDataDir } from '../../src/storage/backup';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { PNG } from '../exams/exam-client';

// npm run backup on a running one-box server (SQLite + the data folder), then a restore into a
// fresh folder that a new server starts from (ADR 024). PostgreSQL is backed up with its own
// tools, so this file runs on SQLite only.

const onPostgres = !!process.env.TEST_DATABASE_URL;
let server: TestServer;
let work: string;

beforeAll(async () => {
  if (onPostgres) return;
  server = await startTestServer();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-backup-'));
});
afterAll(async () => {
  if (onPostgres) return;
  await server.close();
  fs.rmSync(work, { recursive: true, force: true });
});

async function counts(db: Database['db']): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name
  `.execute(db);
  const out: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    out[name] = Number(row.rows[0]!.n);
  }
  return out;
}

function files(dir: string): Record<string, string> {
  const root = path.join(dir, 'storage');
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(root, full)] = fs.readFileSync(full).toString('base64');
  }
  return out;
}

describe.skipIf(onPostgres)('backup and restore of the data folder', () => {
  it('copies a running server consistently, and a restored folder serves the same rows and files', async () => {
    const student = await makeStudent(server.db);
    const avatar = await server.app.inject({
      method: 'POST',
      url: '/api/v1/profile/avatar',
      headers: {
        ...WEB_HEADERS,
        authorization: `Bearer ${student.token}`,
        'content-type': 'multipart/form-data; boundary=b',
      },
      payload: Buffer.concat([
        Buffer.from(
          '--b\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        PNG,
        Buffer.from('\r\n--b--\r\n'),
      ]),
    });
    expect(avatar.statusCode).toBe(200);
    const avatarUrl = avatar.json().user.avatar as string;

    // The server keeps writing while the copy is taken.
    const before = await counts(server.db);
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await hit(server.db, `backup-test:${written}`, { limit: 1, windowMs: 60_000 });
        written += 1;
        // SQLite answers synchronously: give the backup's steps their turn, as requests would.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const target = path.join(work, 'backup');
    const report = await backupDataDir(server.config.dataDir, target);
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);
    expect(report.files).toBe(Object.keys(files(server.config.dataDir)).length);

    const restoredDir = path.join(work, 'restored');
    await restoreDataDir(target, restoredDir);
    const restored = openDatabase({ sqliteFile: path.join(restoredDir, 'dars.sqlite') });
    try {
      const after = await counts(restored.db);
      const live = await counts(server.db);
      // Every table as it was; the one being written holds a prefix of what was written.
      const { rate_limits: copied, ...rest } = after;
      const { rate_limits: _liveRate, ...liveRest } = live;
      expect(rest).toEqual(liveRest);
      expect(copied).toBeGreaterThanOrEqual(before.rate_limits!);
      expect(copied).toBeLessThanOrEqual(live.rate_limits!);
      expect(files(restoredDir)).toEqual(files(server.config.dataDir));

      // A server started on the restored folder: the demo student signs in, the avatar is served.
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: restoredDir,
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(restoredDir, 'no-web'),
      });
      const app = await buildApp({ db: restored.db, dialect: 'sqlite', config });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/v1/login',
          headers: WEB_HEADERS,
          payload: { login: 'student@dars.test', password: 'dars12345' },
        });
        expect(login.statusCode, login.body).toBe(200);
        const served = await app.inject({ method: 'GET', url: avatarUrl });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(PNG)).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await restored.destroy();
    }

    // Neither overwrites: a backup into a used folder, a restore over a database.
    await expect(backupDataDir(server.config.dataDir, target)).rejects.toThrow(/not empty/);
    await expect(restoreDataDir(target, restoredDir)).rejects.toThrow(/already has a database/);
    // It copies a database and a folder twice and starts a server on the copy: about 5 s alone,
    // past 60 s in CI's run of every suite at once (load 11 on 2 cores).
  }, 180_000);
});
