// The native apps call the API from their own origins (ADR 021): Capacitor's
// capacitor://localhost (iOS) and https://localhost (Android), plus what CORS_ORIGINS names.
// Every other origin gets no CORS header, so a browser keeps the answer from its page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { playerCsp } from '../../src/modules/videos/video-routes';
import { studentClient } from '../denial-client';
import { makeLecture } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { CORS_ORIGINS: 'https://school.example' } });
});
afterAll(() => server.close());

function get(url: string, origin?: string, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'GET',
    url,
    headers: { ...WEB_HEADERS, ...(origin ? { origin } : {}), ...headers },
  });
}

function preflight(url: string, origin: string, method = 'POST') {
  return server.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,app-platform,app-version,content-type',
    },
  });
}

describe('CORS for the native apps', () => {
  for (const origin of ['capacitor://localhost', 'https://localhost', 'https://school.example']) {
    it(`lets ${origin} read the API's answers`, async () => {
      const res = await get('/api/v1/app', origin, { 'app-platform': 'android' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers.vary).toMatch(/\bOrigin\b/);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it(`answers ${origin}'s preflight with the methods and headers a call uses`, async () => {
      const res = await preflight('/api/v1/auth/login', origin);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE');
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
      for (const header of [
        'authorization',
        'content-type',
        'app-platform',
        'app-version',
        // The device id (ADR 051): without it the native apps' every call would be refused.
        'app-device',
      ])
        expect(allowed).toContain(header);
    });
  }

  it('lets an app read a refusal too (the error shape with its status)', async () => {
    const res = await get('/api/v1/profile', 'https://localhost', {
      authorization: 'Bearer 1|nope',
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe('https://localhost');
    expect(res.json()).toHaveProperty('message');
  });

  for (const origin of [
    'https://evil.example',
    'http://localhost',
    'https://localhost:8443',
    'capacitor://evil',
    'ionic://localhost',
    'null',
    'https://school.example.evil.example',
  ]) {
    it(`gives ${origin} no CORS header, on a call or a preflight`, async () => {
      const res = await get('/api/v1/app', origin);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers.vary).toMatch(/\bOrigin\b/);
      const pre = await preflight('/api/v1/auth/login', origin);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBeUndefined();
      expect(pre.headers['access-control-allow-headers']).toBeUndefined();
      expect(pre.statusCode).not.toBe(204);
    });
  }

  it('adds nothing to a same-origin call, which sends no Origin', async () => {
    const res = await get('/api/v1/app');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps a page of the web site off other origins: only the app origins are allowed by default', async () => {
    const plain = await startTestServer({ seed: false });
    try {
      const school = await plain.app.inject({
        method: 'GET',
        url: '/api/v1/app',
        headers: { ...WEB_HEADERS, origin: 'https://school.example' },
      });
      expect(school.headers['access-control-allow-origin']).toBeUndefined();
      const app = await plain.app.inject({
        method: 'GET',
        url: '/api/v1/app',
        headers: { ...WEB_HEADERS, origin: 'capacitor://localhost' },
      });
      expect(app.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    } finally {
      await plain.close();
    }
  });
});

describe('CORS_ORIGINS', () => {
  it('takes a comma-separated list of origins', () => {
    expect(
      loadConfig({ CORS_ORIGINS: ' https://a.example, http://b.example:8080 ,' }).corsOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });

  it('refuses what is not an origin (a path, a wildcard)', () => {
    for (const bad of ['https://a.example/', '*', 'a.example', 'https://a.example/x'])
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS/);
  });
});

describe('the player page in the apps', () => {
  it('may be framed by the site, the native apps and CORS_ORIGINS, and by no one else', async () => {
    const as = studentClient(server);
    const student = await makeStudent(server.db);
    const lecture = await makeLecture(server, { price: 20 });
    await as.topUp(student.userId, 20);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    const video = await as.firstVideo(lecture.id);
    const { vt } = await as.openVideo(video.id, student.token);
    const res = await server.app.inject({ url: `/player/${video.id}?vt=${vt}` });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const ancestors = /frame-ancestors ([^;]+)/.exec(csp)?.[1]?.split(' ');
    expect(ancestors).toEqual([
      "'self'",
      'capacitor://localhost',
      'https://localhost',
      'https://school.example',
    ]);
    // X-Frame-Options knows only SAMEORIGIN, which would refuse the apps' frames.
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(csp).toBe(playerCsp(['https://school.example']));
    expect(playerCsp([])).toMatch(
      /frame-ancestors 'self' capacitor:\/\/localhost https:\/\/localhost$/,
    );
  });
});
