import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCourseResponseSchema, getCoursesResponseSchema } from '@dars/contract';
import { getCourse } from '../../src/modules/courses/course-service';
import { apiGet, apiPost, startTestServer, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { makeStudent, type TestStudent } from '../factories/students';

// A signed-in student's catalogue answers are the answer every reader shares, kept per
// catalogue version, with the student's own state read per request (ADR 057). These tests hold
// what that must never change: each student sees only their own flags, whatever order students
// ask in; what a student did a moment ago shows on their next request; a change to the
// catalogue shows at once; and the answer is the one read for the student alone in one query.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The newest page of courses as this student (or a guest) reads it. */
async function list(token?: string) {
  const res = await apiGet(server.app, '/courses', token);
  expect(res.statusCode).toBe(200);
  return getCoursesResponseSchema.parse(res.json());
}

async function page(id: number, token?: string) {
  const res = await apiGet(server.app, `/courses/${id}`, token);
  expect(res.statusCode).toBe(200);
  return getCourseResponseSchema.parse(res.json()).data;
}

const joinedOf = (cards: { id: number; joined: boolean }[], id: number) =>
  cards.find((c) => c.id === id)?.joined;

describe("a signed-in student's catalogue", () => {
  let first: number;
  let second: number;
  let ali: TestStudent;
  let mona: TestStudent;
  beforeAll(async () => {
    // The two newest courses, so both are on the first page.
    first = (await makeCourse(server, { name: 'دورة الفيزياء المشتركة' })).id;
    second = (await makeCourse(server, { name: 'دورة الكيمياء المشتركة' })).id;
    ali = await makeStudent(server.db);
    mona = await makeStudent(server.db);
  });

  it('shows each student their own joined flags, in whichever order they ask', async () => {
    expect((await apiPost(server.app, `/courses/${first}/join`, {}, ali.token)).statusCode).toBe(
      200,
    );
    for (const order of [
      [ali, mona],
      [mona, ali],
      [ali, ali, mona, mona],
    ]) {
      for (const student of order) {
        const cards = (await list(student.token)).data;
        expect(joinedOf(cards, first)).toBe(student === ali);
        expect(joinedOf(cards, second)).toBe(false);
      }
      // A guest after them: nobody's flags.
      const guest = (await list()).data;
      expect(joinedOf(guest, first)).toBe(false);
    }
    expect((await page(first, ali.token)).joined).toBe(true);
    expect((await page(first, mona.token)).joined).toBe(false);
    expect((await page(first, ali.token)).joined).toBe(true);
    // The home page's newest courses, the same way.
    for (const student of [ali, mona, ali]) {
      const home = (await apiGet(server.app, '/home', student.token)).json();
      expect(joinedOf(home.data.latest_courses, first)).toBe(student === ali);
    }
  });

  it("shows a course joined a moment ago on the student's next request, with its count", async () => {
    const before = await list(mona.token);
    const count = before.data.find((c) => c.id === second)!.users_count;
    expect(joinedOf(before.data, second)).toBe(false);
    expect((await apiPost(server.app, `/courses/${second}/join`, {}, mona.token)).statusCode).toBe(
      200,
    );
    const after = await list(mona.token);
    expect(joinedOf(after.data, second)).toBe(true);
    expect(after.data.find((c) => c.id === second)!.users_count).toBe(count + 1);
    const course = await page(second, mona.token);
    expect(course).toMatchObject({ joined: true, purchased: true });
    expect(course.lectures[0]!.purchased).toBe(true);
  });

  it('shows a lecture bought a moment ago as bought on the next course page', async () => {
    const course = await makeCourse(server, {
      payType: 'lectures',
      lectures: [{ price: 20 }, { price: 30 }],
    });
    const buyer = await makeStudent(server.db, { balance: 100 });
    const before = await page(course.id, buyer.token);
    expect(before.lectures.map((l) => l.purchased)).toEqual([false, false]);
    const bought = await apiPost(
      server.app,
      `/lectures/${course.lectures[1].id}/purchase`,
      { pay_by: 'wallet' },
      buyer.token,
    );
    expect(bought.statusCode).toBe(200);
    const after = await page(course.id, buyer.token);
    expect(after.lectures.map((l) => l.purchased)).toEqual([false, true]);
    // Nobody else's page changed.
    expect((await page(course.id, ali.token)).lectures.map((l) => l.purchased)).toEqual([
      false,
      false,
    ]);
  });

  it('shows a change to the catalogue at once, whoever made it', async () => {
    await list(ali.token);
    await page(first, ali.token);
    await server.db
      .updateTable('courses')
      .set({ name: 'دورة الفيزياء بعد التعديل' })
      .where('id', '=', first)
      .execute();
    expect((await list(ali.token)).data.find((c) => c.id === first)!.name).toBe(
      'دورة الفيزياء بعد التعديل',
    );
    expect((await page(first, ali.token)).name).toBe('دورة الفيزياء بعد التعديل');
    await server.db.updateTable('courses').set({ published: 0 }).where('id', '=', first).execute();
    try {
      expect((await apiGet(server.app, `/courses/${first}`, ali.token)).statusCode).toBe(404);
      expect((await list(ali.token)).data.map((c) => c.id)).not.toContain(first);
    } finally {
      await server.db
        .updateTable('courses')
        .set({ published: 1 })
        .where('id', '=', first)
        .execute();
    }
  });

  it("answers a student who holds nothing of a course with the guest's page, as JSON and untagged", async () => {
    const course = await makeCourse(server, { payType: 'lectures', lectures: [{ price: 10 }] });
    const stranger = await makeStudent(server.db);
    const guest = await apiGet(server.app, `/courses/${course.id}`);
    for (let i = 0; i < 2; i += 1) {
      const mine = await apiGet(server.app, `/courses/${course.id}`, stranger.token);
      expect(mine.body).toBe(guest.body);
      expect(mine.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(mine.headers.etag).toBeUndefined();
      expect(mine.headers['cache-control']).toBe('no-store');
    }
    const cards = await apiGet(server.app, '/courses', stranger.token);
    expect(cards.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(cards.body).toBe((await apiGet(server.app, '/courses')).body);
  });

  it('refuses a student blocked or signed out since their last request', async () => {
    const student = await makeStudent(server.db);
    await list(student.token);
    await apiPost(server.app, '/logout', {}, student.token);
    expect((await apiGet(server.app, '/courses', student.token)).statusCode).toBe(200);
    expect((await apiGet(server.app, '/home', student.token)).statusCode).toBe(401);
    const other = await makeStudent(server.db);
    expect((await apiGet(server.app, '/home', other.token)).statusCode).toBe(200);
    await server.db
      .updateTable('users')
      .set({ blocked_at: new Date().toISOString() })
      .where('id', '=', other.userId)
      .execute();
    expect((await apiGet(server.app, '/home', other.token)).statusCode).toBe(401);
  });

  it('is the page read for the student alone in one query, whatever the student holds', async () => {
    const course = await makeCourse(server, {
      payType: 'lectures',
      lectures: [
        { price: 20, expiryDays: 3 },
        { price: 30 },
        { free: true },
        { exam: 'must-pass' },
      ],
    });
    const holder = await makeStudent(server.db, { balance: 100 });
    const pages = async () => ({
      shared: await page(course.id, holder.token),
      alone: await getCourse(server.db, course.id, holder.userId),
    });
    const compare = async () => {
      const { shared, alone } = await pages();
      expect(shared).toEqual(getCourseResponseSchema.parse({ data: alone }).data);
    };
    await compare();
    await apiPost(
      server.app,
      `/lectures/${course.lectures[0].id}/purchase`,
      { pay_by: 'wallet' },
      holder.token,
    );
    await compare();
    // The purchase ran out (bought four days ago, for three).
    const fourDaysAgo = new Date(Date.now() - 4 * 86_400_000).toISOString();
    await server.db
      .updateTable('lecture_purchases')
      .set({ created_at: fourDaysAgo, expires_at: new Date(Date.now() - 86_400_000).toISOString() })
      .where('user_id', '=', holder.userId)
      .execute();
    const { shared } = await pages();
    expect(shared.lectures[0]).toMatchObject({ purchased: true, expired: true });
    await compare();
  });

  it('opens the videos of a free lecture whose must-pass exam a student passed, holding nothing else', async () => {
    const course = await makeCourse(server, {
      payType: 'lectures',
      lectures: [{ free: true, exam: 'must-pass' }],
    });
    const lecture = course.lectures[0];
    const exam = await server.db
      .selectFrom('lecture_exams')
      .select('exam_id')
      .where('lecture_id', '=', lecture.id)
      .executeTakeFirstOrThrow();
    const passed = await makeStudent(server.db);
    const waiting = await makeStudent(server.db);
    expect((await page(course.id, passed.token)).lectures[0]!.enable_videos).toBe(false);
    await server.db
      .insertInto('exam_sessions')
      .values({
        token: `catalogue-pass-${passed.userId}`,
        user_id: passed.userId,
        exam_id: exam.exam_id,
        started_at: new Date(Date.now() - 60_000).toISOString(),
        deadline_at: null,
        finished_at: new Date().toISOString(),
        finished_by: 'student',
        correction_mark: 1,
        total_mark: 1,
        succeeded: 1,
        corrected: 1,
      })
      .execute();
    // Nothing bought, nothing joined: only the exam differs from a guest.
    expect((await page(course.id, passed.token)).lectures[0]!.enable_videos).toBe(true);
    expect((await page(course.id, waiting.token)).lectures[0]!.enable_videos).toBe(false);
    expect((await page(course.id)).lectures[0]!.enable_videos).toBe(false);
  });
});
