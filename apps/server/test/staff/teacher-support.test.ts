import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeTeacher } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeStaff } from './staff-factory';

/**
 * Support tickets about a course (issue 27, ADR 048): a student may say which of their courses a
 * ticket is about; that course's teachers see it, answer, close and reopen it, and no other
 * ticket: another course's, a question for the school, or a guest's read as tickets that do not
 * exist. أحمد teaches X, بسمة Y; منى joined both, سلمى Y only.
 */

let server: TestServer;
let admin: string;
let ahmed: string;
let basma: string;
let ids: { x: number; y: number };
let mona: TestStudent;
let salma: TestStudent;
let tickets: { x: number; y: number; general: number; guest: number };

function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function ticket(token: string | null, body: object): Promise<number> {
  const res = await call(token, 'POST', '/support-tickets', body);
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().data.id);
}

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  admin = (await makeStaff(server.db, 'admin')).token;
  const a = await makeTeacher(server.db, { name: 'أ. أحمد' });
  const b = await makeTeacher(server.db, { name: 'أ. بسمة' });
  ahmed = (await makeStaff(server.db, 'teacher', { teacherId: a })).token;
  basma = (await makeStaff(server.db, 'teacher', { teacherId: b })).token;
  ids = {
    x: (await makeCourse(server, { teacherIds: [a], name: 'فيزياء أحمد' })).id,
    y: (await makeCourse(server, { teacherIds: [b], name: 'كيمياء بسمة' })).id,
  };
  mona = await makeStudent(server.db, { name: 'منى' });
  salma = await makeStudent(server.db, { name: 'سلمى' });
  for (const [student, course] of [
    [mona, ids.x],
    [mona, ids.y],
    [salma, ids.y],
  ] as const) {
    await server.db
      .insertInto('enrollments')
      .values({
        user_id: student.userId,
        course_id: course,
        created_at: new Date().toISOString(),
        pay_by: 'free',
        price_paid: 0,
      })
      .execute();
  }
  tickets = {
    x: await ticket(mona.token, {
      title: 'سؤال في الفيزياء',
      content: 'ما معنى المقاومة؟',
      course_id: ids.x,
    }),
    y: await ticket(mona.token, {
      title: 'سؤال في الكيمياء',
      content: 'التكافؤ',
      course_id: ids.y,
    }),
    general: await ticket(mona.token, { title: 'الدفع', content: 'لم يصل الرصيد' }),
    // A guest cannot name a course: it is dropped.
    guest: await ticket(null, {
      title: 'استفسار',
      content: 'كيف أشترك؟',
      name: 'زائر',
      email: 'guest@example.com',
      phone: '01000000000',
      course_id: ids.x,
    }),
  };
}, 120_000);
afterAll(() => server?.close());

describe('a ticket about a course', () => {
  it('is refused about a course the student has not joined, with the reason under the field', async () => {
    const res = await call(salma.token, 'POST', '/support-tickets', {
      title: 'سؤال',
      content: 'نص',
      course_id: ids.x,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      course_id: ['اختر دورة من دوراتك، أو «سؤال عام للمدرسة»'],
    });
  });

  it('shows a teacher only the tickets about their courses, with the course', async () => {
    const mine = await call(ahmed, 'GET', '/staff/support-tickets');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().meta.total).toBe(1);
    expect(mine.json().data.map((t: { id: number; course: unknown }) => [t.id, t.course])).toEqual([
      [tickets.x, { id: ids.x, name: 'فيزياء أحمد' }],
    ]);
    const hers = await call(basma, 'GET', '/staff/support-tickets');
    expect(hers.json().data.map((t: { id: number }) => t.id)).toEqual([tickets.y]);
    // The admin sees every ticket; the guest's names no course.
    const all = await call(admin, 'GET', '/staff/support-tickets?per_page=100');
    const byId = new Map(
      all.json().data.map((t: { id: number; course: unknown }) => [t.id, t.course]),
    );
    expect(byId.get(tickets.general)).toBeNull();
    expect(byId.get(tickets.guest)).toBeNull();
    const onX = await call(admin, 'GET', `/staff/support-tickets?course_id=${ids.x}`);
    expect(onX.json().data.map((t: { id: number }) => t.id)).toEqual([tickets.x]);
  });

  it('lets the teacher answer, close and reopen their course’s ticket; the student is told', async () => {
    const reply = await call(ahmed, 'POST', `/staff/support-tickets/${tickets.x}/replies`, {
      content: 'المقاومة هي ممانعة مرور التيار.',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data.status).toBe('answered');
    const told = await server.db
      .selectFrom('notifications')
      .select('data')
      .where('user_id', '=', mona.userId)
      .execute();
    expect(told.map((n) => JSON.parse(n.data).type)).toContain('ticket_reply');
    expect(
      (await call(ahmed, 'POST', `/staff/support-tickets/${tickets.x}/close`)).statusCode,
    ).toBe(200);
    expect(
      (await call(ahmed, 'POST', `/staff/support-tickets/${tickets.x}/reopen`)).statusCode,
    ).toBe(200);
  });

  it('answers another course’s, the school’s and a guest’s ticket as not existing, and changes nothing', async () => {
    for (const id of [tickets.y, tickets.general, tickets.guest]) {
      for (const [method, path] of [
        ['GET', ''],
        ['POST', '/replies'],
        ['POST', '/close'],
        ['POST', '/reopen'],
      ] as const) {
        const res = await call(
          ahmed,
          method,
          `/staff/support-tickets/${id}${path}`,
          path === '/replies' ? { content: 'رد' } : undefined,
        );
        expect(res.statusCode, `${id}${path}`).toBe(404);
      }
    }
    const replies = await server.db
      .selectFrom('support_ticket_replies')
      .select('ticket_id')
      .where('ticket_id', 'in', [tickets.y, tickets.general, tickets.guest])
      .execute();
    expect(replies).toEqual([]);
  });
});
