import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fakeMp4, newStaffVideo } from '../factories/uploads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../src/lib/clock';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStaff } from '../staff/staff-factory';
import { makeStudent } from '../factories/students';
import { makeExam } from '../factories/exams';
import { examClient } from '../exams/exam-client';
import { putSettings } from '../../src/modules/settings/settings-service';
import { sweepUnfinishedUploads } from '../../src/modules/videos/video-upload';
import { localStorage } from '../../src/storage';
import type { AppContext } from '../../src/app-context';
import { captureLog } from '../captured-log';

/**
 * Abandoned uploads expire (issue 23). A staff video sent by tus waits in DATA_DIR/uploads/tus
 * as a part and its info file (`<id>.json`, the upload's only record); a file being written to
 * the local storage is a `*.part` until it is renamed into place. Whatever of these is left
 * unfinished longer than a day (written here by hand, not read from the code) is removed by a
 * sweep the server runs by itself; a younger one stays and resumes; a finished upload is never
 * touched. The other uploads (answer images, avatars, receipts, staff files) come whole in one
 * request: one cut short leaves nothing behind.
 */

const DAY = 24 * 60 * 60 * 1000;
const UPLOADS = '/api/v1/staff/uploads/videos';
const clock = manualClock(new Date());

let server: TestServer;
let base: string;
let leader: string;
let tusDir: string;
let privateDir: string;

