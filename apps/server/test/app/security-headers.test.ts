import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, getVideoResponseSchema } from '@dars/contract';
import { DOCS_PAGE_CSP } from '../../src/modules/api-docs/api-docs-routes';
import { API_CSP, CORP_OPEN } from '../../src/plugins/security-headers';
import { decryptVideoUrl } from '../../src/modules/videos/video-url';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeLecture } from '../factories/courses';
import { makeStudent } from '../factories/students';

/** The headers every answer carries, early ones included (ADR 007). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'cache-control',
] as const;

let server: TestServer;
let webDist: string;
let origin: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><div id="root"></div></html>',
  );
  server = await startTestServer({ webDist, seed: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A real request over a real socket, so Node's own parser answers what it refuses. */
function rawRequest(
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${urlPath}`,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const securityOf = (headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders) =>
  Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers[name]]));

/** One directive of a policy, e.g. "style-src 'unsafe-inline'", or undefined when absent. */
const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

async function apiAnswer() {
  return server.app.inject({ method: 'GET', url: '/api/v1/app', headers: WEB_HEADERS });
}

describe('security headers', () => {
  it('on an API answer: a policy that allows nothing, no framing, no sniffing, no store', async () => {
    const res = await apiAnswer();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(API_CSP);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cache-control': 'no-store',
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('on the SPA page: our scripts and Crisp only, inline styles for MUI, framed by us only', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/courses' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://client.crisp.chat");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(csp, 'style-src')).toContain("'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets any page embed public files (the native apps), nothing else', async () => {
    const folder = path.join(server.config.dataDir, 'storage', 'public', 'corp');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'a.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    const file = await server.app.inject({ method: 'GET', url: '/storage/corp/a.png' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cross-origin-resource-policy']).toBe(CORP_OPEN);
    expect((await apiAnswer()).headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await server.app.inject({ method: 'GET', url: '/courses' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("keeps the video player's own policy", async () => {
    const student = await makeStudent(server.db);
    const preview = await makeLecture(server, { preview: true }, { price: 350, showPreview: true });
    const video = await server.db
      .selectFrom('videos')
      .select('id')
      .where('lecture_id', '=', preview.id)
      .executeTakeFirstOrThrow();
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/video/apps/${video.id}`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${student.token}` },
    });
    const url = new URL(decryptVideoUrl(getVideoResponseSchema.parse(res.json()).u));
    const page = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("media-src 'self'");
    // Its one script by its hash (issue 24), no inline code at large.
    expect(page.headers['content-security-policy']).toMatch(
      /script-src 'sha256-[A-Za-z0-9+/]+=*';/,
    );
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it("keeps the API documents' page its own policy: its inline styles, still no script", async () => {
    const res = await server.app.inject({ method: 'GET', url: `${API_BASE}/docs` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<style>');
    const csp = res.headers['content-security-policy'];
    expect(csp).toBe(DOCS_PAGE_CSP);
    expect(directive(csp, 'style-src')).toBe("style-src 'unsafe-inline'");
    expect(directive(csp, 'default-src')).toBe("default-src 'none'");
    expect(directive(csp, 'script-src')).toBeUndefined();
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it("gives the docs page's policy to no other API answer, error or not", async () => {
    const student = await makeStudent(server.db);
    const answers = [
      await server.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` }),
      await server.app.inject({ method: 'GET', url: `${API_BASE}/docs/nothing-here` }),
      await server.app.inject({ method: 'GET', url: `${API_BASE}/profile`, headers: WEB_HEADERS }),
      await server.app.inject({
        method: 'GET',
        url: `${API_BASE}/profile`,
        headers: { ...WEB_HEADERS, authorization: `Bearer ${student.token}` },
      }),
      await apiAnswer(),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 401, 200, 200]);
    for (const res of answers) expect(res.headers['content-security-policy']).toBe(API_CSP);
  });

  it('sends no HSTS over plain http, whatever an untrusted x-forwarded-proto says', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/app',
      headers: { ...WEB_HEADERS, 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Cache-Control: no-store on tokens and personal data', () => {
  it('on the login answer and on every authenticated answer', async () => {
    const student = await makeStudent(server.db, { password: 'secret-pass-1' });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: WEB_HEADERS,
      payload: { login: student.email, password: 'secret-pass-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const token = login.json().token as string;
    for (const url of ['/api/v1/courses', '/api/v1/profile', '/api/v1/wallet']) {
      const res = await server.app.inject({
        method: 'GET',
        url,
        headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
      });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe("Fastify's and Node's early answers, over a real socket", () => {
  it('431 for headers over 16 KB: Arabic JSON and the same security headers', async () => {
    const api = await apiAnswer();
    const res = await rawRequest('/api/v1/app', { headers: { 'x-filler': 'a'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = JSON.parse(res.body);
    expect(body).toEqual({
      message: expect.stringMatching(/[\u0600-\u06FF]/),
      code: 'VALIDATION_FAILED',
    });
    expect(securityOf(res.headers)).toEqual(securityOf(api.headers));
  });

  it('431 for a url over 16 KB too', async () => {
    const res = await rawRequest(`/api/v1/courses?query=${'b'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).code).toBe('VALIDATION_FAILED');
  });

  it('414 for a path parameter over the router limit', async () => {
    const api = await apiAnswer();
    const res = await rawRequest(`/api/v1/courses/${'7'.repeat(300)}`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toEqual({
      message: expect.stringMatching(/[\u0600-\u06FF]/),
      code: 'VALIDATION_FAILED',
    });
    expect(securityOf(res.headers)).toEqual(securityOf(api.headers));
  });

  it('400 for a url that cannot be decoded', async () => {
    const res = await rawRequest('/api/v1/courses/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toMatch(/[\u0600-\u06FF]/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('413 for a body over the limit', async () => {
    const api = await apiAnswer();
    const res = await rawRequest('/api/v1/login', {
      method: 'POST',
      headers: { ...WEB_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toMatch(/[\u0600-\u06FF]/);
    expect(securityOf(res.headers)).toEqual(securityOf(api.headers));
  });
});
