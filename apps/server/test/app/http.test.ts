import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '@dars/contract';
import { registerErrorHandler } from '../../src/plugins/error-handler';
import { useZodCompilers } from '../../src/plugins/zod';
import { AppError } from '../../src/lib/app-error';
import { courseCover } from '../../src/db/seed/images';
import { seedFiles } from '../../src/db/seed/seed-files';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><div id="root"></div></html>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  server = await startTestServer({ webDist, seed: false });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the built SPA', () => {
  it('answers deep links with index.html (history fallback)', async () => {
    for (const url of ['/', '/courses?query=فيزياء', '/courses/5', '/some/unknown/page']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('dir="rtl"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a missing script or file with 404, not the page', async () => {
    for (const url of ['/assets/index-gone.js', '/favicon-missing.png', '/robots.txt']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/text\/html/);
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves stored public files, and 404s missing ones as JSON', async () => {
    const stored = seedFiles(server.config.dataDir).writePublic(
      'test/covers/1.svg',
      courseCover({ hue: 210, glyph: 'ر', seed: 1 }),
    );
    const cover = await server.app.inject({ method: 'GET', url: `/storage/${stored}` });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toMatch(/image\/svg/);
    const missing = await server.app.inject({ method: 'GET', url: '/storage/test/nope.svg' });
    expect(missing.statusCode).toBe(404);
  });

  it('never serves files outside the storage root', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/storage/../dars.sqlite' });
    expect(res.body).not.toContain('SQLite format');
    const encoded = await server.app.inject({ method: 'GET', url: '/storage/%2e%2e/dars.sqlite' });
    expect(encoded.body).not.toContain('SQLite format');
  });
});

describe('API errors', () => {
  // A known path asked with another method is a 405 now (method-not-allowed.test.ts).
  it('answers unknown API paths with a JSON 404, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/courses/7/nope'],
      ['DELETE', '/api/v1/app/nope'],
      ['GET', '/api'],
    ] as const) {
      const res = await server.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).code).toBe('NOT_FOUND');
    }
  });

  it('sets protective headers on every answer', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/app' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  useZodCompilers(app);
  registerErrorHandler(app);
  app.post(
    '/form',
    {
      schema: {
        body: z.object({
          email: z.email('البريد الإلكتروني غير صحيح'),
          name: z.string().min(1, 'الاسم مطلوب'),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/boom', async () => {
    throw new Error('SELECT * FROM secret_table failed at /srv/dars/db.ts:42');
  });
  app.get('/domain', async () => {
    throw new AppError('BALANCE_NOT_ENOUGH');
  });
  app.get(
    '/bad-reply',
    { schema: { response: { 200: z.object({ n: z.number() }) } } },
    async () => ({ n: 'not a number' }) as never,
  );

  it('answers invalid input with 422 and Arabic field errors', async () => {
    const res = await app.inject({ method: 'POST', url: '/form', payload: { email: 'nope' } });
    expect(res.statusCode).toBe(422);
    const body = apiErrorSchema.parse(res.json());
    expect(body.errors?.email).toEqual(['البريد الإلكتروني غير صحيح']);
    expect(body.errors?.name?.length).toBe(1);
    expect(body.message).toBe('البريد الإلكتروني غير صحيح');
  });

  it('answers malformed JSON with a 400 that names nothing internal', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/form',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/Unexpected|JSON\.parse|at /);
  });

  it('keeps a domain code and its Arabic message', async () => {
    const res = await app.inject({ method: 'GET', url: '/domain' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'BALANCE_NOT_ENOUGH',
      message: 'رصيد المحفظة غير كافي لإتمام العملية',
    });
  });

  it('hides the internals of an unexpected failure', async () => {
    for (const url of ['/boom', '/bad-reply']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/secret_table|srv|number/);
      expect(apiErrorSchema.parse(res.json()).code).toBe('SERVER_ERROR');
    }
  });
});
