import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  COURSES_PAGE_SIZE,
  apiErrorSchema,
  getCourseResponseSchema,
  getCoursesResponseSchema,
  getWelcomeResponseSchema,
} from '@dars/contract';
import { COURSES } from '../../src/db/seed/catalog-data';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeLecture } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { tokenFor } from '../sign-in';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function courses(url: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({
    method: 'GET',
    url,
    headers: { ...WEB_HEADERS, ...headers },
  });
  expect(res.statusCode).toBe(200);
  return getCoursesResponseSchema.parse(res.json());
}

describe('GET /api/v1/courses', () => {
  it('pages through every published course, newest first, following links.next', async () => {
    const newest = await server.db
      .selectFrom('courses')
      .select('name')
      .where('published', '=', 1)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const first = await courses('/api/v1/courses');
    expect(first.data).toHaveLength(COURSES_PAGE_SIZE);
    expect(first.data[0]!.name).toBe(newest.name);
    expect(first.links.next).toMatch(/^\/api\/v1\/courses\?page=2&after=[\w-]+$/);
    const second = await courses(first.links.next!);
    expect(second.data).toHaveLength(COURSES.length - COURSES_PAGE_SIZE);
    expect(second.links.next).toBeNull();
    const ids = [...first.data, ...second.data].map((c) => c.id);
    expect(new Set(ids).size).toBe(COURSES.length);
  });

  it('searches names and descriptions, and keeps the search in links.next', async () => {
    const found = await courses(`/api/v1/courses?query=${encodeURIComponent('الكيمياء')}`);
    expect(found.data.length).toBeGreaterThanOrEqual(3);
    for (const c of found.data) expect(`${c.name} ${c.description}`).toContain('الكيمياء');
    const loose = await courses(`/api/v1/courses?query=${encodeURIComponent('الكيميآء العضويه')}`);
    expect(loose.data.map((c) => c.name)).toContain('الكيمياء العضوية من الصفر');
    const english = await courses('/api/v1/courses?query=grammar');
    expect(english.data.map((c) => c.name)).toEqual(['English Grammar Booster']);
  });

  it('treats LIKE wildcards in the search as text', async () => {
    expect((await courses('/api/v1/courses?query=%25')).data).toEqual([]);
    expect((await courses('/api/v1/courses?query=_')).data).toEqual([]);
  });

  it('filters by grade and by category, and combines them', async () => {
    const app = await server.app.inject({ method: 'GET', url: '/api/v1/app' });
    const { grades, categories } = app.json().data as {
      grades: { id: number; name: string }[];
      categories: { id: number; name: string }[];
    };
    // The demo's grades in the school's order (issue 24: the preparatory one came last).
    expect(grades.map((g) => g.name)).toEqual([
      'الصف الثالث الإعدادي',
      'الصف الأول الثانوي',
      'الصف الثاني الثانوي',
      'الصف الثالث الثانوي',
    ]);
    const prep = grades.find((g) => g.name === 'الصف الثالث الإعدادي')!;
    const byGrade = await courses(`/api/v1/courses?grade_id=${prep.id}`);
    expect(byGrade.data.map((c) => c.name)).toEqual(['الرياضيات للصف الثالث الإعدادي']);
    const math = categories.find((c) => c.name === 'الرياضيات')!;
    const byCategory = await courses(`/api/v1/courses?category_id=${math.id}`);
    expect(byCategory.data.length).toBe(COURSES.filter((c) => c.category === 0).length);
    for (const c of byCategory.data) expect(c.categories.map((x) => x.id)).toContain(math.id);
    const both = await courses(`/api/v1/courses?category_id=${math.id}&grade_id=${prep.id}`);
    expect(both.data).toHaveLength(1);
    const third = grades.find((g) => g.name === 'الصف الثالث الثانوي')!;
    const paged = await courses(`/api/v1/courses?grade_id=${third.id}`);
    if (paged.links.next) expect(paged.links.next).toContain(`grade_id=${third.id}`);
  });

  it('answers bad input with a clean page, never a 5xx', async () => {
    expect((await courses('/api/v1/courses?grade_id=999999')).data).toEqual([]);
    expect((await courses('/api/v1/courses?grade_id=abc')).links.next).toMatch(
      /^\/api\/v1\/courses\?page=2&after=/,
    );
    expect((await courses('/api/v1/courses?page=-3')).meta.current_page).toBe(1);
    expect((await courses('/api/v1/courses?page=abc')).meta.current_page).toBe(1);
    const beyond = await courses('/api/v1/courses?page=500');
    expect(beyond.data).toEqual([]);
    expect(beyond.links.next).toBeNull();
    const huge = await courses(`/api/v1/courses?query=${'ب'.repeat(10_000)}`);
    expect(huge.data).toEqual([]);
    const repeated = await server.app.inject({
      method: 'GET',
      url: '/api/v1/courses?query=a&query=b&grade_id=1&grade_id=2',
    });
    expect(repeated.statusCode).toBeLessThan(500);
  });

  it('describes each course fully: teachers with avatars, grades, counts, money in pounds', async () => {
    const { data } = await courses(
      `/api/v1/courses?query=${encodeURIComponent('الفيزياء الحديثة')}`,
    );
    const physics = data[0]!;
    expect(physics).toMatchObject({
      pay_type: 'course',
      price: 350,
      free: false,
      featured: true,
      show_preview: true,
      joined: false,
    });
    expect(physics.teachers[0]).toMatchObject({ name: 'أ. محمد عبد الحميد' });
    expect(physics.teachers[0]!.avatar).toMatch(/^\/storage\/.+\.svg$/);
    expect(physics.image_url).toMatch(/^\/storage\/.+\.svg$/);
    expect(physics.lectures_count).toBe(COURSES[0]!.lectures.length);
  });

  it('marks the courses the signed-in student joined, and treats an unknown token as a guest', async () => {
    const { token } = await tokenFor(server.db, 'student@dars.test');
    const chemistry = `/api/v1/courses?query=${encodeURIComponent('الكيمياء العضوية')}`;
    const signedIn = await courses(chemistry, { authorization: `Bearer ${token}` });
    const joined = signedIn.data.filter((c) => c.joined).map((c) => c.name);
    expect(joined).toContain('الكيمياء العضوية من الصفر');
    const stale = await courses(chemistry, {
      authorization: 'Bearer this-token-was-never-issued-123',
    });
    expect(stale.data.length).toBeGreaterThan(0);
    expect(stale.data.every((c) => !c.joined)).toBe(true);
  });
});

