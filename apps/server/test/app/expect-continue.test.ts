import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { PNG } from '../exams/exam-client';

/**
 * `Expect: 100-continue` over a real socket (issue 23): a body declared over its route's limit
 * is refused with the Arabic 413 before the client sends it; a body within it is asked for
 * with `100 Continue` and then answered.
 */

// Written out: Fastify's JSON body limit is 1 MiB; the avatar's body may be its 5 MiB file
// and 1 MiB for the form around it.
const JSON_LIMIT = 1024 * 1024;
const AVATAR_BODY_LIMIT = 6 * 1024 * 1024;
const TOO_LARGE = 'حجم البيانات المُرسلة أكبر من المسموح';

let server: TestServer;
let port: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as { port: number }).port;
  token = (await makeStudent(server.db)).token;
});
afterAll(() => server?.close());

interface Exchange {
  /** Interim (1xx) answers, in order. */
  interim: number[];
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends the headers with `Expect: 100-continue` and `Content-Length: declared`, and the body
 * only if the server answers `100 Continue` (as curl and Node's client do).
 */
function expectContinue(
  target: string,
  headers: Record<string, string>,
  declared: number,
  body: Buffer = Buffer.alloc(0),
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const interim: number[] = [];
    const [method, path] = target.includes(' ') ? target.split(' ') : ['POST', target];
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      method,
      headers: {
        ...WEB_HEADERS,
        ...headers,
        expect: '100-continue',
        'content-length': String(declared),
      },
    });
    req.on('information', (info) => interim.push(info.statusCode));
    req.on('continue', () => req.end(body));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({
          interim,
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

function avatarForm(file: Buffer) {
  const boundary = '----dars-expect';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('Expect: 100-continue', () => {
  it('refuses a JSON body declared over 1 MiB with the Arabic 413, without a 100', async () => {
    for (const declared of [JSON_LIMIT + 1, 50 * JSON_LIMIT]) {
      const res = await expectContinue(
        '/api/v1/login',
        { 'content-type': 'application/json' },
        declared,
      );
      expect(res.interim).toEqual([]);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ message: TOO_LARGE, code: 'VALIDATION_FAILED' });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      // Node closes a connection whose body was never asked for, so no stray bytes follow.
      expect(res.headers.connection).toBe('close');
    }
  });

  it('refuses an avatar declared over its file and form limit, without a 100', async () => {
    const { contentType } = avatarForm(PNG);
    for (const declared of [AVATAR_BODY_LIMIT + 1, 2 * 1024 * 1024 * 1024]) {
      const res = await expectContinue(
        '/api/v1/profile/avatar',
        { 'content-type': contentType, authorization: `Bearer ${token}` },
        declared,
      );
      expect(res.interim).toEqual([]);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ message: TOO_LARGE, code: 'VALIDATION_FAILED' });
    }
  });

  it('asks for a body within the limit with 100 Continue, then answers it', async () => {
    const login = Buffer.from(
      JSON.stringify({ login: 'nobody@dars.test', password: 'wrong-pass' }),
    );
    const refused = await expectContinue(
      '/api/v1/login',
      { 'content-type': 'application/json' },
      login.length,
      login,
    );
    expect(refused.interim).toEqual([100]);
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.body).code).toBe('INVALID_CREDENTIALS');

    // An avatar of exactly its 5 MiB limit: a body far over the JSON limit, within its own.
    const picture = Buffer.alloc(5 * 1024 * 1024, 0x20);
    PNG.copy(picture);
    const { body, contentType } = avatarForm(picture);
    const res = await expectContinue(
      '/api/v1/profile/avatar',
      { 'content-type': contentType, authorization: `Bearer ${token}` },
      body.length,
      body,
    );
    expect(res.interim).toEqual([100]);
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body).user.avatar).toMatch(/^\/storage\/avatars\/\d+-[0-9a-f]+\.png$/);
  });

  it('asks a staff video upload (tus) for a part far over the JSON limit', async () => {
    const course = await makeCourse(server, { lectures: 1 });
    const video = await server.db
      .selectFrom('videos')
      .select('id')
      .where('lecture_id', '=', course.lectures[0]!.id)
      .executeTakeFirstOrThrow();
    const leader = (await makeStaff(server.db, 'leader')).token;
    const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${leader}` };
    const opened = await fetch(`http://127.0.0.1:${port}/api/v1/staff/uploads/videos`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(3 * 1024 * 1024),
        'upload-metadata': `video_id ${Buffer.from(String(video.id)).toString('base64')}`,
      },
    });
    expect(opened.status).toBe(201);
    const part = Buffer.alloc(2 * 1024 * 1024, 1);
    const res = await expectContinue(
      `PATCH ${opened.headers.get('location')}`,
      { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      part.length,
      part,
    );
    expect(res.interim).toEqual([100]);
    expect(res.status, res.body).toBe(204);
    expect(res.headers['upload-offset']).toBe(String(2 * 1024 * 1024));
  });

  it('refuses a guest before asking for the body', async () => {
    const { body, contentType } = avatarForm(PNG);
    const res = await expectContinue(
      '/api/v1/profile/avatar',
      { 'content-type': contentType },
      body.length,
      body,
    );
    expect(res.interim).toEqual([]);
    expect(res.status).toBe(401);
  });
});
