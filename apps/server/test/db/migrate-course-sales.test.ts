import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as courseSales from '../../src/db/migrations/2026-11-28-013-course-sales-and-cash';
import { startTestServer, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';

/**
 * Migration 013 (ADR 033) on enrolments made before it: each says how its course was got, read
 * from what was stored then. Run back down to 012's shape and up again, on the test's database
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
}, 120_000);
afterAll(() => server?.close());

describe('migration 013: how each course was got', () => {
  it('fills pay_by and price_paid of the rows from before it', async () => {
    // The migration's own view of the database: tables as they were before it.
    const db = server.db as unknown as Parameters<typeof courseSales.up>[0];
    const admin = await makeStaff(server.db, 'admin');
    const whole = await makeCourse(server, { payType: 'course', price: 300 });
    const free = await makeCourse(server, { payType: 'course', price: 0 });
    const byLectures = await makeCourse(server, { payType: 'lectures', lectures: 2 });
    const [wallet, card, granted, joined, freeJoin, grantedLectures] = await Promise.all(
      Array.from({ length: 6 }, () => makeStudent(server.db)),
    );
    const at = '2026-10-01T10:00:00.000Z';
    const rows: [number, number, number | null][] = [
      [wallet!.userId, whole.id, null],
      [card!.userId, whole.id, null],
      [granted!.userId, whole.id, admin.userId],
      [joined!.userId, byLectures.id, null],
      [freeJoin!.userId, free.id, null],
      [grantedLectures!.userId, byLectures.id, admin.userId],
    ];
    await courseSales.down(db);
    await db
      .insertInto('enrollments')
      .values(
        rows.map(([user_id, course_id, granted_by]) => ({
          user_id,
          course_id,
          granted_by,
          created_at: at,
        })),
      )
      .execute();
    // The wallet purchase's ledger row: 280 pounds out; the price was 280 then, 300 now.
    await db
      .insertInto('wallet_transactions')
      .values({
        serial: 'MIG013-1',
        user_id: wallet!.userId,
        type: 'course_purchase',
        value: -28_000,
        balance_after: 0,
        comment: null,
        course_id: whole.id,
        lecture_id: null,
        counterpart_user_id: null,
        created_at: at,
      })
      .execute();
    await courseSales.up(db);

    const after = await server.db
      .selectFrom('enrollments')
      .select(['user_id', 'pay_by', 'price_paid'])
      .where('created_at', '=', at)
      .execute();
    const byUser = new Map(after.map((r) => [r.user_id, [r.pay_by, r.price_paid]]));
    expect(byUser.get(wallet!.userId)).toEqual(['wallet', 28_000]);
    // A priced whole course without a wallet row was paid with a card: its price now.
    expect(byUser.get(card!.userId)).toEqual(['paycard', 30_000]);
    expect(byUser.get(granted!.userId)).toEqual(['grant', 0]);
    expect(byUser.get(joined!.userId)).toEqual(['join', 0]);
    expect(byUser.get(freeJoin!.userId)).toEqual(['free', 0]);
    // A course sold by lectures stays a join: its lecture rows carry the grant.
    expect(byUser.get(grantedLectures!.userId)).toEqual(['join', 0]);
  });
});
