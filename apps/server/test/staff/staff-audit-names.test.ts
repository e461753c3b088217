import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { auditTargets } from '../../src/modules/reports/audit-names';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { makeStaff } from './staff-factory';

/**
 * The audit log names what changed (issue 23, ADR 034): each entry carries the record's name
 * now, and after the record is deleted the name it had, so the console can say «تعديل الدورة
 * "الفيزياء"» and link to it while it exists. Names are written out here by hand.
 */

let server: TestServer;
let admin: { token: string; userId: number };

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  admin = await makeStaff(server.db, 'admin', { name: 'مديرة السجل' });
}, 120_000);
afterAll(() => server?.close());

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await server.app.inject({
    method,
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

type Entry = {
  action: string;
  resource: string;
  resource_id: string | null;
  resource_name: string | null;
  resource_exists: boolean;
};

async function entries(query = ''): Promise<Entry[]> {
  return (await call('GET', `/audit-log?per_page=100${query}`)).data;
}

describe('the audit log names each record', () => {
  it('names a course, lecture, teacher, student and pay-card batch, and keeps a deleted one', async () => {
    const teacher = (await call('POST', '/teachers', { name: 'أ. منى سامي' })).data;
    const course = (
      await call('POST', '/courses', { name: 'الكيمياء العضوية', pay_type: 'lectures' })
    ).data;
    await call('PATCH', `/courses/${course.id}`, { price: 120 });
    const lecture = (await call('POST', '/lectures', { course_id: course.id, name: 'الألكانات' }))
      .data;
    await call('PATCH', `/lectures/${lecture.id}`, { name: 'الألكانات والألكينات' });
    const student = await makeStudent(server.db, { name: 'يوسف إبراهيم' });
    await call('POST', `/students/${student.userId}/block`, { reason: 'تجربة' });
    const batch = (await call('POST', '/paycard-batches', { value: 50, count: 3 })).data;
    const gone = (await call('POST', '/courses', { name: 'دورة ستُحذف', pay_type: 'course' })).data;
    await call('DELETE', `/courses/${gone.id}`);

    const log = await entries();
    const named = (resource: string, id: number | string, action: string) =>
      log.find(
        (e) => e.resource === resource && e.resource_id === String(id) && e.action === action,
      );

    const expected: [string, number, string, string, boolean][] = [
      ['teachers', teacher.id, 'create', 'أ. منى سامي', true],
      ['courses', course.id, 'update', 'الكيمياء العضوية', true],
      // Renamed: the name the lecture has now.
      ['lectures', lecture.id, 'create', 'الألكانات والألكينات', true],
      ['students', student.userId, 'block', 'يوسف إبراهيم', true],
      ['paycard-batches', batch.id, 'create', '50.00 جنيه × 3', true],
      // Both the create and the delete of the deleted course still name it, with no link.
      ['courses', gone.id, 'create', 'دورة ستُحذف', false],
      ['courses', gone.id, 'delete', 'دورة ستُحذف', false],
    ];
    for (const [resource, id, action, name, exists] of expected) {
      expect(named(resource, id, action), `${resource} ${action}`).toMatchObject({
        resource_name: name,
        resource_exists: exists,
      });
    }
  });

  it('names a deleted teacher from the state it had, and leaves a singleton unnamed', async () => {
    const teacher = (await call('POST', '/teachers', { name: 'أ. كريم نبيل' })).data;
    await call('DELETE', `/teachers/${teacher.id}`);
    await call('PATCH', '/settings', { teachers_page: false });
    const log = await entries('&resource=teachers&action=delete');
    expect(log[0]).toMatchObject({
      resource_id: String(teacher.id),
      resource_name: 'أ. كريم نبيل',
      resource_exists: false,
    });
    const settings = await entries('&resource=settings');
    expect(settings[0]).toMatchObject({
      resource_id: null,
      resource_name: null,
      resource_exists: false,
    });
  });

  it('reads the names with one query per resource type, not one per entry', async () => {
    for (let i = 1; i <= 6; i += 1) await call('POST', '/grades', { name: `صف السجل ${i}` });
    const rows = await server.db
      .selectFrom('staff_audit_log')
      .select(['resource', 'resource_id', 'before', 'after'])
      .where('resource', 'in', ['grades', 'teachers', 'courses'])
      .orderBy('id')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const targets = await auditTargets(server.db.withPlugin(counting), rows);
    expect(queries).toBe(3);
    const grades = targets.filter((_, i) => rows[i]!.resource === 'grades');
    expect(grades.map((t) => t.resource_name)).toEqual([
      'صف السجل 1',
      'صف السجل 2',
      'صف السجل 3',
      'صف السجل 4',
      'صف السجل 5',
      'صف السجل 6',
    ]);
  });
});
