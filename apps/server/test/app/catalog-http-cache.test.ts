import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { tokenFor } from '../sign-in';

let server: TestServer;
let courseId: number;
let teacherId: number;
let student: string;
let studentId: number;
beforeAll(async () => {
  server = await startTestServer();
  courseId = (await server.db.selectFrom('courses').select('id').executeTakeFirstOrThrow()).id;
  teacherId = (await server.db.selectFrom('teachers').select('id').executeTakeFirstOrThrow()).id;
  ({ token: student, userId: studentId } = await tokenFor(server.db, 'student@dars.test'));
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { ...WEB_HEADERS, ...headers } });

const publicReads = () => [
  '/api/v1/courses',
  `/api/v1/courses?query=${encodeURIComponent('الفيزياء')}&page=1`,
  `/api/v1/courses/${courseId}`,
  '/api/v1/welcome',
  `/api/v1/teachers/${teacherId}`,
];

describe('HTTP caching of public catalog reads', () => {
  it('tags a guest’s answer and answers a repeat with that tag by a bodiless 304', async () => {
    for (const url of publicReads()) {
      const first = await get(url);
      expect(first.statusCode, `${url} ${first.body}`).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(String(first.headers.vary)).toMatch(/\bAuthorization\b/i);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(String(again.headers.vary)).toMatch(/\bAuthorization\b/i);
      // A strong spelling of the tag, a list and * match too (weak comparison, RFC 9110).
      expect((await get(url, { 'if-none-match': etag.slice(2) })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': `"x", ${etag}` })).statusCode).toBe(304);
    }
  });

  it('answers in full when the tag is another one or the catalogue changed', async () => {
    const url = `/api/v1/courses/${courseId}`;
    const first = await get(url);
    expect((await get(url, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
    await server.db
      .updateTable('courses')
      .set({ name: 'اسم جديد للدورة' })
      .where('id', '=', courseId)
      .execute();
    const changed = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.name).toBe('اسم جديد للدورة');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('never tags nor 304s a signed-in student’s answer, which holds their joined flags', async () => {
    const guest = await get('/api/v1/courses');
    // The student has joined a course that the first page shows, whatever the demo's order.
    await server.db
      .insertInto('enrollments')
      .values({
        user_id: studentId,
        course_id: guest.json().data[0].id,
        created_at: new Date().toISOString(),
        pay_by: 'join',
        price_paid: 0,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const url of publicReads()) {
      const res = await get(url, {
        authorization: `Bearer ${student}`,
        'if-none-match': guest.headers.etag as string,
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.headers['cache-control']).toMatch(/no-store|private/);
      expect(String(res.headers.vary)).toMatch(/\bAuthorization\b/i);
    }
    const mine = await get('/api/v1/courses', { authorization: `Bearer ${student}` });
    expect(mine.json().data.some((c: { joined: boolean }) => c.joined)).toBe(true);
    expect(mine.body).not.toBe(guest.body);
  });

  it('does not tag errors', async () => {
    const missing = await get('/api/v1/courses/999999', { 'if-none-match': '*' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});
