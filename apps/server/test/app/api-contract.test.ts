import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, endpoints, type EndpointDef, type EndpointName } from '@dars/contract';
import { AppError } from '../../src/lib/app-error';
import { serve } from '../../src/plugins/endpoint';
import { registerErrorHandler } from '../../src/plugins/error-handler';
import { useZodCompilers } from '../../src/plugins/zod';
import { API_DOCS_PATHS } from '../../src/modules/api-docs/api-docs-routes';
import { PAYMENT_PAGE_ROUTES } from '../../src/modules/payments/payment-routes';
import { MESSAGING_ROUTES } from '../../src/modules/messaging/messaging-routes';
import { OPERATIONS_ROUTES } from '../../src/plugins/operations';
import { VIDEO_UPLOAD_ROUTES } from '../../src/modules/videos/video-upload';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';

/** Calls of the contract that a later issue builds; each must not be served yet. */
const NOT_YET_SERVED: Partial<Record<EndpointName, string>> = {};

/**
 * What the server serves outside the API: the video player page, public files, the web app, and
 * the payment gateways' returns, notifications and pages (ADR 019): providers' servers and
 * browsers call those, not our clients, so they carry no client headers or bearer token and
 * are not calls of the contract.
 */
const OUTSIDE_API = new Set([
  'GET /player/:id',
  // hls.js for the player page (ADR 055), from its npm package.
  'GET /player/assets/hls.light.min.js',
  'GET /storage/*',
  // The web app's manifest and icons in the school's identity (ADR 049, ADR 056): a browser's.
  'GET /manifest.webmanifest',
  'GET /icon.svg',
  'GET /icon-maskable.png',
  'GET *',
  ...PAYMENT_PAGE_ROUTES,
  // WhatsApp's webhook (ADR 053): Meta's servers call it, when WhatsApp is set up.
  ...MESSAGING_ROUTES,
  ...OPERATIONS_ROUTES,
]);

/**
 * The staff console's page and, once `apps/staff` is built, one route per file of its build
 * (plugins/staff-spa.ts): a browser's, not a client's call.
 */
const isStaffConsoleFile = (route: string) => /^(GET|HEAD) \/staff(\/|$)/.test(route);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

const key = (def: EndpointDef) => `${def.method} ${API_BASE}${def.path}`;
const all = Object.entries(endpoints) as [EndpointName, EndpointDef][];

describe('the contract and the routes the server serves', () => {
  it('serves no API route that the contract does not list', () => {
    const listed = new Set([
      ...all.map(([, def]) => key(def)),
      ...API_DOCS_PATHS.map((p) => `GET ${API_BASE}${p}`),
      // Staff video uploads speak the tus protocol, not JSON (ADR 022).
      ...VIDEO_UPLOAD_ROUTES,
    ]);
    const served = server.app.routeTable.filter((r) => r.split(' ')[1]!.startsWith(API_BASE));
    expect(served.filter((r) => !listed.has(r))).toEqual([]);
    const outside = server.app.routeTable.filter((r) => !r.split(' ')[1]!.startsWith(API_BASE));
    expect(outside.filter((r) => !OUTSIDE_API.has(r) && !isStaffConsoleFile(r))).toEqual([]);
  });

  it('serves every call of the contract, except those a named later issue builds', () => {
    const served = new Set(server.app.routeTable);
    const missing = all.filter(([, def]) => !served.has(key(def))).map(([name]) => name);
    expect(missing.sort()).toEqual(Object.keys(NOT_YET_SERVED).sort());
  });
});

describe('routes registered from the contract', () => {
  const declared = {
    method: 'POST',
    path: '/probe/:id',
    auth: 'optional',
    params: endpoints.getCourse.params,
    response: endpoints.logout.response,
    errors: ['ALREADY_JOINED'],
  } as const satisfies EndpointDef;

  async function probe(code: 'ALREADY_JOINED' | 'USED_PAYCARD' | null, id = '7') {
    const app = Fastify();
    useZodCompilers(app, { checkReplies: true });
    registerErrorHandler(app);
    app.decorateRequest('requireUser', async () => {
      throw new AppError('UNAUTHENTICATED');
    });
    serve(app, declared, async (request) => {
      if (code) throw new AppError(code);
      return { message: `تم ${request.params.id}` };
    });
    const res = await app.inject({ method: 'POST', url: `/probe/${id}` });
    await app.close();
    return res;
  }

  it('parse params by the contract and answer with its response', async () => {
    const ok = await probe(null);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'تم 7' });
    expect((await probe(null, 'abc')).statusCode).toBe(404);
  });

  it('may answer the error codes the contract declares, and fail loudly on any other', async () => {
    const declaredError = await probe('ALREADY_JOINED');
    expect(declaredError.statusCode).toBeGreaterThanOrEqual(400);
    expect(declaredError.statusCode).toBeLessThan(500);
    expect(declaredError.json().code).toBe('ALREADY_JOINED');
    const undeclared = await probe('USED_PAYCARD');
    expect(undeclared.statusCode).toBe(500);
  });

  it('ask for a bearer token first where the contract requires one', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: `${API_BASE}/profile`,
      headers: WEB_HEADERS,
      payload: { name: 1 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('is served at /api/v1/openapi.json with one operation per call of the contract', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: API_BASE }]);
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          key: `${method.toUpperCase()} ${path}`,
          op: op as {
            operationId: string;
            security: object[];
            parameters: { name: string; in: string }[];
            responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
          },
        })),
    );
    expect(operations.map((o) => o.op.operationId).sort()).toEqual(all.map(([n]) => n).sort());
    for (const [name, def] of all) {
      const found = operations.find((o) => o.op.operationId === name)!;
      expect(found.key, name).toBe(`${def.method} ${def.path.replace(/:(\w+)/g, '{$1}')}`);
      expect(found.op.security.length > 0, name).toBe(def.auth !== 'signed-link');
      for (const param of def.path.matchAll(/:(\w+)/g))
        expect(found.op.parameters, name).toContainEqual(
          expect.objectContaining({ name: param[1], in: 'path' }),
        );
    }
    const course = operations.find((o) => o.op.operationId === 'getCourse')!.op;
    const schema = course.responses['200']!.content!['application/json']!.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(schema.properties)).toContain('data');
  });

  it('has a page for integrators that lists every call', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${API_BASE}/docs` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.body).not.toMatch(/<script/i);
    for (const [name] of all) expect(res.body, name).toContain(`id="${name}"`);
  });
});
