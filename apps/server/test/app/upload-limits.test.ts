import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeTeacher } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { makeExam, type TestExam } from '../factories/exams';
import { makeStudent } from '../factories/students';
import { examClient } from '../exams/exam-client';
import { makeStaff } from '../staff/staff-factory';

/**
 * Every upload refuses an oversize file every time (issue 23). busboy cuts a file at the
 * parser's limit, and when the cut fell just after a chunk the file came through as exactly
 * the limit's bytes: a broken picture stored behind a 200. Each route gets files one byte and
 * far over its limit, cut into chunks every way that matters, and must answer the Arabic 422
 * on its field each time with nothing stored; a file of exactly the limit is stored whole.
 */

// The limits, written out: 5 MiB for an image or a receipt, 50 MiB for a lecture attachment.
const FIVE_MIB = 5 * 1024 * 1024;
const FIFTY_MIB = 50 * 1024 * 1024;
const EIGHT_MIB = 8 * 1024 * 1024;
const TOO_LARGE = 'حجم الملف أكبر من المسموح';

// A 1×1 PNG; the bytes after it pad a file to any size and are still judged an image.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n');

function padded(head: Buffer, size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  head.copy(bytes);
  return bytes;
}

interface Attempt {
  token: string;
  fields: Record<string, string>;
}

interface UploadRoute {
  name: string;
  /** The contract's method and path. */
  endpoint: string;
  url: string;
  field: string;
  max: number;
  /** A file the route accepts (an image, or a PDF for an attachment), `size` bytes long. */
  file: (size: number) => Buffer;
  /** The token and text fields of one attempt; a new student where the route counts attempts. */
  attempt: () => Promise<Attempt>;
  /** What the route's rows hold now: a refusal must leave it as it was. */
  rows: () => Promise<unknown>;
  /** False: the file is read and dropped, not kept in storage. */
  stores?: false;
}

