import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSES_PAGE_SIZE, getCoursesResponseSchema } from '@dars/contract';
import { seedBulkCourses } from '../../src/db/seed/bulk';
import { courseSearchText } from '../../src/lib/search-key';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';

let server: TestServer;
/** Published course ids in list order (newest first, id breaking ties), straight from the table. */
let expected: number[];
const TIE = '2025-06-01T12:00:00.000Z';

beforeAll(async () => {
  server = await startTestServer();
  // 200 bulk courses (18 pages with the demo ones; two pages per grade), four more added in the
  // same millisecond so that the id has to break ties, and an unpublished one that must never show.
  await seedBulkCourses(server.db, 200);
  await server.db
    .insertInto('courses')
    .values(
      ['دورة متزامنة 1', 'دورة متزامنة 2', 'دورة متزامنة 3', 'دورة متزامنة 4', 'دورة مخفية'].map(
        (name, i) => newCourse(name, TIE, i < 4 ? 1 : 0),
      ),
    )
    .execute();
  expected = (
    await server.db
      .selectFrom('courses')
      .select('id')
      .where('published', '=', 1)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  ).map((r) => r.id);
});
afterAll(() => server.close());

function newCourse(name: string, createdAt: string, published = 1) {
  const description = 'أضيفت للاختبار';
  return {
    name,
    description,
    search_text: courseSearchText({ name, description }),
    pay_type: 'course',
    price: 0,
    featured: 0,
    show_preview: 0,
    published,
    created_at: createdAt,
  };
}

async function page(url: string) {
  const res = await server.app.inject({ method: 'GET', url, headers: WEB_HEADERS });
  expect(res.statusCode).toBe(200);
  return getCoursesResponseSchema.parse(res.json());
}

/** Follows links.next from `url` to the end, as the web client's infinite scroll does. */
async function scroll(url: string) {
  const ids: number[] = [];
  const pages = [];
  for (let next: string | null = url; next;) {
    const body = await page(next);
    pages.push(body);
    ids.push(...body.data.map((c) => c.id));
    next = body.links.next;
    expect(pages.length).toBeLessThan(50);
  }
  return { ids, pages };
}

describe('GET /courses pages by links.next (keyset)', () => {
  it('chains through every published course exactly once, in order, ties broken by id', async () => {
    expect(expected.length).toBeGreaterThan(4 * COURSES_PAGE_SIZE);
    const { ids, pages } = await scroll('/api/v1/courses');
    expect(ids).toEqual(expected);
    expect(pages.map((p) => p.meta.current_page)).toEqual(pages.map((_, i) => i + 1));
    for (const p of pages.slice(0, -1)) {
      expect(p.data).toHaveLength(COURSES_PAGE_SIZE);
      expect(p.links.next).toMatch(/[?&]after=[\w-]+/);
    }
    expect(pages.at(-1)!.links.next).toBeNull();
  });

  it('keeps a search and the filters in every link and chains through exactly the matches', async () => {
    const grade = await server.db
      .selectFrom('course_grades')
      .select('grade_id')
      .groupBy('grade_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    const matching = new Set(
      (
        await server.db
          .selectFrom('course_grades')
          .innerJoin('courses', 'courses.id', 'course_grades.course_id')
          .select('course_id')
          .where('grade_id', '=', grade.grade_id)
          .where('courses.search_text', 'like', '%دوره تدريبيه%')
          .execute()
      ).map((r) => r.course_id),
    );
    expect(matching.size).toBeGreaterThan(COURSES_PAGE_SIZE);
    const query = encodeURIComponent('دورة تدريبية');
    const { ids, pages } = await scroll(
      `/api/v1/courses?query=${query}&grade_id=${grade.grade_id}`,
    );
    expect(ids).toEqual(expected.filter((id) => matching.has(id)));
    for (const p of pages.slice(0, -1)) {
      const next = new URL(p.links.next!, 'http://x').searchParams;
      expect(next.get('grade_id')).toBe(String(grade.grade_id));
      expect(next.get('query')).toBe('دورة تدريبية');
    }
  });

  it('neither repeats nor skips a course when one is added while the student scrolls', async () => {
    const first = await page('/api/v1/courses');
    const added = await server.db
      .insertInto('courses')
      .values(newCourse('دورة جديدة أثناء التصفح', new Date().toISOString()))
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const { ids } = await scroll(first.links.next!);
      const seen = [...first.data.map((c) => c.id), ...ids];
      expect(seen).toEqual(expected);
    } finally {
      await server.db.deleteFrom('courses').where('id', '=', added.id).execute();
    }
  });

  it('still serves page numbers for links handed out before keyset paging', async () => {
    const third = await page('/api/v1/courses?page=3');
    expect(third.meta.current_page).toBe(3);
    expect(third.data.map((c) => c.id)).toEqual(
      expected.slice(2 * COURSES_PAGE_SIZE, 3 * COURSES_PAGE_SIZE),
    );
    expect(third.links.prev).toBe('/api/v1/courses?page=2');
    const { ids } = await scroll(third.links.next!);
    expect(ids).toEqual(expected.slice(3 * COURSES_PAGE_SIZE));
  });

  it('falls back to the page number for a position it did not write, never a 5xx', async () => {
    const forged = [
      'garbage',
      Buffer.from('not-a-date|5').toString('base64url'),
      Buffer.from(`${TIE}|0`).toString('base64url'),
      Buffer.from(`${TIE}|99999999999999999999`).toString('base64url'),
      Buffer.from(`${TIE}|1 or 1=1`).toString('base64url'),
      'x'.repeat(500),
    ];
    for (const after of forged) {
      const body = await page(`/api/v1/courses?page=2&after=${encodeURIComponent(after)}`);
      expect(body.data.map((c) => c.id)).toEqual(
        expected.slice(COURSES_PAGE_SIZE, 2 * COURSES_PAGE_SIZE),
      );
    }
  });

  it('starts right after the given position, wherever it points', async () => {
    const pivot = await server.db
      .selectFrom('courses')
      .select(['id', 'created_at'])
      .where('id', '=', expected[20]!)
      .executeTakeFirstOrThrow();
    const after = Buffer.from(`${pivot.created_at}|${pivot.id}`).toString('base64url');
    const body = await page(`/api/v1/courses?page=7&after=${after}`);
    expect(body.data.map((c) => c.id)).toEqual(expected.slice(21, 21 + COURSES_PAGE_SIZE));
    expect(body.meta.current_page).toBe(7);
  });
});
