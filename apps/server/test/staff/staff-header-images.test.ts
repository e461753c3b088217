import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { PNG } from '../exams/exam-client';
import { formBody, type ReceiptFile } from '../wallet/wallet-client';
import { makeStaff } from './staff-factory';

/**
 * The home slider's images (issue 23): an upload is judged by its bytes, not its name or
 * declared type, and answers in Arabic; a saved list is what the home page shows, audited.
 */

let server: TestServer;
let leader: string;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  leader = (await makeStaff(server.db, 'leader')).token;
}, 120_000);
afterAll(() => server?.close());

function upload(token: string, file: ReceiptFile) {
  const body = formBody({}, 'file', file);
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/staff/home/header-images/upload',
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** The files stored for slides so far. */
function storedSlides(): string[] {
  const dir = path.join(server.config.dataDir, 'storage', 'public', 'slides');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe('home slider images', () => {
  it('stores a real PNG and the saved list is what the home page shows, audited', async () => {
    const res = await upload(leader, { bytes: PNG, type: 'image/png', name: 'slide.png' });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/storage\/slides\/[0-9a-f]{16}\.png$/);
    expect(storedSlides()).toEqual([path.basename(url)]);

    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/home/header-images',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${leader}` },
      payload: { header_images: [{ url, href: null, to: '/courses' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const student = await makeStudent(server.db);
    const home = await server.app.inject({
      method: 'GET',
      url: '/api/v1/home',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${student.token}` },
    });
    expect(home.json().data.header_images).toEqual([{ url, href: null, to: '/courses' }]);
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('resource', '=', 'header-images')
      .orderBy('id')
      .execute();
    // The upload's row, then the saved list's.
    expect(audit.map((row) => row.action)).toEqual(['upload', 'update']);
    expect(JSON.parse(audit[0]!.after!)).toEqual({ url });
    expect(JSON.parse(audit[1]!.after!)).toEqual([{ url, href: null, to: '/courses' }]);
  });

  it('refuses a text file renamed .png and sent as image/png, in Arabic, storing nothing', async () => {
    const before = storedSlides();
    const res = await upload(leader, {
      bytes: Buffer.from('مرحبا، هذا ملف نصي وليس صورة\n'),
      type: 'image/png',
      name: 'slide.png',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toBe('اختر صورة صالحة');
    expect(storedSlides()).toEqual(before);
  });

  it('is staff work: a student is refused', async () => {
    const student = await makeStudent(server.db);
    const res = await upload(student.token, { bytes: PNG, type: 'image/png' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('هذا الحساب ليس من حسابات فريق العمل');
  });
});