beforeAll(async () => {
  // The sweep runs on its own every 100 ms here; the test never calls it.
  server = await startTestServer({
    seed: false,
    clock,
    env: { UPLOAD_SWEEP_INTERVAL_MS: '100' },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  leader = (await makeStaff(server.db, 'leader')).token;
  tusDir = path.join(server.config.dataDir, 'uploads', 'tus');
  privateDir = path.join(server.config.dataDir, 'storage', 'private');
}, 120_000);
afterAll(() => server?.close());

const tus = (extra: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  authorization: `Bearer ${leader}`,
  ...extra,
});
const b64 = (s: string) => Buffer.from(s).toString('base64');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const newVideo = () => newStaffVideo(server.app, leader);

/** Opens an upload of `file` and sends its first `sent` bytes; answers the upload's id. */
async function startUpload(videoId: number, file: Buffer, sent: number): Promise<string> {
  const created = await fetch(base + UPLOADS, {
    method: 'POST',
    headers: tus({
      'upload-length': String(file.length),
      'upload-metadata': `video_id ${b64(String(videoId))}`,
    }),
  });
  expect(created.status).toBe(201);
  const id = created.headers.get('location')!.split('/').at(-1)!;
  const patched = await fetch(`${base}${UPLOADS}/${id}`, {
    method: 'PATCH',
    headers: tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
    body: file.subarray(0, sent),
  });
  expect(patched.status).toBe(204);
  return id;
}

const exists = (file: string) => fs.existsSync(file);
const tusFiles = (id: string) => [path.join(tusDir, id), path.join(tusDir, `${id}.json`)];

/** Moves the upload's start back by `ms`, where the sweep reads it (its info file). */
function backDate(id: string, ms: number) {
  const file = path.join(tusDir, `${id}.json`);
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as { creation_date: string };
  info.creation_date = new Date(Date.parse(info.creation_date) - ms).toISOString();
  fs.writeFileSync(file, JSON.stringify(info));
}

/** Sets a file's time `ms` before the app's clock. */
function age(file: string, ms: number) {
  const at = new Date(clock.now().getTime() - ms);
  fs.utimesSync(file, at, at);
}

/** Waits (up to 5 s) for the sweep running on its own to remove every file. */
async function gone(files: string[]) {
  for (let i = 0; i < 100 && files.some(exists); i++) await sleep(50);
  return files.filter(exists);
}

describe('unfinished uploads expire by themselves', () => {
  it('removes an upload left past a day (part and record), keeps and resumes a younger one, never a finished one', async () => {
    const [oldVideo, youngVideo, laterVideo] = [
      await newVideo(),
      await newVideo(),
      await newVideo(),
    ];
    const file = fakeMp4(256 * 1024);
    const old = await startUpload(oldVideo, file, 1000);
    const young = await startUpload(youngVideo, file, 1000);
    const later = await startUpload(laterVideo, file, 1000);

    // A day and a minute ago vs. a day less a minute ago.
    backDate(old, DAY + 60_000);
    backDate(young, DAY - 60_000);
    expect(await gone(tusFiles(old))).toEqual([]);
    // Several sweeps later the younger ones are all there, and the removed one is unknown.
    await sleep(500);
    expect([...tusFiles(young), ...tusFiles(later)].filter(exists)).toHaveLength(4);
    const head = await fetch(`${base}${UPLOADS}/${old}`, { method: 'HEAD', headers: tus() });
    expect([404, 410]).toContain(head.status);

    // The younger one resumes from where it stopped and finishes.
    const at = await fetch(`${base}${UPLOADS}/${young}`, { method: 'HEAD', headers: tus() });
    expect(at.status).toBe(200);
    expect(at.headers.get('upload-offset')).toBe('1000');
    const rest = await fetch(`${base}${UPLOADS}/${young}`, {
      method: 'PATCH',
      headers: tus({ 'upload-offset': '1000', 'content-type': 'application/offset+octet-stream' }),
      body: file.subarray(1000),
    });
    expect(rest.status).toBe(204);
    const finished = await server.db
      .selectFrom('videos')
      .select('source_path')
      .where('id', '=', youngVideo)
      .executeTakeFirstOrThrow();
    expect(finished.source_path).toMatch(/^videos\//);
    const stored = path.join(privateDir, ...finished.source_path!.split('/'));
    expect(fs.readFileSync(stored).equals(file)).toBe(true);
    // Its file is old as well, as a video uploaded long ago is.
    age(stored, 30 * DAY);

    // The app's clock moves two days on: the other unfinished upload goes too, by the clock.
    clock.advance(2 * DAY);
    expect(await gone(tusFiles(later))).toEqual([]);
    await sleep(300);
    // The finished upload is the video's file: never swept, however old.
    expect(fs.readFileSync(stored).equals(file)).toBe(true);
    // The videos whose uploads were given up stay, without a file, to be uploaded again.
    const rows = await server.db
      .selectFrom('videos')
      .select(['id', 'source_path'])
      .where('id', 'in', [oldVideo, laterVideo])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: oldVideo, source_path: null },
      { id: laterVideo, source_path: null },
    ]);
    clock.set(new Date());
  });

  it('never starts a sweep while the one before is still running, however slow it is', async () => {
    // Two sweeps side by side could each remove one half of an upload and judge the other by
    // its fresh file time. Here each sweep takes 350 ms against an interval of 100 ms.
    const readdir = fs.promises.readdir.bind(fs.promises);
    let running = 0;
    let most = 0;
    let sweeps = 0;
    const spy = vi.spyOn(fs.promises, 'readdir').mockImplementation((async (
      dir: fs.PathLike,
      options?: unknown,
    ) => {
      if (String(dir) !== tusDir) return readdir(dir, options as never);
      running += 1;
      sweeps += 1;
      most = Math.max(most, running);
      await sleep(350);
      running -= 1;
      return readdir(dir, options as never);
    }) as typeof fs.promises.readdir);
    try {
      await sleep(1200);
    } finally {
      spy.mockRestore();
    }
    expect(sweeps).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it('removes the half of an upload whose other half is gone, once it is a day old', async () => {
    fs.mkdirSync(tusDir, { recursive: true });
    const [oldPart, oldInfo, youngPart] = ['a1'.repeat(16), 'b2'.repeat(16), 'c3'.repeat(16)];
    fs.writeFileSync(path.join(tusDir, oldPart), randomBytes(100));
    fs.writeFileSync(path.join(tusDir, `${oldInfo}.json`), '{"id":"x"}');
    fs.writeFileSync(path.join(tusDir, youngPart), randomBytes(100));
    age(path.join(tusDir, oldPart), DAY + 60_000);
    age(path.join(tusDir, `${oldInfo}.json`), DAY + 60_000);
    age(path.join(tusDir, youngPart), DAY - 60_000);
    expect(await gone([path.join(tusDir, oldPart), path.join(tusDir, `${oldInfo}.json`)])).toEqual(
      [],
    );
    await sleep(300);
    expect(exists(path.join(tusDir, youngPart))).toBe(true);
    fs.rmSync(path.join(tusDir, youngPart));
  });

  it('removes a file half written to the storage once it is a day old, and keeps a younger one', async () => {
    const dir = path.join(privateDir, 'videos');
    fs.mkdirSync(dir, { recursive: true });
    const publicDir = path.join(server.config.dataDir, 'storage', 'public', 'avatars');
    fs.mkdirSync(publicDir, { recursive: true });
    const oldPart = path.join(dir, '7-aa.mp4.0123456789ab.part');
    const oldPublic = path.join(publicDir, '7-bb.png.0123456789ab.part');
    const youngPart = path.join(dir, '8-cc.mp4.0123456789ab.part');
    const whole = path.join(dir, '9-dd.mp4');
    for (const f of [oldPart, oldPublic, youngPart, whole]) fs.writeFileSync(f, randomBytes(64));
    age(oldPart, DAY + 60_000);
    age(oldPublic, DAY + 60_000);
    age(youngPart, DAY - 60_000);
    age(whole, 400 * DAY);
    expect(await gone([oldPart, oldPublic])).toEqual([]);
    await sleep(300);
    expect([youngPart, whole].filter(exists)).toEqual([youngPart, whole]);
  });

  /** Writes an upload's part and info file by hand, as tus leaves them; answers their paths. */
  function writeUpload(id: string, info: object | null, part = true): string[] {
    fs.mkdirSync(tusDir, { recursive: true });
    const files: string[] = [];
    if (part) {
      fs.writeFileSync(path.join(tusDir, id), randomBytes(100));
      files.push(path.join(tusDir, id));
    }
    if (info) {
      fs.writeFileSync(path.join(tusDir, `${id}.json`), JSON.stringify(info));
      files.push(path.join(tusDir, `${id}.json`));
    }
    return files;
  }
  const createdAgo = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();

  it('removes an upload begun more than a day ago, not one begun exactly a day ago', async () => {
    const exactly = writeUpload('e1'.repeat(16), { creation_date: createdAgo(DAY) });
    const past = writeUpload('e2'.repeat(16), { creation_date: createdAgo(DAY + 1) });
    expect(await gone(past)).toEqual([]);
    await sleep(300);
    expect(exactly.filter(exists)).toEqual(exactly);
    for (const f of exactly) fs.rmSync(f);
  });

  it('judges an upload whose record has no start date, and a record whose part is gone, by their file times', async () => {
    // A record without a creation date (written by hand, or by an older tus): by file time.
    const undated = writeUpload('e3'.repeat(16), { id: 'e3'.repeat(16) });
    for (const f of undated) age(f, DAY + 60_000);
    // A record whose part is gone says it began two days ago, but was written a minute ago:
    // its file time counts, so it stays for now.
    const [recordOnly] = writeUpload(
      'e4'.repeat(16),
      { creation_date: createdAgo(2 * DAY) },
      false,
    );
    age(recordOnly!, 60_000);
    expect(await gone(undated)).toEqual([]);
    await sleep(300);
    expect(exists(recordOnly!)).toBe(true);
    // A day later by its file time, it goes.
    age(recordOnly!, DAY + 60_000);
    expect(await gone([recordOnly!])).toEqual([]);
  });
});

describe('the sweep runs as the server starts', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-upload-sweep-'));
  const dir = path.join(dataDir, 'uploads', 'tus');
  const id = 'd4'.repeat(16);
  let other: TestServer | undefined;
  beforeAll(async () => {
    // What an earlier run left: an upload begun a day and a minute ago.
    fs.mkdirSync(dir, { recursive: true });
    const created = new Date(Date.now() - DAY - 60_000).toISOString();
    fs.writeFileSync(path.join(dir, id), randomBytes(100));
    fs.writeFileSync(
      path.join(dir, `${id}.json`),
      JSON.stringify({ id, size: 1000, offset: 0, metadata: {}, creation_date: created }),
    );
    other = await startTestServer({
      seed: false,
      env: { DATA_DIR: dataDir, UPLOAD_SWEEP_INTERVAL_MS: String(DAY) },
    });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes what an earlier run left, without waiting for the interval', async () => {
    expect(await gone([path.join(dir, id), path.join(dir, `${id}.json`)])).toEqual([]);
  });
});

