import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fakeMp4, multipartForm } from '../factories/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, readAll, type Storage } from '../../src/storage';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { makeStaff } from './staff-factory';
import { studentClient } from '../denial-client';
import { hashToken } from '../../src/lib/tokens';

/**
 * Staff files through the real HTTP server (ADR 022): a lecture video by the tus protocol,
 * dropped half way and resumed, arrives byte for byte; attachments and images are judged by
 * their bytes.
 */

let server: TestServer;
let base: string;
let leader: string;
let admin: string;
let storage: Storage;
let tusDir: string;
let privateDir: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
  leader = (await makeStaff(server.db, 'leader')).token;
  admin = (await makeStaff(server.db, 'admin')).token;
  storage = openStorage(server.config.storage, server.config.dataDir);
  tusDir = path.join(server.config.dataDir, 'uploads', 'tus');
  privateDir = path.join(server.config.dataDir, 'storage', 'private');
}, 120_000);
afterAll(async () => {
  storage?.close();
  await server?.close();
});

const UPLOADS = '/api/v1/staff/uploads/videos';
const b64 = (s: string) => Buffer.from(s).toString('base64');

function tusHeaders(token: string | null, extra: Record<string, string> = {}) {
  return {
    'tus-resumable': '1.0.0',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
}

/** A video on a preview lecture (open to every student), made through the staff API. */
async function newVideo(): Promise<number> {
  const staff = (url: string, payload: object) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/staff${url}`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${admin}` },
      payload,
    });
  const course = (await staff('/courses', { name: 'دورة الفيديو', pay_type: 'course' })).json().data
    .id;
  const lecture = (
    await staff('/lectures', { course_id: course, name: 'تمهيد', preview: true })
  ).json().data.id;
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/staff/videos',
    headers: { ...WEB_HEADERS, authorization: `Bearer ${leader}` },
    payload: { lecture_id: lecture, name: 'شرح الدرس', views_limit: 3 },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}

async function open(videoId: number, length: number, token = leader): Promise<Response> {
  return fetch(base + UPLOADS, {
    method: 'POST',
    headers: tusHeaders(token, {
      'upload-length': String(length),
      'upload-metadata': `video_id ${b64(String(videoId))},filename ${b64('lesson.mp4')}`,
    }),
  });
}

/** Sends `part` from `offset`, but drops the connection after `cut` bytes of it. */
function patchThenDrop(url: string, offset: number, part: Buffer, cut: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: tusHeaders(leader, {
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(part.length),
      }),
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(part.subarray(0, cut), () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
  });
}

async function offsetOf(url: string): Promise<number> {
  const res = await fetch(url, { method: 'HEAD', headers: tusHeaders(leader) });
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

describe('lecture videos by resumable upload (tus)', () => {
  it('resumes a dropped upload where it stopped and stores the exact file', async () => {
    const videoId = await newVideo();
    const file = fakeMp4(3 * 1024 * 1024 + 123);
    const created = await open(videoId, file.length);
    expect(created.status).toBe(201);
    const url = base + created.headers.get('location')!;

    // The first half arrives, then the connection drops part way through the second.
    const half = Math.floor(file.length / 2);
    const first = await fetch(url, {
      method: 'PATCH',
      headers: tusHeaders(leader, {
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      }),
      body: file.subarray(0, half),
    });
    expect(first.status).toBe(204);
    expect(Number(first.headers.get('upload-offset'))).toBe(half);
    await patchThenDrop(url, half, file.subarray(half), 512 * 1024);

    // The client asks how far it got and sends the rest from there.
    let offset = await offsetOf(url);
    for (let tries = 0; offset < half && tries < 20; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      offset = await offsetOf(url);
    }
    expect(offset).toBeGreaterThanOrEqual(half);
    expect(offset).toBeLessThan(file.length);
    const rest = await fetch(url, {
      method: 'PATCH',
      headers: tusHeaders(leader, {
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      }),
      body: file.subarray(offset),
    });
    expect(rest.status).toBe(204);

    const video = await server.db
      .selectFrom('videos')
      .select(['source_path', 'duration_seconds'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video.source_path).toMatch(/^videos\/\d+-[0-9a-f]+\.mp4$/);
    // Its length, from the file's movie header.
    expect(video.duration_seconds).toBe(20);
    const stored = await readAll(storage, 'private', video.source_path!);
    expect(stored?.equals(file)).toBe(true);
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('resource', '=', 'videos')
      .where('resource_id', '=', String(videoId))
      .where('action', '=', 'upload')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ has_file: true });

    // The student player streams it as any other video, byte for byte.
    const student = await makeStudent(server.db);
    const vt = studentClient(server).signedVideoToken(videoId, student.userId);
    const streamed = await server.app.inject({
      method: 'GET',
      url: `/api/v1/video/stream/${videoId}?vt=${vt}`,
    });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.rawPayload.equals(file)).toBe(true);
  });

  it('refuses a file that is not a video, an unknown video, students and guests', async () => {
    const videoId = await newVideo();
    const text = Buffer.from('هذا ليس فيديو'.repeat(100));
    const created = await open(videoId, text.length);
    const url = base + created.headers.get('location')!;
    const sent = await fetch(url, {
      method: 'PATCH',
      headers: tusHeaders(leader, {
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      }),
      body: text,
    });
    expect(sent.status).toBe(422);
    expect(await sent.text()).toBe('نوع الملف غير مسموح، ارفع فيديو بصيغة MP4');
    const row = await server.db
      .selectFrom('videos')
      .select('source_path')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(row.source_path).toBeNull();

    const unknown = await open(999_999, 10);
    expect(unknown.status).toBe(422);
    expect((await open(videoId, 10, (await makeStudent(server.db)).token)).status).toBe(403);
    const guest = await fetch(base + UPLOADS, {
      method: 'POST',
      headers: tusHeaders(null, { 'upload-length': '10' }),
    });
    expect(guest.status).toBe(401);
    const tooBig = await open(videoId, 3 * 1024 * 1024 * 1024);
    expect(tooBig.status).toBe(413);
  });
});

