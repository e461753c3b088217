import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHomeResponseSchema } from '@dars/contract';
import { insertEnrollments } from '../../src/db/seed/enrollments';
import { insertHeaderImages } from '../../src/db/seed/header-images';
import { apiGet, startWithStudent, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import type { TestStudent } from '../factories/students';

let server: TestServer;
let student: TestStudent;
beforeAll(async () => ({ server, student } = await startWithStudent()));
afterAll(() => server.close());

const get = (url: string, token?: string) => apiGet(server.app, url, token);

describe('GET /home', () => {
  it('gives a student the slides and the featured and latest courses, with their joined state', async () => {
    const slides = [
      { url: '/storage/slides/1.svg', to: '/courses' },
      { url: '/storage/slides/2.svg', href: 'https://youtube.com/@dars.edu' },
    ];
    await insertHeaderImages(server.db, slides);
    const featured = await makeCourse(server, { featured: true });
    const joined = await makeCourse(server);
    const other = await makeCourse(server);
    await insertEnrollments(server.db, [
      { userId: student.userId, courseId: joined.id, at: new Date().toISOString() },
    ]);
    const res = await get('/home', student.token);
    const { data } = getHomeResponseSchema.parse(res.json());
    expect(data.header_images).toMatchObject(slides);
    expect(data.header_images).toHaveLength(2);
    expect(data.featured_courses.map((c) => c.id)).toEqual([featured.id]);
    expect(data.featured_courses[0]!.featured).toBe(true);
    const latest = new Map(data.latest_courses.map((c) => [c.id, c.joined]));
    expect(latest.get(joined.id)).toBe(true);
    expect(latest.get(other.id)).toBe(false);
  });

  it('is for signed-in students only', async () => {
    expect((await get('/home')).statusCode).toBe(401);
  });
});
