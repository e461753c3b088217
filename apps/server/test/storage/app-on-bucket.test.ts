import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLectureContentsResponseSchema, getVideoResponseSchema } from '@dars/contract';
import { decryptVideoUrl } from '../../src/modules/videos/video-url';
import { localStorage, readAll, s3Storage, type Storage } from '../../src/storage';
import { moveFiles } from '../../src/storage/move-to-bucket';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeLecture } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { PNG } from '../exams/exam-client';
import { putSettings } from '../../src/modules/settings/settings-service';
import { walletClient } from '../wallet/wallet-client';
import { startTestBucket, type TestBucket } from './s3-server';

// The whole server on an S3 bucket (ADR 024): files the factories wrote into the data folder
// are moved by the folder-to-bucket command, the folder is emptied, and every read and write
// below can only have gone through the bucket.

let bucket: TestBucket;
let server: TestServer;
let storage: Storage;
let lecture: Awaited<ReturnType<typeof makeLecture>>;
let student: Awaited<ReturnType<typeof makeStudent>>;

const auth = (token: string) => ({ ...WEB_HEADERS, authorization: `Bearer ${token}` });
const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { ...WEB_HEADERS, ...headers } });

function multipart(field: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----dars-bucket-test';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const folderFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
    : [];

beforeAll(async () => {
  bucket = await startTestBucket();
  server = await startTestServer({ seed: false, env: bucket.env });
  storage = s3Storage(bucket.config);
  student = await makeStudent(server.db, { balance: 100 });
  lecture = await makeLecture(server, { price: 40, attachments: 1, videos: [3] });
  const moved = await moveFiles(localStorage(server.config.dataDir), storage, {
    removeSource: true,
  });
  expect(moved.copied).toBeGreaterThanOrEqual(2); // the clip and the attachment
  expect(folderFiles(path.join(server.config.dataDir, 'storage'))).toEqual([]);
  // Moving again finds everything there already.
  const again = await moveFiles(localStorage(server.config.dataDir), storage);
  expect(again).toMatchObject({ copied: 0 });
});
afterAll(async () => {
  storage.close();
  await server.close();
  await bucket.close();
});

describe('the server with its files in a bucket', () => {
  it('streams a bought attachment from the bucket, and refuses it without a valid link', async () => {
    const buy = await server.app.inject({
      method: 'POST',
      url: `/api/v1/lectures/${lecture.id}/purchase`,
      payload: { pay_by: 'wallet' },
      headers: auth(student.token),
    });
    expect(buy.statusCode, buy.body).toBe(200);
    const contents = getLectureContentsResponseSchema.parse(
      (await get(`/api/v1/lectures/${lecture.id}/contents`, auth(student.token))).json(),
    );
    const [pdf] = contents.attachments;
    const file = await get(pdf!.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers['cache-control']).toBe('private, no-store');

    // No link, a forged one, another file's: refused before the bucket is asked.
    const bare = pdf!.url.split('?')[0]!;
    expect((await get(bare)).statusCode).toBe(403);
    expect((await get(`${bare}?at=abc.def`)).statusCode).toBe(403);
    const other = pdf!.url.replace(`/attachments/${pdf!.id}/`, `/attachments/${pdf!.id + 1}/`);
    expect((await get(other)).statusCode).toBe(403);
    // Nor does the public file route reach private files.
    const privateKey = (await readAllKeys('private')).find((k) => k.endsWith('.pdf'))!;
    expect((await get(`/storage/${privateKey}`)).statusCode).toBe(404);
    expect((await get(`/storage/../private/${privateKey}`)).statusCode).toBe(404);
  });

  it('streams a video range from the bucket', async () => {
    const contents = getLectureContentsResponseSchema.parse(
      (await get(`/api/v1/lectures/${lecture.id}/contents`, auth(student.token))).json(),
    );
    const video = contents.videos[0]!;
    const opened = getVideoResponseSchema.parse(
      (await get(`/api/v1/video/apps/${video.id}`, auth(student.token))).json(),
    );
    const vt = new URL(decryptVideoUrl(opened.u)).searchParams.get('vt')!;
    const url = `/api/v1/video/stream/${video.id}?vt=${encodeURIComponent(vt)}`;
    const range = await get(url, { range: 'bytes=4-7' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.toString()).toBe('ftyp');
    expect(range.headers['content-range']).toMatch(/^bytes 4-7\/\d+$/);
    expect((await get(url.replace(/vt=[^&]+/, 'vt=forged'))).statusCode).toBe(403);
  });

  it('keeps a new avatar in the bucket and serves it at /storage/', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/profile/avatar',
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...auth(student.token) } }))(
        multipart('avatar', PNG),
      ),
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().user.avatar as string;
    const key = url.replace('/storage/', '');
    expect((await readAll(storage, 'public', key))!.equals(PNG)).toBe(true);
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(folderFiles(path.join(server.config.dataDir, 'storage'))).toEqual([]);
    expect((await get('/storage/avatars/none.png')).statusCode).toBe(404);
  });

  it('keeps a mobile-wallet receipt in the bucket', async () => {
    await putSettings(server.db, {
      enable_wallet_system: true,
      recharge_info: {
        min_recharge_amount: 20,
        supported_methods: ['mobile_wallets'],
        mobile_wallet_number: '01001234567',
      },
    });
    const res = await walletClient(server).mobileWallet(
      student.token,
      { amount: '50', payer_number: '01012345678' },
      { bytes: PNG, type: 'image/png' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await server.db
      .selectFrom('mobile_payments')
      .select('receipt_path')
      .where('user_id', '=', student.userId)
      .executeTakeFirstOrThrow();
    expect((await readAll(storage, 'private', row.receipt_path))!.equals(PNG)).toBe(true);
    expect(folderFiles(path.join(server.config.dataDir, 'storage'))).toEqual([]);
  });
});

async function readAllKeys(area: 'public' | 'private') {
  const keys: string[] = [];
  for await (const item of storage.list(area)) keys.push(item.key);
  return keys;
}