let server: TestServer;
let leader: string;
let admin: string;
let teacherId: number;
let courseId: number;
let lectureId: number;
let exam: TestExam;
const routes: UploadRoute[] = [];

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  leader = (await makeStaff(server.db, 'leader')).token;
  admin = (await makeStaff(server.db, 'admin')).token;
  teacherId = await makeTeacher(server.db);
  const course = await makeCourse(server, { lectures: 1 });
  courseId = course.id;
  lectureId = course.lectures[0]!.id;
  exam = await makeExam(server.db, { imagesAnswers: true, questions: [{ type: 'essay' }] });
  const questionId = exam.questions[0]!.id;
  await putSettings(server.db, {
    enable_wallet_system: true,
    recharge_info: {
      min_recharge_amount: 20,
      supported_methods: ['recharge_card', 'mobile_wallets'],
      mobile_wallet_number: '01001234567',
    },
  });
  const db = server.db;
  const image = (size: number) => padded(PNG, size);
  const asLeader = async (): Promise<Attempt> => ({ token: leader, fields: {} });
  // Each attempt as a new student: the avatar and the receipt are limited per account an hour.
  const student = async (fields: Record<string, string> = {}): Promise<Attempt> => ({
    token: (await makeStudent(db)).token,
    fields,
  });
  const audit = () =>
    db.selectFrom('staff_audit_log').select(['action', 'resource', 'resource_id']).execute();
  const teacher = () =>
    db
      .selectFrom('teachers')
      .select(['avatar_path', 'banner_path'])
      .where('id', '=', teacherId)
      .execute();
  const question = () =>
    db
      .selectFrom('questions')
      .select(['image_path', 'answer_explain_image'])
      .where('id', '=', questionId)
      .execute();
  const imageRoute = (
    name: string,
    path: string,
    id: number | null,
    rows: () => Promise<unknown>,
    attempt: () => Promise<Attempt> = asLeader,
  ): UploadRoute => ({
    name,
    endpoint: `POST ${path}`,
    url: `/api/v1${path.replace(':id', String(id))}`,
    field: 'file',
    max: FIVE_MIB,
    file: image,
    attempt,
    rows: async () => [await rows(), await audit()],
  });
  routes.push(
    {
      name: 'a student’s avatar',
      endpoint: 'POST /profile/avatar',
      url: '/api/v1/profile/avatar',
      field: 'avatar',
      max: FIVE_MIB,
      file: image,
      attempt: () => student(),
      rows: () =>
        db
          .selectFrom('users')
          .select(['id', 'avatar_path'])
          .where('avatar_path', 'is not', null)
          .execute(),
    },
    imageRoute('a teacher’s avatar', '/staff/teachers/:id/avatar', teacherId, teacher),
    imageRoute('a teacher’s banner', '/staff/teachers/:id/banner', teacherId, teacher),
    imageRoute('a course image', '/staff/courses/:id/image', courseId, () =>
      db.selectFrom('courses').select('image_path').where('id', '=', courseId).execute(),
    ),
    imageRoute('a question figure', '/staff/questions/:id/image', questionId, question),
    imageRoute(
      'a question’s explanation figure',
      '/staff/questions/:id/explain-image',
      questionId,
      question,
    ),
    imageRoute('a home slider image', '/staff/home/header-images/upload', null, async () => []),
    // The school's identity is the admin's (ADR 049).
    imageRoute(
      'a school logo',
      '/staff/settings/brand-image',
      null,
      async () => [],
      async () => ({
        token: admin,
        fields: {},
      }),
    ),
    {
      name: 'a lecture attachment',
      endpoint: 'POST /staff/attachments',
      url: '/api/v1/staff/attachments',
      field: 'file',
      max: FIFTY_MIB,
      file: (size) => padded(PDF, size),
      attempt: async () => ({
        token: leader,
        fields: { lecture_id: String(lectureId), name: 'ملخص كبير' },
      }),
      rows: async () => [await db.selectFrom('attachments').selectAll().execute(), await audit()],
    },
    {
      name: 'a mobile-wallet receipt',
      endpoint: 'POST /wallet/recharge/mobile-wallet',
      url: '/api/v1/wallet/recharge/mobile-wallet',
      field: 'attachment',
      max: FIVE_MIB,
      file: image,
      attempt: () => student({ amount: '150', payer_number: '01012345678' }),
      rows: () => db.selectFrom('mobile_payments').selectAll().execute(),
    },
    {
      name: 'an image answer',
      endpoint: 'POST /exams/session/answers/image',
      url: '/api/v1/exams/session/answers/image',
      field: 'answer_image',
      max: FIVE_MIB,
      file: image,
      attempt: async () => {
        const { token } = await makeStudent(db);
        const sessionToken = await examClient(server.app, token).tokenFor(exam.id);
        return {
          token,
          fields: {
            session_token: sessionToken,
            question_id: String(questionId),
            seq: '1',
          },
        };
      },
      rows: () => db.selectFrom('answer_attempts').selectAll().execute(),
    },
    {
      // A roster is read, not stored (ADR 052): the rows it would write are the students.
      name: 'a students roster',
      endpoint: 'POST /staff/students/import',
      url: '/api/v1/staff/students/import',
      field: 'file',
      max: EIGHT_MIB,
      file: (size) => padded(Buffer.from('الاسم,الهاتف\nعلي,01012345678\n'), size),
      attempt: async () => ({ token: admin, fields: { dry_run: '1' } }),
      rows: () => db.selectFrom('users').select('id').execute(),
      stores: false,
    },
  );
}, 120_000);
afterAll(() => server?.close());