describe('a sweep with no uploads folder, one that fails, and after the server closes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-upload-sweep-'));
  const dir = path.join(dataDir, 'uploads', 'tus');
  const videos = path.join(dataDir, 'storage', 'private', 'videos');
  let other: TestServer;
  let log: string[];
  beforeAll(async () => {
    // No upload ever began here: there is no uploads folder at all.
    other = await startTestServer({
      seed: false,
      env: { DATA_DIR: dataDir, UPLOAD_SWEEP_INTERVAL_MS: '100', LOG_LEVEL: 'warn' },
    });
    log = captureLog(other.app);
  }, 120_000);
  afterAll(async () => {
    await other.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const oldFile = (file: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(64));
    const at = new Date(Date.now() - DAY - 60_000);
    fs.utimesSync(file, at, at);
    return file;
  };

  it('still removes a half-written storage file when no upload folder exists', async () => {
    expect(exists(dir)).toBe(false);
    const part = oldFile(path.join(videos, '5-ee.mp4.0123456789ab.part'));
    expect(await gone([part])).toEqual([]);
  });

  type Line = {
    level: number;
    msg: string;
    err?: { code?: string };
    file?: string;
    entries?: string[];
  };
  const warned = (msg: string) =>
    log.map((line) => JSON.parse(line) as Line).filter((entry) => entry.msg === msg);
  /** Fails the removal of the files named, as a disk refusing would; the rest are removed. */
  const refuseRemoving = (...files: string[]) => {
    const rm = fs.promises.rm.bind(fs.promises);
    return vi.spyOn(fs.promises, 'rm').mockImplementation(async (file, options) => {
      if (files.includes(String(file))) {
        throw Object.assign(new Error(`EACCES: permission denied, rm '${String(file)}'`), {
          code: 'EACCES',
        });
      }
      return rm(file, options);
    });
  };

  it('leaves a folder in the uploads folder alone, says so, and still sweeps the rest (issue 23)', async () => {
    // A folder where parts are: tus never makes one, so it is someone else's. It used to throw
    // (a folder cannot be removed as a file) and end the sweep wherever the folder came.
    const strays = ['f7'.repeat(16), `${'f8'.repeat(16)}.json`].map((name) => path.join(dir, name));
    const at = new Date(Date.now() - DAY - 60_000);
    for (const stray of strays) {
      fs.mkdirSync(stray, { recursive: true });
      fs.writeFileSync(path.join(stray, 'kept.txt'), 'kept');
      fs.utimesSync(stray, at, at);
    }
    // Stale halves named before and after the folders.
    const stale = ['00', 'f7', 'f8', 'ff'].map((p) => oldFile(path.join(dir, p.repeat(16) + '1')));
    expect(await gone(stale)).toEqual([]);
    await sleep(300);
    for (const stray of strays)
      expect(fs.readFileSync(path.join(stray, 'kept.txt'), 'utf8')).toBe('kept');
    // A sweep may run between the two folders' making: it names the first alone, the next both.
    const leftAlone = warned('upload sweep: not files, left alone');
    expect(leftAlone.length).toBeGreaterThan(0);
    expect(leftAlone.every((line) => line.level === 40)).toBe(true);
    expect(new Set(leftAlone.flatMap((line) => line.entries ?? []))).toEqual(
      new Set(strays.map((s) => path.basename(s))),
    );
    expect(warned('upload sweep')).toEqual([]);
    expect(warned('upload sweep: could not remove')).toEqual([]);
    for (const stray of strays) fs.rmSync(stray, { recursive: true });
  });

  it('logs a file it cannot remove, with its error, and removes the rest', async () => {
    const [stuck, ...others] = ['0a', '5b', 'fc'].map((p) => oldFile(path.join(dir, p.repeat(16))));
    const spy = refuseRemoving(stuck!);
    try {
      expect(await gone(others)).toEqual([]);
      for (let i = 0; i < 100 && warned('upload sweep: could not remove').length === 0; i++)
        await sleep(50);
      expect(warned('upload sweep: could not remove')[0]).toMatchObject({
        level: 40,
        file: path.basename(stuck!),
        err: { code: 'EACCES' },
      });
      expect(exists(stuck!)).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(await gone([stuck!])).toEqual([]);
  });

  it('logs a sweep that fails as a warning, with its error', async () => {
    // A half-written storage file that cannot be removed ends that sweep: logged, not thrown.
    const part = oldFile(path.join(videos, '6-ab.mp4.0123456789ab.part'));
    const spy = refuseRemoving(part);
    try {
      for (let i = 0; i < 100 && warned('upload sweep').length === 0; i++) await sleep(50);
      expect(warned('upload sweep')[0]).toMatchObject({ level: 40, err: { code: 'EACCES' } });
    } finally {
      spy.mockRestore();
    }
    expect(await gone([part])).toEqual([]);
  });

  it('stops sweeping once the server has closed', async () => {
    await other.app.close();
    const left = oldFile(path.join(dir, 'a8'.repeat(16)));
    await sleep(400);
    expect(exists(left)).toBe(true);
  });
});

