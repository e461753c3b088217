import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStaff } from './staff-factory';

/**
 * Every change made through the staff API leaves exactly one audit row naming who made it,
 * the action, the resource and its id, with the item before and after (ADR 022). A refused
 * change leaves none.
 */

let server: TestServer;
let admin: { token: string; userId: number };

beforeAll(async () => {
  server = await startTestServer();
  admin = await makeStaff(server.db, 'admin');
}, 120_000);
afterAll(() => server?.close());

async function call(method: string, url: string, payload?: object) {
  const res = await server.app.inject({
    method: method as 'POST',
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
    ...(payload ? { payload } : {}),
  });
  return res;
}

async function auditCount(): Promise<number> {
  const row = await server.db
    .selectFrom('staff_audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function lastAudit() {
  return server.db
    .selectFrom('staff_audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

describe('the audit log', () => {
  it('has one row for each change of every resource, and none for a refused one', async () => {
    const ids: Record<string, number> = {};
    const steps: [string, string, () => string, object | undefined, string][] = [
      ['grades', 'POST', () => '/grades', { name: 'صف' }, 'create'],
      ['grades', 'PATCH', () => `/grades/${ids.grades}`, { name: 'صف ١' }, 'update'],
      ['categories', 'POST', () => '/categories', { name: 'قسم' }, 'create'],
      ['teachers', 'POST', () => '/teachers', { name: 'مدرس' }, 'create'],
      ['teachers', 'PATCH', () => `/teachers/${ids.teachers}`, { bio: 'نبذة' }, 'update'],
      ['courses', 'POST', () => '/courses', { name: 'دورة', pay_type: 'lectures' }, 'create'],
      ['courses', 'PATCH', () => `/courses/${ids.courses}`, { price: 12.5 }, 'update'],
      ['lectures', 'POST', () => '/lectures', { course_id: 0, name: 'محاضرة' }, 'create'],
      ['lectures', 'PATCH', () => `/lectures/${ids.lectures}`, { preview: true }, 'update'],
      ['videos', 'POST', () => '/videos', { lecture_id: 0, name: 'فيديو' }, 'create'],
      ['videos', 'PATCH', () => `/videos/${ids.videos}`, { views_limit: 2 }, 'update'],
      ['exams', 'POST', () => '/exams', { name: 'امتحان', exam_code: 'AUD1' }, 'create'],
      ['exams', 'PATCH', () => `/exams/${ids.exams}`, { duration_minutes: 15 }, 'update'],
      [
        'questions',
        'POST',
        () => '/questions',
        { exam_id: 0, type: 'essay', text: 'اشرح' },
        'create',
      ],
      ['questions', 'PATCH', () => `/questions/${ids.questions}`, { mark: 3 }, 'update'],
      ['lecture-exams', 'POST', () => '/lecture-exams', { lecture_id: 0, exam_id: 0 }, 'create'],
      [
        'lecture-exams',
        'PATCH',
        () => `/lecture-exams/${ids['lecture-exams']}`,
        { must_take: true },
        'update',
      ],
      ['settings', 'PATCH', () => '/settings', { teachers_page: false }, 'update'],
      [
        'header-images',
        'PUT',
        () => '/home/header-images',
        { header_images: [{ url: 'https://img.test/a.png' }] },
        'update',
      ],
      [
        'accounts',
        'POST',
        () => '/accounts',
        {
          name: 'مشرف',
          email: 'audit-leader@dars.test',
          phone: '01222222222',
          role: 'leader',
          password: 'dars12345',
        },
        'create',
      ],
      ['accounts', 'PATCH', () => `/accounts/${ids.accounts}`, { role: 'admin' }, 'update'],
      [
        'lecture-exams',
        'DELETE',
        () => `/lecture-exams/${ids['lecture-exams']}`,
        undefined,
        'delete',
      ],
      ['questions', 'DELETE', () => `/questions/${ids.questions}`, undefined, 'delete'],
      ['exams', 'DELETE', () => `/exams/${ids.exams}`, undefined, 'delete'],
      ['videos', 'DELETE', () => `/videos/${ids.videos}`, undefined, 'delete'],
      ['lectures', 'DELETE', () => `/lectures/${ids.lectures}`, undefined, 'delete'],
      ['courses', 'DELETE', () => `/courses/${ids.courses}`, undefined, 'delete'],
      ['teachers', 'DELETE', () => `/teachers/${ids.teachers}`, undefined, 'delete'],
      ['categories', 'DELETE', () => `/categories/${ids.categories}`, undefined, 'delete'],
      ['grades', 'DELETE', () => `/grades/${ids.grades}`, undefined, 'delete'],
      ['accounts', 'DELETE', () => `/accounts/${ids.accounts}`, undefined, 'delete'],
    ];
    const resources = new Set<string>();
    for (const [resource, method, url, body, action] of steps) {
      // Parents made by earlier steps.
      const payload = body && {
        ...body,
        ...('course_id' in body ? { course_id: ids.courses } : {}),
        ...('lecture_id' in body ? { lecture_id: ids.lectures } : {}),
        ...('exam_id' in body ? { exam_id: ids.exams } : {}),
      };
      const before = await auditCount();
      const res = await call(method, url(), payload);
      expect(res.statusCode, `${method} ${url()}: ${res.body.slice(0, 200)}`).toBe(200);
      if (action === 'create') ids[resource] = res.json().data.id;
      expect(await auditCount(), `${method} ${resource}`).toBe(before + 1);
      const row = await lastAudit();
      expect(row, `${method} ${resource}`).toMatchObject({
        user_id: admin.userId,
        action,
        resource,
      });
      if (ids[resource] !== undefined && !['settings', 'header-images'].includes(resource)) {
        expect(row.resource_id).toBe(String(ids[resource]));
      }
      expect(row.before === null, `${resource} before`).toBe(action === 'create');
      expect(row.after === null, `${resource} after`).toBe(action === 'delete');
      resources.add(resource);
    }
    expect(resources.size).toBe(12);

    // Refusals write nothing: a 422, a 409, a 404.
    const before = await auditCount();
    expect((await call('POST', '/grades', { name: '' })).statusCode).toBe(422);
    expect((await call('PATCH', '/courses/999999', { name: 'س' })).statusCode).toBe(404);
    const joined = await server.db
      .selectFrom('enrollments')
      .select('course_id')
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/courses/${joined.course_id}`)).statusCode).toBe(409);
    expect(await auditCount()).toBe(before);
  });
});