/** A multipart body, and where its file's bytes start in it. */
function multipart(fields: Record<string, string>, field: string, file: Buffer) {
  const boundary = '----dars-upload-limits';
  const text = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${text.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, fileStart: head.length, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Where the body is cut into the chunks the server reads, given where the file starts and the
 * route's limit. The cut just after the limit's last byte is the one that stored a cut file.
 */
const CHUNKINGS: {
  name: string;
  cuts: (fileStart: number, max: number, length: number) => number[];
}[] = [
  { name: 'in one piece', cuts: () => [] },
  { name: 'cut where the limit ends', cuts: (start, max) => [start + max] },
  { name: 'cut one byte past the limit', cuts: (start, max) => [start + max + 1] },
  { name: 'cut one byte before the limit', cuts: (start, max) => [start + max - 1] },
  {
    name: 'in 64 KiB pieces',
    cuts: (_start, _max, length) =>
      Array.from({ length: Math.ceil(length / 65_536) - 1 }, (_, i) => (i + 1) * 65_536),
  },
];

function chunks(body: Buffer, cuts: number[]): Buffer[] {
  const at = [0, ...cuts.filter((c) => c > 0 && c < body.length), body.length];
  return at.slice(1).map((end, i) => body.subarray(at[i], end));
}

async function send(route: UploadRoute, file: Buffer, chunking: (typeof CHUNKINGS)[number]) {
  const { token, fields } = await route.attempt();
  const { body, fileStart, contentType } = multipart(fields, route.field, file);
  return server.app.inject({
    method: 'POST',
    url: route.url,
    headers: {
      ...WEB_HEADERS,
      authorization: `Bearer ${token}`,
      'content-type': contentType,
      'content-length': String(body.length),
    },
    payload: Readable.from(chunks(body, chunking.cuts(fileStart, route.max, body.length))),
  });
}

/** Every file in the server's storage (public and private), with its size. */
function storedFiles(): Map<string, number> {
  const root = path.join(server.config.dataDir, 'storage');
  const files = new Map<string, number>();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, full), fs.statSync(full).size);
  }
  return files;
}

/** Every route that takes a file in a form (the tus video upload has its own limit, ADR 022). */
const ROUTE_NAMES = [
  'a student’s avatar',
  'a teacher’s avatar',
  'a teacher’s banner',
  'a course image',
  'a question figure',
  'a question’s explanation figure',
  'a home slider image',
  'a school logo',
  'a lecture attachment',
  'a mobile-wallet receipt',
  'an image answer',
  'a students roster',
];

describe('an oversize upload is refused on every route, however it arrives', () => {
  it('covers every multipart call of the contract', () => {
    const multipartCalls = Object.values(endpoints)
      .filter((e) => 'multipart' in e && e.multipart)
      .map((e) => `${e.method} ${e.path}`);
    expect(routes.map((r) => r.endpoint).sort()).toEqual(multipartCalls.sort());
    expect(routes.map((r) => r.name)).toEqual(ROUTE_NAMES);
  });

  const overs = [
    { name: 'one byte over', extra: () => 1 },
    { name: 'far over', extra: (max: number) => max / 2 },
  ];
  it.each(ROUTE_NAMES)(
    '%s: a 422 on its field every time, nothing stored',
    async (name) => {
      const route = routes.find((r) => r.name === name)!;
      for (const over of overs) {
        const file = route.file(route.max + over.extra(route.max));
        for (const chunking of CHUNKINGS) {
          const files = storedFiles();
          const rows = await route.rows();
          const res = await send(route, file, chunking);
          const what = `${over.name}, ${chunking.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, what).toBe(422);
          expect(res.json(), what).toMatchObject({
            message: TOO_LARGE,
            errors: { [route.field]: [TOO_LARGE] },
          });
          expect(storedFiles(), what).toEqual(files);
          expect(await route.rows(), what).toEqual(rows);
        }
      }
      // A lecture attachment sends 50 and 75 MiB files each way: minutes on a busy 2-core machine.
    },
    180_000,
  );

  it.each(ROUTE_NAMES)(
    '%s: a file of exactly the limit is stored whole',
    async (name) => {
      const route = routes.find((r) => r.name === name)!;
      const file = route.file(route.max);
      for (const chunking of CHUNKINGS.slice(0, 2)) {
        const before = storedFiles();
        const res = await send(route, file, chunking);
        expect(res.statusCode, `${chunking.name}: ${res.body.slice(0, 200)}`).toBe(200);
        if (route.stores === false) {
          // Read whole: the roster's one row, after the padding's blank lines.
          expect(res.json().data).toMatchObject({ rows: 1, valid: 1 });
          continue;
        }
        const added = [...storedFiles()].filter(([key]) => !before.has(key));
        expect(added.map(([, size]) => size)).toEqual([route.max]);
        const stored = fs.readFileSync(path.join(server.config.dataDir, 'storage', added[0]![0]));
        expect(stored.equals(file)).toBe(true);
      }
    },
    180_000,
  );
});
