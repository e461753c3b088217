import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/database';
import type { DB } from '../../src/db/schema';
import { guestAnswerCache } from '../../src/plugins/http-cache';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { tokenFor } from '../sign-in';

// Two server instances on one database, as behind a load balancer: `a` answers guests, and
// every change is made through `b` (its API or its own connection), never through `a`.
let server: TestServer;
let other: Database;
let b: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer();
  const pgSchema =
    server.dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(server.db)).rows[0]!.s
      : undefined;
  other = openDatabase({
    databaseUrl: server.config.databaseUrl,
    sqliteFile: path.join(server.config.dataDir, 'dars.sqlite'),
    pgSchema,
    poolSize: 2,
  });
  b = await buildApp({ db: other.db, dialect: other.dialect, config: server.config });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await other.destroy();
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { ...WEB_HEADERS, ...headers } });

async function json(url: string) {
  const res = await get(url);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json();
}

/** The SQL statements instance `a` runs while answering one guest GET. */
async function queriesOf(url: string): Promise<string[]> {
  const spy = vi.spyOn(server.db, 'executeQuery');
  try {
    await get(url);
    return spy.mock.calls.map(([query]) => (query as CompiledQuery).sql);
  } finally {
    spy.mockRestore();
  }
}

type Card = { id: number; name: string; users_count: number; lectures_count: number };

async function firstCourse(): Promise<Card> {
  return (await json('/api/v1/courses')).data[0];
}