describe('GET /api/v1/courses/{id}', () => {
  it('gives a guest the course with its lectures in order, none purchased', async () => {
    const list = await courses(`/api/v1/courses?query=${encodeURIComponent('الكيمياء العضوية')}`);
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/courses/${list.data[0]!.id}`,
    });
    const { data } = getCourseResponseSchema.parse(res.json());
    expect(data.pay_type).toBe('lectures');
    expect(data.lectures.map((l) => l.name)).toEqual(COURSES[1]!.lectures);
    expect(data.lectures[0]).toMatchObject({ free: true, price: 0, purchased: false });
    expect(data.lectures[1]).toMatchObject({ free: false, preview: true, price: 40 });
    expect(data.lectures[3]).toMatchObject({ repurchasable: true, repurchase_price: 20 });
    expect(data.lectures[4]).toMatchObject({ paycard_disabled: true });
    expect(data.lectures[2]!.enable_videos).toBe(false); // an exam must be passed first
    expect(data.lectures.every((l) => !l.purchased)).toBe(true);
  });

  it('shows the signed-in student what they bought', async () => {
    const { token } = await tokenFor(server.db, 'student@dars.test');
    const list = await courses(`/api/v1/courses?query=${encodeURIComponent('الكيمياء العضوية')}`);
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/courses/${list.data[0]!.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = getCourseResponseSchema.parse(res.json());
    expect(data.joined).toBe(true);
    expect(data.purchased).toBe(false); // pay_type 'lectures' is joined, not bought
    expect(data.lectures.filter((l) => l.purchased).map((l) => l.name)).toEqual(
      COURSES[1]!.lectures.slice(0, 2),
    );
  });

  it('answers a JSON 404 in Arabic for a missing course or a malformed id', async () => {
    for (const url of ['/api/v1/courses/999999', '/api/v1/courses/abc', '/api/v1/courses/-1']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      const body = apiErrorSchema.parse(res.json());
      expect(body.code).toBe('NOT_FOUND');
      expect(body.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('hides an unpublished course and its lectures from guests and students alike', async () => {
    const { id } = await server.db
      .selectFrom('courses')
      .select('id')
      .where('name', '=', COURSES[1]!.name)
      .executeTakeFirstOrThrow();
    const { token } = await tokenFor(server.db, 'student@dars.test');
    await server.db.updateTable('courses').set({ published: 0 }).where('id', '=', id).execute();
    try {
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const res = await server.app.inject({
          method: 'GET',
          url: `/api/v1/courses/${id}`,
          headers: { ...WEB_HEADERS, ...headers },
        });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain(COURSES[1]!.lectures[0]!);
      }
    } finally {
      await server.db.updateTable('courses').set({ published: 1 }).where('id', '=', id).execute();
    }
  });
});

describe('GET /api/v1/welcome', () => {
  it('answers the featured courses only', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/welcome' });
    const { featured_courses } = getWelcomeResponseSchema.parse(res.json());
    expect(featured_courses.length).toBe(COURSES.filter((c) => c.featured).length);
    expect(featured_courses.every((c) => c.featured)).toBe(true);
  });
});

describe('catalog reads in one query', () => {
  /** The statements one request runs, every one the server sends to the database. */
  async function statementsOf(url: string, headers: Record<string, string> = {}) {
    const spy = vi.spyOn(server.db.getExecutor(), 'executeQuery');
    try {
      const res = await server.app.inject({
        method: 'GET',
        url,
        headers: { ...WEB_HEADERS, ...headers },
      });
      expect(res.statusCode).toBe(200);
      return spy.mock.calls.map(([query]) => query.sql);
    } finally {
      spy.mockRestore();
    }
  }

  // A signed-in student's answer is the one every reader shares, read once per catalogue
  // version, plus the student's own state (ADR 057): after the first request, each one reads
  // no catalogue table, only the student's rows, by the student's key.
  /** As any write to a catalogue table does (its triggers): every kept answer is then old. */
  const bumpCatalogVersion = () =>
    server.db
      .updateTable('catalog_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
  const CATALOGUE = /"(courses|course_teachers|course_grades|course_categories|teachers|grades)"/;

  it('reads a page of cards with their teachers, grades and categories in one query', async () => {
    const { token } = await tokenFor(server.db, 'student@dars.test');
    const auth = { authorization: `Bearer ${token}` };
    await bumpCatalogVersion();
    const first = await statementsOf('/api/v1/courses', auth);
    const catalog = first.filter((s) => /"courses"/.test(s));
    expect(catalog).toHaveLength(1);
    expect(first.filter((s) => /course_teachers|course_grades/.test(s))).toEqual(catalog);
    const again = await statementsOf('/api/v1/courses', auth);
    expect(again.filter((s) => CATALOGUE.test(s))).toEqual([]);
    const own = again.filter((s) => /"enrollments"/.test(s));
    expect(own).toHaveLength(1);
    expect(own[0]).toMatch(/"user_id" = \?|"user_id" = \$1/);
  });

  it('reads a course page with its lectures in one query, then the student’s holdings in one', async () => {
    const { data } = getCoursesResponseSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/v1/courses' })).json(),
    );
    const url = `/api/v1/courses/${data[0]!.id}`;
    const { token } = await tokenFor(server.db, 'student@dars.test');
    const auth = { authorization: `Bearer ${token}` };
    await bumpCatalogVersion();
    const first = await statementsOf(url, auth);
    const page = first.filter((s) => /from "courses"/.test(s));
    expect(page).toHaveLength(1);
    const again = await statementsOf(url, auth);
    expect(again.filter((s) => /from "courses"/.test(s))).toEqual([]);
    // The enrolment, the purchases and the exams that hold videos: one query.
    const own = again.filter((s) => /lecture_purchases|"enrollments"|lecture_exams/.test(s));
    expect(own).toHaveLength(1);
    expect(own[0]).toMatch(/"enrollments"/);
    expect(own[0]).toMatch(/"lecture_purchases"/);
    expect(own[0]).toMatch(/"lecture_exams"/);
    // A course with no mandatory exam: nothing can hold its videos, so no exam is asked about.
    const plain = await makeLecture(server, { price: 10 });
    const plainUrl = `/api/v1/courses/${plain.course_id}`;
    await statementsOf(plainUrl, auth);
    const mine = (await statementsOf(plainUrl, auth)).filter((s) => /lecture_purchases/.test(s));
    expect(mine).toHaveLength(1);
    expect(mine[0]).not.toMatch(/lecture_exams/);
  });

  it('shows each lecture by the student’s latest purchase of it (by time, then by id)', async () => {
    const lecture = await makeLecture(server, { price: 30, expiryDays: 30 });
    const student = await makeStudent(server.db);
    const bought = (createdAt: string, expiresAt: string) => ({
      user_id: student.userId,
      lecture_id: lecture.id,
      price_paid: 3000,
      pay_by: 'wallet',
      created_at: createdAt,
      expires_at: expiresAt,
    });
    const day = 86_400_000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    const state = async () => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1/courses/${lecture.course_id}`,
        headers: { ...WEB_HEADERS, authorization: `Bearer ${student.token}` },
      });
      return getCourseResponseSchema
        .parse(res.json())
        .data.lectures.find((l) => l.id === lecture.id);
    };
    expect(await state()).toMatchObject({ purchased: false, expired: false });
    // Bought long ago (expired), then again: the newer purchase counts.
    await server.db
      .insertInto('lecture_purchases')
      .values(bought(iso(-60 * day), iso(-30 * day)))
      .execute();
    expect(await state()).toMatchObject({ purchased: true, expired: true });
    const now = iso(-day);
    await server.db
      .insertInto('lecture_purchases')
      .values(bought(now, iso(29 * day)))
      .execute();
    expect(await state()).toMatchObject({ purchased: true, expired: false });
    // Two at the same moment: the later row (higher id) counts, as for the lecture's contents.
    await server.db
      .insertInto('lecture_purchases')
      .values(bought(now, iso(-1000)))
      .execute();
    expect(await state()).toMatchObject({ purchased: true, expired: true });
  });
});
