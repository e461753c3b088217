import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../server-process';

// `npm run backup` where there is nothing to back up (DATA_DIR unset, run from another folder,
// or a typo): a plain message that says what to set, no stack, no empty backup folder left.

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-backup-cli-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function backup(env: Record<string, string>, args: string[] = []) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/storage/backup-cli.ts', ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
}

describe('npm run backup without a database where DATA_DIR points', () => {
  it('says in Arabic and English to set DATA_DIR, without a stack, and leaves no folder', () => {
    const target = path.join(work, 'copy');
    const run = backup({ DATA_DIR: path.join(work, 'no-data'), INIT_CWD: work }, ['--to', target]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('لا توجد قاعدة بيانات في');
    expect(run.stderr).toContain('set DATA_DIR to the server');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('says so for a restore from a folder that holds no backup', () => {
    const run = backup({ DATA_DIR: path.join(work, 'fresh'), INIT_CWD: work }, [
      '--restore',
      path.join(work, 'nothing-here'),
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('holds no backup');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('names a bad variable instead of a stack', () => {
    const run = backup({ DATA_DIR: work, PORT: 'not-a-port' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('PORT');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