describe('guest answers kept by the server, keyed by the catalogue version', () => {
  it('answers a repeated guest request by reading the catalogue version alone', async () => {
    const course = await firstCourse();
    const teacher = await server.db.selectFrom('teachers').select('id').executeTakeFirstOrThrow();
    for (const url of [
      '/api/v1/courses',
      `/api/v1/courses/${course.id}`,
      '/api/v1/welcome',
      `/api/v1/teachers/${teacher.id}`,
    ]) {
      const first = await get(url);
      const again = await queriesOf(url);
      expect(again, url).toHaveLength(1);
      expect(again[0], url).toMatch(/from "catalog_version"/);
      const repeat = await get(url);
      expect(repeat.body, url).toBe(first.body);
      expect(repeat.headers.etag, url).toBe(first.headers.etag);
      expect(repeat.headers['content-type'], url).toBe('application/json; charset=utf-8');
    }
  });

  it('shows at once what another instance changed: names, lectures, links, exams, publishing', async () => {
    const course = await firstCourse();
    const page = `/api/v1/courses/${course.id}`;
    await json(page);
    const { lectures } = (await json(page)).data as {
      lectures: { id: number; enable_videos: boolean }[];
    };
    const open = lectures.findIndex((l) => l.enable_videos);
    expect(open).toBeGreaterThanOrEqual(0);

    await other.db
      .updateTable('courses')
      .set({ name: 'اسم غيّره خادم آخر' })
      .where('id', '=', course.id)
      .execute();
    expect((await firstCourse()).name).toBe('اسم غيّره خادم آخر');
    expect((await json(page)).data.name).toBe('اسم غيّره خادم آخر');

    await other.db
      .insertInto('lectures')
      .values({
        course_id: course.id,
        name: 'محاضرة أضافها خادم آخر',
        position: 999,
        free: 0,
        price: 0,
        preview: 0,
        expiry_days: null,
        repurchasable: 0,
        repurchase_price: null,
        paycard_disabled: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const withLecture = (await json(page)).data;
    expect(withLecture.lectures.at(-1).name).toBe('محاضرة أضافها خادم آخر');
    expect((await firstCourse()).lectures_count).toBe(course.lectures_count + 1);

    const exam = await other.db.selectFrom('exams').select('id').executeTakeFirstOrThrow();
    await other.db
      .insertInto('lecture_exams')
      .values({
        lecture_id: lectures[open]!.id,
        exam_id: exam.id,
        position: 0,
        must_pass: 1,
        must_take: 0,
        alternative_exam_id: null,
        navigate_to_alternative: 0,
      })
      .execute();
    expect((await json(page)).data.lectures[open].enable_videos).toBe(false);

    const grade = await other.db
      .insertInto('grades')
      .values({ name: 'صف أضافه خادم آخر', position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await other.db
      .insertInto('course_grades')
      .values({ course_id: course.id, grade_id: grade.id })
      .execute();
    const grades = (await firstCourse()) as Card & { grades: { name: string }[] };
    expect(grades.grades.map((g) => g.name)).toContain('صف أضافه خادم آخر');

    const teacherId = withLecture.teachers[0].id as number;
    await other.db
      .updateTable('teachers')
      .set({ name: 'مدرس غيّره خادم آخر' })
      .where('id', '=', teacherId)
      .execute();
    expect((await json(page)).data.teachers[0].name).toBe('مدرس غيّره خادم آخر');
    expect((await json(`/api/v1/teachers/${teacherId}`)).teacher.name).toBe('مدرس غيّره خادم آخر');

    await other.db
      .updateTable('courses')
      .set({ featured: 1 })
      .where('id', '=', course.id)
      .execute();
    const welcome = (await json('/api/v1/welcome')).featured_courses as Card[];
    expect(welcome.map((c) => c.id)).toContain(course.id);

    await other.db
      .updateTable('courses')
      .set({ published: 0 })
      .where('id', '=', course.id)
      .execute();
    expect((await get(page)).statusCode).toBe(404);
    expect((await firstCourse()).id).not.toBe(course.id);
    await other.db
      .updateTable('courses')
      .set({ published: 1 })
      .where('id', '=', course.id)
      .execute();
    expect((await json(page)).data.id).toBe(course.id);
  });

  it('counts a student who joined through another instance at once', async () => {
    const free = await server.db
      .selectFrom('courses')
      .select('id')
      .where('pay_type', '=', 'lectures')
      .where('published', '=', 1)
      .where('users_limit', 'is', null)
      .executeTakeFirstOrThrow();
    const page = `/api/v1/courses/${free.id}`;
    const before = (await json(page)).data.users_count as number;
    await json(page);
    const { token, userId } = await tokenFor(other.db, 'student@dars.test');
    await other.db
      .deleteFrom('enrollments')
      .where('user_id', '=', userId)
      .where('course_id', '=', free.id)
      .execute();
    const left = (await json(page)).data.users_count as number;
    const joined = await b.inject({
      method: 'POST',
      url: `/api/v1/courses/${free.id}/join`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await json(page)).data.users_count).toBe(left + 1);
    expect(left).toBeLessThanOrEqual(before);
  });

  it('keeps the tag of an answer that a change elsewhere left alone, so a 304 still holds', async () => {
    const [one, two] = (await json('/api/v1/courses')).data as Card[];
    const page = `/api/v1/courses/${one!.id}`;
    const first = await get(page);
    await other.db
      .updateTable('courses')
      .set({ name: 'تغيير في دورة أخرى' })
      .where('id', '=', two!.id)
      .execute();
    const again = await get(page, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never serves a student from the guest answers, nor keeps a student’s answer for guests', async () => {
    const guest = await get('/api/v1/courses');
    const course = guest.json().data[0] as Card;
    const { token, userId } = await tokenFor(server.db, 'student@dars.test');
    await other.db
      .insertInto('enrollments')
      .values({
        user_id: userId,
        course_id: course.id,
        created_at: new Date().toISOString(),
        pay_by: 'join',
        price_paid: 0,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const auth = { authorization: `Bearer ${token}` };
    const mine = await get('/api/v1/courses', auth);
    expect(mine.json().data[0].joined).toBe(true);
    expect(mine.headers.etag).toBeUndefined();
    // The student's answer was built after the change; a guest still gets a guest's answer.
    const guestAgain = await get('/api/v1/courses');
    expect(guestAgain.json().data[0].joined).toBe(false);
    expect((await get('/api/v1/courses', auth)).json().data[0].joined).toBe(true);
  });

  it('is bounded: the least recently used answer goes first', async () => {
    const mini = Fastify({ logger: false });
    const answers = guestAnswerCache(server.db as Kysely<DB>, { maxEntries: 2 });
    let built = 0;
    mini.get('/n/:n', { onRequest: answers.onRequest, onSend: answers.onSend }, async (request) => {
      built += 1;
      return { n: (request.params as { n: string }).n };
    });
    await mini.ready();
    const n = async (i: number) => (await mini.inject({ method: 'GET', url: `/n/${i}` })).json();
    await n(1);
    await n(2);
    await n(1); // kept; now the most recently used
    expect(built).toBe(2);
    await n(3); // pushes out 2
    expect(answers.size).toBe(2);
    await n(1);
    expect(built).toBe(3);
    await n(2);
    expect(built).toBe(4);
    await mini.close();
  });
});

describe('the part of a signed-in student’s answer that every reader shares (ADR 057)', () => {
  it('shows a student on this instance at once what another instance changed', async () => {
    const { token, userId } = await tokenFor(server.db, 'student2@dars.test');
    const auth = { authorization: `Bearer ${token}` };
    const mine = async (url: string) => {
      const res = await get(url, auth);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const course = (await mine('/api/v1/courses')).data[0] as Card & { joined: boolean };
    await mine(`/api/v1/courses/${course.id}`);
    await other.db
      .updateTable('courses')
      .set({ name: 'اسم غيّره خادم آخر لطالب' })
      .where('id', '=', course.id)
      .execute();
    expect((await mine('/api/v1/courses')).data[0].name).toBe('اسم غيّره خادم آخر لطالب');
    expect((await mine(`/api/v1/courses/${course.id}`)).data.name).toBe('اسم غيّره خادم آخر لطالب');
    await other.db
      .deleteFrom('enrollments')
      .where('user_id', '=', userId)
      .where('course_id', '=', course.id)
      .execute();
    expect((await mine('/api/v1/courses')).data[0].joined).toBe(false);
    const joined = await b.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.id}/join`,
      headers: { ...WEB_HEADERS, ...auth },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await mine('/api/v1/courses')).data[0].joined).toBe(true);
    expect((await mine(`/api/v1/courses/${course.id}`)).data.joined).toBe(true);
  });

  it('builds a part once per key and version, keeps no failed build, and is bounded', async () => {
    const parts = guestAnswerCache(server.db as Kysely<DB>, { maxEntries: 2 });
    let built = 0;
    const build = (value: string) => async () => {
      built += 1;
      return { value };
    };
    // Asked together: one build serves them all.
    const [x, y] = await Promise.all([
      parts.shared('a', build('a')),
      parts.shared('a', build('a')),
    ]);
    expect(x).toBe(y);
    expect(built).toBe(1);
    expect(await parts.shared('a', build('a'))).toBe(x);
    expect(built).toBe(1);
    // A failed build is asked again.
    await expect(
      parts.shared('bad', () => Promise.reject(new Error('no database'))),
    ).rejects.toThrow('no database');
    expect(await parts.shared('bad', build('bad'))).toEqual({ value: 'bad' });
    expect(built).toBe(2);
    // Bounded: 'b' pushes out the least recently used.
    await parts.shared('b', build('b'));
    expect(parts.sharedSize).toBe(2);
    // A change to the catalogue: every part is built again.
    await other.db
      .updateTable('catalog_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    const before = built;
    expect(await parts.shared('b', build('b'))).toEqual({ value: 'b' });
    expect(built).toBe(before + 1);
    expect(parts.sharedSize).toBe(1);
  });
});
