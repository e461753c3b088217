import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getHomeResponseSchema,
  getTeacherResponseSchema,
  getTeachersResponseSchema,
  getWalletResponseSchema,
} from '@dars/contract';
import { insertEnrollments } from '../src/db/seed/enrollments';
import { insertHeaderImages } from '../src/db/seed/header-images';
import { putSettings } from '../src/modules/settings/settings-service';
import { credit } from '../src/modules/wallet/ledger';
import { startTestServer, WEB_HEADERS, type TestServer } from './helpers';
import { makeTeacher } from './factories/catalog';
import { makeCourse, makeLecture } from './factories/courses';
import { makeStudent, type TestStudent } from './factories/students';

let server: TestServer;
let student: TestStudent;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  student = await makeStudent(server.db);
});
afterAll(() => server.close());

const get = (url: string, token?: string) =>
  server.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

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

  it('hides the list when teachers_page is off, but not a teacher’s profile', async () => {
    const teacherId = await makeTeacher(server.db);
    await putSettings(server.db, { teachers_page: false });
    expect((await get('/teachers', student.token)).statusCode).toBe(404);
    expect((await get(`/teachers/${teacherId}`)).statusCode).toBe(200);
    await putSettings(server.db, { teachers_page: true });
  });
});

describe('GET /wallet', () => {
  it('shows the balance, the address and the transactions newest first, paged by links.next', async () => {
    const student = await makeStudent(server.db);
    await server.db.transaction().execute(async (trx) => {
      for (let i = 1; i <= 17; i++)
        await credit(trx, student.userId, i * 100, { type: 'recharge', comment: `شحن ${i}` });
    });
    const first = getWalletResponseSchema.parse((await get('/wallet', student.token)).json());
    expect(first.wallet.balance).toBe((17 * 18) / 2);
    expect(first.wallet.address).toMatch(/^DW/);
    expect(first.transactions.data).toHaveLength(15);
    expect(first.transactions.data[0]).toMatchObject({
      comment: 'شحن 17',
      value: 17,
      balance_after: 153,
    });
    const next = first.transactions.links.next!;
    const second = getWalletResponseSchema.parse(
      (
        await server.app.inject({
          method: 'GET',
          url: next,
          headers: { authorization: `Bearer ${student.token}` },
        })
      ).json(),
    );
    expect(second.transactions.data.map((t) => t.comment)).toEqual(['شحن 2', 'شحن 1']);
    expect(second.transactions.links.next).toBeNull();
  });

  it('names the course or lecture a purchase paid for', async () => {
    const buyer = await makeStudent(server.db, { balance: 100 });
    const lecture = await makeLecture(server, { name: 'الألكانات', price: 40 });
    const bought = await server.app.inject({
      method: 'POST',
      url: `/api/v1/lectures/${lecture.id}/purchase`,
      payload: { pay_by: 'wallet' },
      headers: { ...WEB_HEADERS, authorization: `Bearer ${buyer.token}` },
    });
    expect(bought.statusCode).toBe(200);
    const { transactions } = getWalletResponseSchema.parse(
      (await get('/wallet', buyer.token)).json(),
    );
    const purchase = transactions.data.find((t) => t.type === 'lecture_purchase')!;
    expect(purchase.lecture_resource?.name).toBe('الألكانات');
    expect(purchase.value).toBe(-40);
  });

  it('is 404 when the wallet system is off, and 401 for a guest', async () => {
    expect((await get('/wallet')).statusCode).toBe(401);
    await putSettings(server.db, { enable_wallet_system: false });
    expect((await get('/wallet', student.token)).statusCode).toBe(404);
    await putSettings(server.db, { enable_wallet_system: true });
  });
});
