import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, endpoints, type EndpointDef } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { makeStaff } from './staff-factory';

/**
 * The role matrix of ADR 022 on every staff call of the contract: a guest gets 401, a student
 * 403, a leader 403 on the admin's calls and in on the rest, an admin in everywhere. "In" means
 * past the role check: any answer but 401/403, and never a 5xx.
 */

let server: TestServer;
let tokens: { student: string; leader: string; admin: string };

beforeAll(async () => {
  server = await startTestServer();
  tokens = {
    student: (await makeStudent(server.db)).token,
    leader: (await makeStaff(server.db, 'leader')).token,
    admin: (await makeStaff(server.db, 'admin')).token,
  };
}, 120_000);
afterAll(() => server?.close());

const staffCalls = (Object.entries(endpoints) as [string, EndpointDef][]).filter(
  ([, def]) => def.staff !== undefined,
);
// Calls that end the session they are made with go last, each with a token of its own.
const sessionEnding = new Set(['staffLogout']);

function call(def: EndpointDef, token: string | null) {
  const url = API_BASE + def.path.replace(/:[A-Za-z_]+/g, '1');
  return server.app.inject({
    method: def.method,
    url,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(def.method === 'GET' || def.method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('every staff call checks the role on the server', () => {
  it('covers the whole staff API', () => {
    expect(staffCalls.length).toBeGreaterThanOrEqual(60);
    const paths = new Set(staffCalls.map(([, def]) => def.path));
    for (const p of ['/staff/me', '/staff/courses', '/staff/settings', '/staff/audit-log'])
      expect(paths.has(p as never), p).toBe(true);
  });

  it.for(staffCalls)('%s', async ([name, def], ctx) => {
    // A call the api-contract test lists as not yet served is skipped, not passed.
    if (!server.app.hasRoute({ method: def.method, url: API_BASE + def.path })) ctx.skip();
    const guest = await call(def, null);
    expect(guest.statusCode, 'guest').toBe(401);
    expect(guest.json().message).toMatch(/[\u0600-\u06FF]/);

    const student = await call(def, tokens.student);
    expect(student.statusCode, 'student').toBe(403);
    expect(student.json().message).toBe('هذا الحساب ليس من حسابات فريق العمل');

    const own = sessionEnding.has(name);
    const leaderToken = own ? (await makeStaff(server.db, 'leader')).token : tokens.leader;
    const leader = await call(def, leaderToken);
    if (def.staff === 'admin') {
      expect(leader.statusCode, 'leader').toBe(403);
      expect(leader.json().message).toBe('ليس لديك صلاحية لهذا الإجراء');
    } else {
      expect([401, 403], `leader: ${leader.body.slice(0, 200)}`).not.toContain(leader.statusCode);
      expect(leader.statusCode, 'leader').toBeLessThan(500);
    }

    const adminToken = own ? (await makeStaff(server.db, 'admin')).token : tokens.admin;
    const admin = await call(def, adminToken);
    expect([401, 403], `admin: ${admin.body.slice(0, 200)}`).not.toContain(admin.statusCode);
    expect(admin.statusCode, 'admin').toBeLessThan(500);
    if (def.method === 'GET' && !def.path.includes(':')) expect(admin.statusCode).toBe(200);
  });
});
