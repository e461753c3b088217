import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHomeResponseSchema } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { makeStudent } from '../factories/students';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  token = (await makeStudent(server.db)).token;
  // More courses than the section shows, added over the past days.
  for (let days = 1; days <= 12; days++)
    await makeCourse(server, { createdAt: new Date(Date.now() - days * 86_400_000).toISOString() });
});
afterAll(() => server.close());

async function home() {
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/v1/home',
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return getHomeResponseSchema.parse(res.json()).data;
}

async function addCourse(name: string, createdAt: string, featured = false) {
  return (await makeCourse(server, { name, createdAt, featured })).id;
}

describe('GET /home latest courses', () => {
  it('lists the most recently added courses newest first, whatever their ids', async () => {
    const now = Date.now();
    // Added in this order, dated out of order: the list follows the dates, not the ids.
    const older = await addCourse('دورة أضيفت أمس', new Date(now - 86_400_000).toISOString());
    const newest = await addCourse('دورة أضيفت الآن', new Date(now).toISOString());
    const middle = await addCourse('دورة أضيفت قبل ساعة', new Date(now - 3_600_000).toISOString());
    const { latest_courses: latest } = await home();
    expect(latest.slice(0, 3).map((c) => c.id)).toEqual([newest, middle, older]);
    const dates = await server.db
      .selectFrom('courses')
      .select(['id', 'created_at'])
      .where(
        'id',
        'in',
        latest.map((c) => c.id),
      )
      .execute();
    const at = new Map(dates.map((r) => [r.id, r.created_at]));
    const shown = latest.map((c) => at.get(c.id)!);
    expect(shown).toEqual([...shown].sort().reverse());
    const newestUnlisted = await server.db
      .selectFrom('courses')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('published', '=', 1)
      .where(
        'id',
        'not in',
        latest.map((c) => c.id),
      )
      .executeTakeFirstOrThrow();
    expect(newestUnlisted.at! <= shown.at(-1)!).toBe(true);
  });

  it('keeps unpublished courses out and featured ones in their own section, newest first', async () => {
    const hidden = await addCourse('دورة غير منشورة', new Date(Date.now() + 60_000).toISOString());
    await server.db.updateTable('courses').set({ published: 0 }).where('id', '=', hidden).execute();
    const featuredNow = await addCourse('دورة مميزة جديدة', new Date().toISOString(), true);
    const { latest_courses: latest, featured_courses: featured } = await home();
    expect(latest.map((c) => c.id)).not.toContain(hidden);
    expect(featured[0]!.id).toBe(featuredNow);
    expect(featured.every((c) => c.featured)).toBe(true);
  });
});