/** Sends a whole file in one PATCH; `authorization` as the client spells it. */
async function sendAll(url: string, file: Buffer, authorization = `Bearer ${leader}`) {
  return fetch(url, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      authorization,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: file,
  });
}

const sourceOf = async (videoId: number) =>
  (
    await server.db
      .selectFrom('videos')
      .select('source_path')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow()
  ).source_path;
const storedFile = (key: string) => path.join(privateDir, ...key.split('/'));
const idOf = (res: Response) => res.headers.get('location')!.split('/').at(-1)!;

/** The files under `dir` this process holds open (Linux: /proc/self/fd), e.g. a leaked handle. */
function openFilesUnder(dir: string): string[] {
  if (!fs.existsSync('/proc/self/fd')) return [];
  return fs
    .readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(dir));
}

describe('a finished upload, and one that is given up', () => {
  it('accepts "Bearer" and two blanks, as the sign-in does, and leaves no part behind nor open', async () => {
    const videoId = await newVideo();
    const file = fakeMp4(64 * 1024);
    const created = await fetch(base + UPLOADS, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer  ${leader}`,
        'upload-length': String(file.length),
        'upload-metadata': `video_id ${b64(String(videoId))}`,
      },
    });
    expect(created.status).toBe(201);
    const id = idOf(created);
    // The upload's id: 32 hex characters, nothing the client chose.
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(fs.existsSync(path.join(tusDir, id))).toBe(true);
    const sent = await sendAll(base + created.headers.get('location')!, file, `Bearer  ${leader}`);
    expect(sent.status).toBe(204);
    const key = await sourceOf(videoId);
    expect(key).toMatch(/^videos\/\d+-[0-9a-f]+\.mp4$/);
    expect(fs.readFileSync(storedFile(key!)).equals(file)).toBe(true);
    // The part and its record left the uploads folder with the finished file.
    expect(fs.existsSync(path.join(tusDir, id))).toBe(false);
    expect(fs.existsSync(path.join(tusDir, `${id}.json`))).toBe(false);
    for (let i = 0; i < 20 && openFilesUnder(tusDir).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(openFilesUnder(tusDir)).toEqual([]);
    // The audit names the leader who uploaded it.
    const leaderRow = await server.db
      .selectFrom('users')
      .innerJoin('auth_tokens', 'auth_tokens.user_id', 'users.id')
      .select(['users.id', 'users.name'])
      .where('auth_tokens.token_hash', '=', hashToken(leader))
      .executeTakeFirstOrThrow();
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .select(['user_id', 'user_name'])
      .where('resource', '=', 'videos')
      .where('resource_id', '=', String(videoId))
      .where('action', '=', 'upload')
      .execute();
    expect(audit).toEqual([{ user_id: leaderRow.id, user_name: leaderRow.name }]);
  });

  it("removes a video's earlier uploaded file when a new one replaces it, never the seed's shared sample", async () => {
    const videoId = await newVideo();
    const first = fakeMp4(40 * 1024);
    const second = fakeMp4(50 * 1024);
    const one = await open(videoId, first.length);
    expect((await sendAll(base + one.headers.get('location')!, first)).status).toBe(204);
    const firstKey = (await sourceOf(videoId))!;
    expect(fs.existsSync(storedFile(firstKey))).toBe(true);
    const two = await open(videoId, second.length);
    expect((await sendAll(base + two.headers.get('location')!, second)).status).toBe(204);
    const secondKey = (await sourceOf(videoId))!;
    expect(secondKey).not.toBe(firstKey);
    expect(fs.readFileSync(storedFile(secondKey)).equals(second)).toBe(true);
    expect(fs.existsSync(storedFile(firstKey))).toBe(false);

    // A demo video plays the seed's sample, shared by many videos: a new upload leaves it be.
    const sample = await server.db
      .selectFrom('videos')
      .select('source_path')
      .where('source_path', 'is not', null)
      .where('source_path', 'not like', 'videos/%')
      .executeTakeFirstOrThrow();
    expect(fs.existsSync(storedFile(sample.source_path!))).toBe(true);
    const demo = await newVideo();
    await server.db
      .updateTable('videos')
      .set({ source_path: sample.source_path })
      .where('id', '=', demo)
      .execute();
    const three = await open(demo, first.length);
    expect((await sendAll(base + three.headers.get('location')!, first)).status).toBe(204);
    expect(await sourceOf(demo)).toMatch(/^videos\//);
    expect(fs.existsSync(storedFile(sample.source_path!))).toBe(true);
  });

  it('refuses the last part of a leader signed out while it was sent, and sets nothing', async () => {
    const videoId = await newVideo();
    const other = (await makeStaff(server.db, 'leader')).token;
    const file = fakeMp4(128 * 1024);
    const created = await open(videoId, file.length, other);
    expect(created.status).toBe(201);
    const id = idOf(created);
    let signOut!: () => void;
    const signedOut = new Promise<void>((r) => (signOut = r));
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(base + created.headers.get('location')!, {
        method: 'PATCH',
        headers: tusHeaders(other, {
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(file.length),
        }),
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.write(file.subarray(0, 1000));
      // The rest goes once the sign-in is over (below).
      signedOut.then(() => req.end(file.subarray(1000)), reject);
    });
    // The server is writing the first bytes: the request was let in.
    for (let i = 0; i < 100 && fs.statSync(path.join(tusDir, id)).size < 1000; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(fs.statSync(path.join(tusDir, id)).size).toBe(1000);
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${other}` },
    });
    expect(logout.statusCode).toBe(200);
    signOut();
    expect(await answer).toEqual({ status: 401, body: 'يجب تسجيل الدخول أولاً' });
    expect(await sourceOf(videoId)).toBeNull();
  });

  it('lets a leader cancel an upload: both of its files go and it is unknown after', async () => {
    const videoId = await newVideo();
    const file = fakeMp4(64 * 1024);
    const created = await open(videoId, file.length);
    const url = base + created.headers.get('location')!;
    const id = idOf(created);
    const first = await fetch(url, {
      method: 'PATCH',
      headers: tusHeaders(leader, {
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      }),
      body: file.subarray(0, 1000),
    });
    expect(first.status).toBe(204);
    expect(fs.existsSync(path.join(tusDir, `${id}.json`))).toBe(true);
    const cancelled = await fetch(url, { method: 'DELETE', headers: tusHeaders(leader) });
    expect(cancelled.status).toBe(204);
    expect(fs.existsSync(path.join(tusDir, id))).toBe(false);
    expect(fs.existsSync(path.join(tusDir, `${id}.json`))).toBe(false);
    const head = await fetch(url, { method: 'HEAD', headers: tusHeaders(leader) });
    expect([404, 410]).toContain(head.status);
    expect(await sourceOf(videoId)).toBeNull();
  });
});