describe('what a sweep answers', () => {
  it('counts the files it removed: upload halves in its folder and half-written storage files', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-upload-sweep-'));
    try {
      const now = new Date('2026-03-01T12:00:00.000Z');
      const dir = path.join(dataDir, 'uploads', 'tus');
      fs.mkdirSync(dir, { recursive: true });
      const set = (file: string, ms: number) => {
        const at = new Date(now.getTime() - ms);
        fs.utimesSync(file, at, at);
      };
      // An upload begun two days before the sweep's clock, and a part a minute old.
      const old = 'b9'.repeat(16);
      fs.writeFileSync(path.join(dir, old), randomBytes(10));
      fs.writeFileSync(
        path.join(dir, `${old}.json`),
        JSON.stringify({ creation_date: '2026-02-27T12:00:00.000Z' }),
      );
      const young = path.join(dir, 'c0'.repeat(16));
      fs.writeFileSync(young, randomBytes(10));
      set(young, 60_000);
      // A folder two days old, with a file in it: neither removed nor a reason to stop.
      const folder = path.join(dir, 'd0'.repeat(16));
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, 'x'), 'x');
      set(folder, 2 * DAY);
      const part = path.join(dataDir, 'storage', 'private', 'videos', '3-ff.mp4.0123456789ab.part');
      fs.mkdirSync(path.dirname(part), { recursive: true });
      fs.writeFileSync(part, randomBytes(10));
      set(part, 2 * DAY);
      const ctx = {
        clock: manualClock(now),
        storage: localStorage(dataDir),
      } as unknown as AppContext;
      const warnings: unknown[] = [];
      const log = { warn: (...args: unknown[]) => void warnings.push(args) };
      expect(await sweepUnfinishedUploads(ctx, dir, log)).toBe(3);
      expect(fs.readdirSync(dir).sort()).toEqual(['c0'.repeat(16), 'd0'.repeat(16)]);
      expect(fs.readdirSync(folder)).toEqual(['x']);
      expect(exists(part)).toBe(false);
      expect(warnings).toEqual([
        [{ directory: dir, entries: ['d0'.repeat(16)] }, 'upload sweep: not files, left alone'],
      ]);

      // On a bucket there are no half-written local files to look for: the folder only.
      set(young, 2 * DAY);
      const bucket = { clock: manualClock(now), storage: { kind: 's3' } } as unknown as AppContext;
      expect(await sweepUnfinishedUploads(bucket, dir, log)).toBe(1);
      expect(fs.readdirSync(dir)).toEqual(['d0'.repeat(16)]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an upload whose record is being written', () => {
  it('keeps or removes both halves together, never the record without its part', async () => {
    // The CI failure: the sweep read the info file while it was being rewritten (unreadable) for
    // the part, which its own fresh time kept, and whole for itself, old: the record went and the
    // part stayed for another day. An unreadable record is judged by the newer file time of the two.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-upload-sweep-'));
    try {
      const now = new Date('2026-03-01T12:00:00.000Z');
      const dir = path.join(dataDir, 'uploads', 'tus');
      fs.mkdirSync(dir, { recursive: true });
      const make = (id: string, partAge: number, infoAge: number) => {
        const set = (file: string, ms: number) => {
          const at = new Date(now.getTime() - ms);
          fs.utimesSync(file, at, at);
        };
        fs.writeFileSync(path.join(dir, id), randomBytes(10));
        fs.writeFileSync(path.join(dir, `${id}.json`), '{"creation_da'); // cut mid-write
        set(path.join(dir, id), partAge);
        set(path.join(dir, `${id}.json`), infoAge);
      };
      const touched = 'e1'.repeat(16); // its part is old, its record was touched a minute ago
      const stale = 'e2'.repeat(16); // both two days old
      make(touched, 2 * DAY, 60_000);
      make(stale, 2 * DAY, 2 * DAY);
      const ctx = { clock: manualClock(now), storage: { kind: 's3' } } as unknown as AppContext;
      expect(await sweepUnfinishedUploads(ctx, dir, { warn: () => undefined })).toBe(2);
      expect(fs.readdirSync(dir).sort()).toEqual([touched, `${touched}.json`]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('uploads that come whole in one request', () => {
  /** Every file under the data folder's storage and upload folders. */
  function filesNow(): string[] {
    const out: string[] = [];
    const walk = (dir: string) => {
      if (!exists(dir)) return;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else out.push(full);
      }
    };
    walk(path.join(server.config.dataDir, 'storage'));
    walk(path.join(server.config.dataDir, 'uploads'));
    return out.sort();
  }

  /** A multipart body cut off half way through its file. */
  function cutShort(fields: Record<string, string>, field: string) {
    const boundary = '----cut-short';
    const head = Object.entries(fields)
      .map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('');
    const payload = Buffer.concat([
      Buffer.from(
        `${head}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
  }

  it('stores nothing of an avatar, a receipt, an answer image or a staff file cut short', async () => {
    await putSettings(server.db, {
      recharge_info: {
        min_recharge_amount: 10,
        supported_methods: ['mobile_wallets'],
        mobile_wallet_number: '01001234567',
      },
    });
    const student = await makeStudent(server.db);
    const exam = await makeExam(server.db, { imagesAnswers: true, questions: [{ type: 'essay' }] });
    const session = await examClient(server.app, student.token).tokenFor(exam.id);
    const videoId = await newVideo();
    const lecture = await server.db
      .selectFrom('videos')
      .select('lecture_id')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    const calls: [string, string, Record<string, string>, string, string][] = [
      ['/profile/avatar', student.token, {}, 'avatar', 'users'],
      [
        '/wallet/recharge/mobile-wallet',
        student.token,
        { amount: '50', payer_number: '01012345678' },
        'attachment',
        'mobile_payments',
      ],
      [
        '/exams/session/answers/image',
        student.token,
        { session_token: session, question_id: String(exam.questions[0]!.id), seq: '1' },
        'answer_image',
        'answer_attempts',
      ],
      [
        '/staff/attachments',
        leader,
        { lecture_id: String(lecture.lecture_id), name: 'ملخص' },
        'file',
        'attachments',
      ],
      ['/staff/home/header-images/upload', leader, {}, 'file', 'settings'],
    ];
    const before = filesNow();
    for (const [url, token, fields, field] of calls) {
      const body = cutShort(fields, field);
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: {
          ...WEB_HEADERS,
          authorization: `Bearer ${token}`,
          'content-type': body.contentType,
        },
        payload: body.payload,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
    }
    expect(filesNow()).toEqual(before);
    const answers = await server.db.selectFrom('answer_attempts').select('id').execute();
    expect(answers).toEqual([]);
    expect(await server.db.selectFrom('mobile_payments').select('id').execute()).toEqual([]);
    const user = await server.db
      .selectFrom('users')
      .select('avatar_path')
      .where('id', '=', student.userId)
      .executeTakeFirstOrThrow();
    expect(user.avatar_path).toBeNull();
  });
});
