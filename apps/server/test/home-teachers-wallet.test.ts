import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getHomeResponseSchema,
  getTeacherResponseSchema,
  getTeachersResponseSchema,
  getWalletResponseSchema,
} from '@dars/contract';
import { putSettings } from '../src/modules/settings/settings-service';
import { credit } from '../src/modules/wallet/ledger';
import { startTestServer, WEB_HEADERS, type TestServer } from './helpers';
import { newStudent, tokenFor } from './sign-in';

let server: TestServer;
let ahmed: { token: string; userId: number };
beforeAll(async () => {
  server = await startTestServer();
  ahmed = await tokenFor(server.db, 'student@dars.test');
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
    const res = await get('/home', ahmed.token);
    const { data } = getHomeResponseSchema.parse(res.json());
    expect(data.header_images.length).toBe(3);
    expect(data.header_images.some((s) => s.href?.startsWith('https://'))).toBe(true);
    expect(data.header_images.some((s) => s.to === '/courses')).toBe(true);
    expect(data.featured_courses.every((c) => c.featured)).toBe(true);
    expect(data.latest_courses.length).toBeGreaterThan(4);
    expect(data.latest_courses.some((c) => c.joined)).toBe(true);
  });

  it('is for signed-in students only', async () => {
    expect((await get('/home')).statusCode).toBe(401);
  });
});

describe('teachers', () => {
  it('lists teachers with their published course counts', async () => {
    const { data } = getTeachersResponseSchema.parse((await get('/teachers', ahmed.token)).json());
    expect(data.length).toBeGreaterThanOrEqual(4);
    expect(data.find((t) => t.name === 'أ. محمد عبد الحميد')!.courses_count).toBe(3);
  });

  it('shows a profile with contact links only when present, and the teacher’s courses', async () => {
    const { data } = getTeachersResponseSchema.parse((await get('/teachers', ahmed.token)).json());
    const mona = data.find((t) => t.name === 'أ. منى الجمال')!;
    const { teacher, courses } = getTeacherResponseSchema.parse(
      (await get(`/teachers/${mona.id}`)).json(),
    );
    expect(teacher).toMatchObject({
      phone: null,
      email: null,
      telegram_url: 'https://t.me/mona_arabic',
    });
    expect(teacher.banner).toMatch(/^\/storage\//);
    expect(courses.length).toBe(teacher.courses_count);
    expect((await get('/teachers/99999')).statusCode).toBe(404);
  });

  it('hides the list when teachers_page is off, but not a teacher’s profile', async () => {
    await putSettings(server.db, { teachers_page: false });
    expect((await get('/teachers', ahmed.token)).statusCode).toBe(404);
    const first = await server.db.selectFrom('teachers').select('id').executeTakeFirstOrThrow();
    expect((await get(`/teachers/${first.id}`)).statusCode).toBe(200);
    await putSettings(server.db, { teachers_page: true });
  });
});

describe('GET /wallet', () => {
  it('shows the balance, the address and the transactions newest first, paged by links.next', async () => {
    const student = await newStudent(server.db);
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
    const { transactions } = getWalletResponseSchema.parse(
      (await get('/wallet', ahmed.token)).json(),
    );
    const purchase = transactions.data.find((t) => t.type === 'lecture_purchase')!;
    expect(purchase.lecture_resource?.name).toBe('الألكانات');
    expect(purchase.value).toBe(-40);
  });

  it('is 404 when the wallet system is off, and 401 for a guest', async () => {
    expect((await get('/wallet')).statusCode).toBe(401);
    await putSettings(server.db, { enable_wallet_system: false });
    expect((await get('/wallet', ahmed.token)).statusCode).toBe(404);
    await putSettings(server.db, { enable_wallet_system: true });
  });
});
