import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAppResponseSchema, getCourseResponseSchema } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

/**
 * Grades put in neither in their order nor in the order of their names: the school's order is
 * their `position` (issue 24: the preparatory grade showed after the secondary ones).
 */
const INSERTED = [
  { name: 'الصف الثالث الثانوي', position: 4 },
  { name: 'الصف الأول الثانوي', position: 2 },
  { name: 'الصف الثالث الإعدادي', position: 1 },
  { name: 'الصف الثاني الثانوي', position: 3 },
];
const SCHOOL_ORDER = [
  'الصف الثالث الإعدادي',
  'الصف الأول الثانوي',
  'الصف الثاني الثانوي',
  'الصف الثالث الثانوي',
];

describe('the order of grades', () => {
  it('is their position in the settings every screen lists them from, and on a course', async () => {
    const ids: number[] = [];
    for (const grade of INSERTED) {
      const row = await server.db
        .insertInto('grades')
        .values(grade)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const app = await server.app.inject({
      method: 'GET',
      url: '/api/v1/app',
      headers: WEB_HEADERS,
    });
    const { data } = getAppResponseSchema.parse(app.json());
    expect(data.grades.map((g) => g.name)).toEqual(SCHOOL_ORDER);

    const course = await makeCourse(server, { gradeIds: ids });
    const page = await server.app.inject({
      method: 'GET',
      url: `/api/v1/courses/${course.id}`,
      headers: WEB_HEADERS,
    });
    const detail = getCourseResponseSchema.parse(page.json());
    expect(detail.data.grades.map((g) => g.name)).toEqual(SCHOOL_ORDER);
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v1/courses',
      headers: WEB_HEADERS,
    });
    const card = (list.json() as { data: { id: number; grades: { name: string }[] }[] }).data.find(
      (c) => c.id === course.id,
    );
    expect(card?.grades.map((g) => g.name)).toEqual(SCHOOL_ORDER);
  });
});
