import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuthUserResponseSchema, type User } from '@dars/contract';
import { insertEnrollments } from '../../src/db/seed/enrollments';
import { notify } from '../../src/modules/notifications/notification-service';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeGrade } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { makeStudent } from '../factories/students';

// POST /auth/user reads the grade, the unread count, the newest notifications and the courses
// in one statement (users/user-view.ts): these hold what each part says on its own, request
// after request.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

async function me(token: string): Promise<User> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/user',
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return getAuthUserResponseSchema.parse(res.json()).user;
}

const titles = (user: User) => user.notifications.map((n) => n.data.title);

describe('POST /auth/user, read in one statement', () => {
  it('carries the 50 newest notifications, newest first, and counts every unread one', async () => {
    const student = await makeStudent(server.db);
    const other = await makeStudent(server.db);
    const ids: string[] = [];
    for (let i = 1; i <= 55; i++) {
      ids.push(
        await notify(server.db, student.userId, {
          type: 'admin_message',
          title: `رسالة ${i}`,
          content: `نص ${i}`,
          to: i === 55 ? '/wallet' : null,
        }),
      );
    }
    await notify(server.db, other.userId, {
      type: 'default',
      title: 'لغيره',
      content: '…',
      to: null,
    });
    // The three oldest were read: 52 unread, two of them older than the 50 carried.
    await server.db
      .updateTable('notifications')
      .set({ read_at: '2026-11-01T08:00:00.000Z' })
      .where('id', 'in', ids.slice(0, 3).map(Number))
      .execute();

    const user = await me(student.token);
    expect(user.notifications_count).toBe(52);
    expect(user.notifications).toHaveLength(50);
    expect(titles(user)).toEqual(Array.from({ length: 50 }, (_, i) => `رسالة ${55 - i}`));
    expect(user.notifications[0]).toEqual({
      id: ids[54],
      type: 'default',
      data: { type: 'admin_message', title: 'رسالة 55', content: 'نص 55', to: '/wallet' },
      read: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // The 50th newest is the 6th sent: unread; none of the carried ones was read.
    expect(user.notifications.every((n) => !n.read)).toBe(true);

    // A new one is carried and counted on the very next request.
    await notify(server.db, student.userId, {
      type: 'recharge',
      title: 'تم شحن رصيدك',
      content: 'أضيف 20 جنيهاً',
      to: '/wallet',
    });
    const after = await me(student.token);
    expect(after.notifications_count).toBe(53);
    expect(titles(after).slice(0, 2)).toEqual(['تم شحن رصيدك', 'رسالة 55']);
    expect(after.notifications).toHaveLength(50);

    // Reading them all is seen on the very next request; the other student's stays unread.
    const read = await server.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${student.token}` },
    });
    expect(read.statusCode).toBe(200);
    const done = await me(student.token);
    expect(done.notifications_count).toBe(0);
    expect(done.notifications.every((n) => n.read)).toBe(true);
    const theirs = await me(other.token);
    expect(theirs.notifications_count).toBe(1);
    expect(titles(theirs)).toEqual(['لغيره']);
  });

  it('lists the courses latest enrolled first, with the grade as it is now', async () => {
    const gradeId = await makeGrade(server.db, 'الصف الثاني الثانوي');
    const student = await makeStudent(server.db, { gradeId });
    const [a, b, c] = [
      await makeCourse(server),
      await makeCourse(server),
      await makeCourse(server),
    ];
    // Written out of order: the order is the enrolment time's, newest first.
    await insertEnrollments(server.db, [
      { userId: student.userId, courseId: b.id, at: '2026-11-20T10:00:00.000Z' },
      { userId: student.userId, courseId: c.id, at: '2026-11-05T10:00:00.000Z' },
      { userId: student.userId, courseId: a.id, at: '2026-11-25T10:00:00.000Z' },
    ]);
    const user = await me(student.token);
    expect(user.my_courses).toEqual([a.id, b.id, c.id]);
    expect(user.grade).toEqual({ id: gradeId, name: 'الصف الثاني الثانوي' });
    expect(user.profile_not_completed).toBe(false);
    expect(user.notifications).toEqual([]);
    expect(user.notifications_count).toBe(0);

    await server.db
      .updateTable('grades')
      .set({ name: 'الصف الثاني الثانوي (علمي)' })
      .where('id', '=', gradeId)
      .execute();
    await insertEnrollments(server.db, [
      {
        userId: student.userId,
        courseId: (await makeCourse(server)).id,
        at: '2026-11-01T00:00:00.000Z',
      },
    ]);
    const after = await me(student.token);
    expect(after.grade).toEqual({ id: gradeId, name: 'الصف الثاني الثانوي (علمي)' });
    expect(after.my_courses).toHaveLength(4);
    expect(after.my_courses.slice(0, 3)).toEqual([a.id, b.id, c.id]);
  });

  it('answers a student with no grade, courses or notifications yet', async () => {
    const student = await makeStudent(server.db, { gradeId: null, name: 'طالب جديد' });
    const user = await me(student.token);
    expect(user).toMatchObject({
      id: student.userId,
      name: 'طالب جديد',
      grade: null,
      profile_not_completed: true,
      balance: 0,
      notifications: [],
      notifications_count: 0,
      my_courses: [],
    });
  });
});
