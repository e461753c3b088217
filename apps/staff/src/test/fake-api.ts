import { vi } from 'vitest';
import { z } from 'zod';
import {
  apiErrorSchema,
  fillPath,
  staffEndpoints,
  type StaffEndpointName,
  type StaffUser,
} from '@dars/contract';

/** A call of the contract's staff table (`staffEndpoints`). */
export type StaffEntry = (typeof staffEndpoints)[StaffEndpointName];

/** One recorded call to the fake staff API. */
export interface Call {
  method: string;
  /** The path below the API base, without the query: `/staff/courses/7`. */
  path: string;
  /** The query's values: `{ page: '1', per_page: '25' }`. */
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
  /** The name of the contract's entry the call is (by method and path), if any. */
  entry: StaffEndpointName | undefined;
  /** That entry's path params as the call filled them: `{ id: '7' }`. */
  params: Record<string, string>;
}

/** A fake answer: JSON (or a string, sent as it is: a file) with a status, 200 by default. */
export interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler = (call: Call) => Reply | undefined;

/** `entry.path` as a pattern: each `:param` one segment. */
function pattern(path: string): RegExp {
  const source = path
    .split(/(:[A-Za-z_]+)/)
    .map((part) =>
      part.startsWith(':')
        ? `(?<${part.slice(1)}>[^/]+)`
        : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

const ENTRIES = (Object.keys(staffEndpoints) as StaffEndpointName[])
  .map((name) => ({
    name,
    entry: staffEndpoints[name],
    pattern: pattern(staffEndpoints[name].path),
  }))
  // A path of fixed segments before one with params (`/staff/students.csv` before `:id`).
  .sort((a, b) => a.entry.path.split(':').length - b.entry.path.split(':').length);

/** The contract entry a method and path are, with the path's params. */
function entryOf(method: string, path: string) {
  for (const { name, entry, pattern: p } of ENTRIES) {
    if (entry.method !== method) continue;
    const match = p.exec(path);
    if (match) return { name, entry, params: { ...match.groups } };
  }
  return undefined;
}

/**
 * The path of a call of `entry`, below the API base, with its params filled.
 * @example pathOf(staffEndpoints.staffGetCourse, { id: 7 }) // '/staff/courses/7'
 */
export function pathOf(entry: StaffEntry, params?: Record<string, string | number>): string {
  return params ? fillPath(entry.path, params) : entry.path;
}

/**
 * Whether a recorded call is a call of `entry`: its method and path (with these params, when
 * given; any params otherwise).
 * @example api.calls.filter((c) => isCall(c, staffEndpoints.staffUpdateCourse, { id: 7 }))
 */
export function isCall(
  call: Call,
  entry: StaffEntry,
  params?: Record<string, string | number>,
): boolean {
  if (call.method !== entry.method) return false;
  return params ? call.path === pathOf(entry, params) : pattern(entry.path).test(call.path);
}

/**
 * An answer to the calls of `entry` (with these params, when given): `body`, or what
 * `respond(call)` gives (undefined: not this handler's call).
 * @example answer(staffEndpoints.staffGetCourse, { data: COURSE }, { params: { id: 7 } })
 */
export function answer(
  entry: StaffEntry,
  respond: unknown,
  options: {
    params?: Record<string, string | number>;
    status?: number;
    headers?: Record<string, string>;
  } = {},
): Handler {
  return (call) => {
    if (!isCall(call, entry, options.params)) return undefined;
    const body = typeof respond === 'function' ? (respond as (c: Call) => unknown)(call) : respond;
    if (body === undefined) return undefined;
    return { status: options.status, body, headers: options.headers };
  };
}

/** A list answer of `rows` (all of them, one page) to every call of a list entry. */
export function list(entry: StaffEntry, rows: unknown[]): Handler {
  return answer(entry, { data: rows, meta: { total: rows.length } });
}

/** The contract mismatches of fake answers since the last check (setup.ts fails a test on them). */
const mismatches: string[] = [];

/** The mismatches recorded since the last call, and forgets them. */
export function takeContractMismatches(): string[] {
  return mismatches.splice(0);
}

/**
 * Why a fake answer is not one the contract allows for the call, or null: a 2xx JSON answer
 * against the entry's response schema, an error answer against `{ message, code?, errors? }`.
 * A call no entry names (the tus upload), or a file entry's 2xx, is not checked.
 */
export function contractProblem(call: Call, reply: Reply): string | null {
  if (!call.entry) return null;
  const entry: StaffEntry = staffEndpoints[call.entry];
  const status = reply.status ?? 200;
  const schema = status >= 400 ? apiErrorSchema : 'response' in entry ? entry.response : undefined;
  if (!schema) return null;
  const checked = schema.safeParse(reply.body);
  if (checked.success) return null;
  return (
    `The fake answer (${status}) to ${call.method} ${call.path} (${call.entry}) does not match ` +
    `the contract:\n${z.prettifyError(checked.error)}`
  );
}

/**
 * Stands in for the staff API in component tests (the e2e suite runs the real server): answers
 * from `handlers` (first that returns), else 404, and records every call. Each answer is
 * checked against the contract entry of its call (`contractProblem`): a fixture that is not
 * what the server may answer fails the test (setup.ts), unless a file opts out with
 * `checkAnswers: false`, saying why.
 */
export function fakeStaffApi(handlers: Handler[], options: { checkAnswers?: boolean } = {}) {
  const checkAnswers = options.checkAnswers ?? true;
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const matched = entryOf(method, path);
    const call: Call = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      authorization: headers.get('authorization'),
      entry: matched?.name,
      params: matched?.params ?? {},
    };
    calls.push(call);
    for (const handler of handlers) {
      const reply = handler(call);
      if (!reply) continue;
      const problem = checkAnswers ? contractProblem(call, reply) : null;
      if (problem) mismatches.push(problem);
      // A text body (a file) is sent as it is, with the headers the handler gives.
      return new Response(
        typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body),
        {
          status: reply.status ?? 200,
          headers: reply.headers ?? { 'content-type': 'application/json' },
        },
      );
    }
    return new Response(JSON.stringify({ message: 'غير موجود' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    /** The recorded calls of `entry` (with these params, when given). */
    callsTo(entry: StaffEntry, params?: Record<string, string | number>): Call[] {
      return calls.filter((c) => isCall(c, entry, params));
    },
  };
}

export const ADMIN: StaffUser = {
  id: 1,
  name: 'مدير المنصة',
  email: 'admin@dars.test',
  role: 'admin',
};
export const LEADER: StaffUser = {
  id: 2,
  name: 'مشرف المحتوى',
  email: 'leader@dars.test',
  role: 'leader',
};
export const TEACHER: StaffUser = {
  id: 3,
  name: 'أ. محمد عبد الحميد',
  email: 'teacher@dars.test',
  role: 'teacher',
};

/** Sign-in, identity and sign-out for whoever `user` is. */
export function staffBasics(user: StaffUser): Handler[] {
  return [
    answer(staffEndpoints.staffLogin, { data: { token: 'tok-1', user } }),
    answer(staffEndpoints.staffMe, { data: user }),
    answer(staffEndpoints.staffLogout, { data: { message: 'تم' } }),
  ];
}
