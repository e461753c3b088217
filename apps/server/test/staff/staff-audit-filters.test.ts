import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStaff } from './staff-factory';

/**
 * The audit log screen's filters (ADR 028): who, what resource, which action, a time range and
 * a resource id, each narrowing GET /staff/audit-log, together too. Newest first.
 */

let server: TestServer;
let admin: { token: string; userId: number };
let leader: { token: string; userId: number };

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  admin = await makeStaff(server.db, 'admin');
  leader = await makeStaff(server.db, 'leader');
}, 120_000);
afterAll(() => server?.close());

async function call(token: string, method: string, url: string, payload?: object) {
  const res = await server.app.inject({
    method: method as 'POST',
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return res.json() as { data: { id: number } & Record<string, unknown> };
}

type Entry = { id: number; staff_user_id: number; action: string; resource: string };

async function audit(query: string): Promise<Entry[]> {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/staff/audit-log?per_page=100&${query}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: Entry[]; meta: { total: number } };
  expect(body.meta.total).toBe(body.data.length);
  return body.data;
}

describe('the audit log filters', () => {
  it('narrow by staff member, resource, action, time and id', async () => {
    const grade = await call(admin.token, 'POST', '/grades', { name: 'صف المرشحات' });
    await call(leader.token, 'PATCH', `/grades/${grade.data.id}`, { name: 'صف المرشحات ١' });
    const category = await call(leader.token, 'POST', '/categories', { name: 'تصنيف المرشحات' });
    await new Promise((r) => setTimeout(r, 20));
    const middle = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await call(admin.token, 'DELETE', `/categories/${category.data.id}`);
    await call(admin.token, 'PATCH', '/settings', { teachers_page: false });

    const all = await audit('');
    expect(all.map((e) => [e.resource, e.action])).toEqual([
      ['settings', 'update'],
      ['categories', 'delete'],
      ['categories', 'create'],
      ['grades', 'update'],
      ['grades', 'create'],
    ]);

    expect((await audit(`staff_user_id=${leader.userId}`)).map((e) => e.resource)).toEqual([
      'categories',
      'grades',
    ]);
    expect((await audit('resource=categories')).map((e) => e.action)).toEqual(['delete', 'create']);
    expect((await audit('action=update')).map((e) => e.resource)).toEqual(['settings', 'grades']);
    expect((await audit('action=delete&resource=grades')).length).toBe(0);
    expect(
      (await audit(`action=update&staff_user_id=${admin.userId}`)).map((e) => e.resource),
    ).toEqual(['settings']);
    expect((await audit(`from=${encodeURIComponent(middle)}`)).map((e) => e.resource)).toEqual([
      'settings',
      'categories',
    ]);
    expect((await audit(`to=${encodeURIComponent(middle)}`)).map((e) => e.resource)).toEqual([
      'categories',
      'grades',
      'grades',
    ]);
    expect((await audit(`q=${grade.data.id}&resource=grades`)).length).toBe(2);
    // A malformed action is ignored like the other lenient filters, not an error.
    expect((await audit('action=DROP%20TABLE')).length).toBe(5);
  });
});