describe('attachments and images, judged by their bytes', () => {
  const form = multipartForm;

  it('stores a PDF attachment that students then download, and refuses a disguised file', async () => {
    const lecture = (
      await server.db.selectFrom('lectures').select('id').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000), Buffer.from('%%EOF')]);
    const ok = form([
      { name: 'lecture_id', value: String(lecture) },
      { name: 'name', value: 'ملخص الدرس' },
      { name: 'file', value: pdf, filename: 'notes.pdf' },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/staff/attachments',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${admin}`, ...ok.headers },
      payload: ok.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'ملخص الدرس',
      extension: 'pdf',
      size: pdf.length,
    });
    const row = await server.db
      .selectFrom('attachments')
      .select('file_path')
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect((await readAll(storage, 'private', row.file_path))?.equals(pdf)).toBe(true);

    const fake = form([
      { name: 'lecture_id', value: String(lecture) },
      { name: 'name', value: 'ملف' },
      { name: 'file', value: Buffer.from('<script>alert(1)</script>'), filename: 'x.pdf' },
    ]);
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/v1/staff/attachments',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${admin}`, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file[0]).toBe('نوع الملف غير مسموح');
  });

  it('sets a course cover from an image, and refuses an SVG', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const course = (
      await server.db.selectFrom('courses').select('id').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const ok = form([{ name: 'file', value: png, filename: 'cover.png' }]);
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/staff/courses/${course}/image`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${leader}`, ...ok.headers },
      payload: ok.payload,
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/storage\/courses\/[0-9a-f]+\.png$/);
    const page = await server.app.inject({ method: 'GET', url: `/api/v1/courses/${course}` });
    expect(page.json().data.image_url).toBe(url);

    const svg = form([
      {
        name: 'file',
        value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        filename: 'a.svg',
      },
    ]);
    const refused = await server.app.inject({
      method: 'POST',
      url: `/api/v1/staff/courses/${course}/image`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${leader}`, ...svg.headers },
      payload: svg.payload,
    });
    expect(refused.statusCode).toBe(422);
  });
});
