import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTeacherResponseSchema, getTeachersResponseSchema } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import { apiGet, apiPost, startWithStudent, type TestServer } from '../helpers';
import { makeTeacher } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { makeStudent, type TestStudent } from '../factories/students';

let server: TestServer;
let student: TestStudent;
beforeAll(async () => ({ server, student } = await startWithStudent()));
afterAll(() => server.close());

const get = (url: string, token?: string) => apiGet(server.app, url, token);

describe('teachers', () => {
  it('lists teachers with their published course counts', async () => {
    const teacherId = await makeTeacher(server.db, { name: 'أ. مدرس بثلاث دورات' });
    for (const published of [true, true, false])
      await makeCourse(server, { teacherIds: [teacherId], published });
    const { data } = getTeachersResponseSchema.parse(
      (await get('/teachers', student.token)).json(),
    );
    expect(data.find((t) => t.id === teacherId)!.courses_count).toBe(2);
  });

  it('shows a profile with contact links only when present, and the teacher’s courses', async () => {
    const teacherId = await makeTeacher(server.db, {
      telegram_url: 'https://t.me/mona_arabic',
      banner_path: 'teachers/banner.svg',
    });
    const course = await makeCourse(server, { teacherIds: [teacherId] });
    const { teacher, courses } = getTeacherResponseSchema.parse(
      (await get(`/teachers/${teacherId}`)).json(),
    );
    expect(teacher).toMatchObject({
      phone: null,
      email: null,
      telegram_url: 'https://t.me/mona_arabic',
      courses_count: 1,
    });
    expect(teacher.banner).toMatch(/^\/storage\//);
    expect(courses.map((c) => c.id)).toEqual([course.id]);
    expect((await get('/teachers/99999')).statusCode).toBe(404);
  });

  it('gives each student their own joined flags on a profile, and a new teacher at once', async () => {
    const teacherId = await makeTeacher(server.db, { name: 'أ. مدرس الأعلام' });
    const course = await makeCourse(server, { teacherIds: [teacherId] });
    const other = await makeStudent(server.db);
    const joinedOn = async (token: string) =>
      getTeacherResponseSchema
        .parse((await get(`/teachers/${teacherId}`, token)).json())
        .courses.find((c) => c.id === course.id)!.joined;
    expect(await joinedOn(student.token)).toBe(false);
    expect(
      (await apiPost(server.app, `/courses/${course.id}/join`, {}, student.token)).statusCode,
    ).toBe(200);
    for (const [token, joined] of [
      [student.token, true],
      [other.token, false],
      [student.token, true],
    ] as const)
      expect(await joinedOn(token)).toBe(joined);
    const names = async () =>
      getTeachersResponseSchema
        .parse((await get('/teachers', student.token)).json())
        .data.map((t) => t.name);
    expect(await names()).toContain('أ. مدرس الأعلام');
    await makeTeacher(server.db, { name: 'أ. مدرس جديد' });
    expect(await names()).toContain('أ. مدرس جديد');
  });

  it('hides the list when teachers_page is off, but not a teacher’s profile', async () => {
    const teacherId = await makeTeacher(server.db);
    await putSettings(server.db, { teachers_page: false });
    expect((await get('/teachers', student.token)).statusCode).toBe(404);
    expect((await get(`/teachers/${teacherId}`)).statusCode).toBe(200);
    await putSettings(server.db, { teachers_page: true });
  });
});
