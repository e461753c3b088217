import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYCARDS } from '../../src/db/seed/demo-paycards';
import { DEMO_STUDENTS } from '../../src/db/seed/demo-students';
import { seedDemoIfEmpty } from '../../src/db/seed/seed';
import { verifyPassword } from '../../src/lib/passwords';
import { hashPaycardCode } from '../../src/modules/paycards/paycard-code';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { tokenFor } from '../sign-in';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the demo seed', () => {
  it('has a rich catalogue: teachers with pictures, every kind of course and lecture', async () => {
    const { db } = server;
    const teachers = await db.selectFrom('teachers').selectAll().execute();
    expect(teachers.length).toBeGreaterThanOrEqual(4);
    expect(teachers.every((t) => t.avatar_path && t.banner_path)).toBe(true);
    const courses = await db.selectFrom('courses').selectAll().execute();
    expect(courses.length).toBeGreaterThanOrEqual(16);
    expect(courses.some((c) => c.pay_type === 'course' && c.price === 0)).toBe(true);
    expect(courses.some((c) => c.pay_type === 'course' && c.price > 0)).toBe(true);
    expect(courses.some((c) => c.pay_type === 'lectures')).toBe(true);
    const lectures = await db.selectFrom('lectures').selectAll().execute();
    expect(lectures.some((l) => l.free === 1)).toBe(true);
    expect(lectures.some((l) => l.preview === 1 && l.price > 0)).toBe(true);
    expect(lectures.some((l) => l.preview === 0 && l.price > 0)).toBe(true);
    for (const table of [
      'videos',
      'attachments',
      'lecture_exams',
      'questions',
      'answer_options',
      'grades',
      'categories',
    ] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBeGreaterThan(3);
    }
  });

  it('shows different courses under «أحدث الدورات» and «دورات مميزة» on the demo home', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/home',
      headers: {
        ...WEB_HEADERS,
        authorization: `Bearer ${(await tokenFor(server.db, 'student@dars.test')).token}`,
      },
    });
    expect(res.statusCode).toBe(200);
    const { featured_courses: featured, latest_courses: latest } = res.json().data as {
      featured_courses: { id: number }[];
      latest_courses: { id: number }[];
    };
    expect(latest.length).toBeGreaterThan(2);
    const featuredIds = new Set(featured.map((c) => c.id));
    // The page shows the first 4 of each section at first: they must not be the same cards.
    const firstLatestAlsoFeatured = latest.slice(0, 4).filter((c) => featuredIds.has(c.id));
    expect(firstLatestAlsoFeatured.length).toBeLessThanOrEqual(1);
  });

  it('creates the demo students with working passwords and a balance that equals the ledger', async () => {
    const { db } = server;
    for (const s of DEMO_STUDENTS) {
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', s.email)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(user.password_hash, 'dars12345')).toBe(true);
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(user.balance).toBe(s.balance * 100);
      const ledger = await db
        .selectFrom('wallet_transactions')
        .select('value')
        .where('user_id', '=', user.id)
        .execute();
      expect(ledger.reduce((sum, t) => sum + t.value, 0)).toBe(user.balance);
    }
  });

  it('stores pay cards hashed, never in plain text', async () => {
    const cards = await server.db.selectFrom('paycards').selectAll().execute();
    expect(cards).toHaveLength(DEMO_PAYCARDS.length);
    const stored = JSON.stringify(cards);
    for (const card of DEMO_PAYCARDS) {
      expect(stored).not.toContain(card.code.replace(/\s/g, ''));
      expect(cards.some((c) => c.code_hash === hashPaycardCode(card.code))).toBe(true);
    }
  });

  it('leaves a database that already has data alone', async () => {
    expect(await seedDemoIfEmpty(server.db, server.config.dataDir)).toBe(false);
  });
});
