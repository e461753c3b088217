import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { captureLog } from '../captured-log';
import { makeStudent } from '../factories/students';
import { startTestBucket, type TestBucket } from '../storage/s3-server';

const TOKEN = 'metrics-token-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
let log: string[];
beforeAll(async () => {
  server = await startTestServer({
    seed: false,
    env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
  });
  log = captureLog(server.app);
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

describe('probes', () => {
  it('/healthz says the process is alive, uncached', async () => {
    const res = await get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz checks the database and the storage', async () => {
    const res = await get('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok' },
    });
  });
});

describe('request ids', () => {
  it('gives each request an id, answers it and logs every line of the request with it', async () => {
    const a = await get('/api/v1/settings', { ...WEB_HEADERS });
    const b = await get('/api/v1/settings', { ...WEB_HEADERS });
    const id = a.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(b.headers['x-request-id']).not.toBe(id);
    const lines = log.map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    const mine = lines.filter((l) => l.reqId === id).map((l) => l.msg);
    expect(mine).toEqual(['incoming request', 'request completed']);
  });

  it('keeps the proxy’s id when it looks like one, and replaces one that does not', async () => {
    const given = 'f3a9c2e1b0a4d5e6f7a8b9c0d1e2f3a4';
    expect((await get('/healthz', { 'x-request-id': given })).headers['x-request-id']).toBe(given);
    for (const bad of ['short', 'x'.repeat(200), 'a b c d e f g h', 'id\u0000withnul1']) {
      const res = await get('/healthz', { 'x-request-id': bad });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('/metrics', () => {
  it('is refused without the token, with a wrong one and with a prefix of it', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
    ]) {
      const res = await get('/metrics', authorization ? { authorization } : {});
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route pattern and status, and their duration', async () => {
    const student = await makeStudent(server.db);
    await get('/api/v1/courses/999999', { ...WEB_HEADERS });
    await get('/api/v1/courses/999998', { ...WEB_HEADERS });
    await get('/api/v1/profile', { ...WEB_HEADERS, authorization: `Bearer ${student.token}` });
    await get('/no/such/path/x.js');
    const res = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    // The pattern, not each id: two requests, one series.
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/courses\/:id",status="404"\} 2/,
    );
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/profile",status="200"\} 1/,
    );
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
    expect(text).not.toContain('courses/999999');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/courses\/:id",status="404"\} 2/,
    );
    expect(text).toMatch(/^exam_sessions_active 0$/m);
    expect(text).toContain('process_cpu_seconds_total');
    if (server.dialect === 'postgres') {
      expect(text).toMatch(/db_pool_connections\{state="max"\} 4/);
      expect(text).toMatch(/db_pool_connections\{state="waiting"\} 0/);
    }
  });
});

describe('/metrics without METRICS_TOKEN, and an unready storage', () => {
  let plain: TestServer;
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket();
    // A bucket that does not exist: the server starts, but is not ready.
    plain = await startTestServer({
      seed: false,
      env: { ...bucket.env, S3_BUCKET: 'not-there' },
    });
  });
  afterAll(async () => {
    await plain.close();
    await bucket.close();
  });

  it('does not exist', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
  });

  it('/readyz answers 503 and names the storage', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not ready',
      checks: { database: 'ok', storage: expect.not.stringMatching(/^ok$/) },
    });
    expect((await plain.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 once draining', async () => {
    plain.app.drain();
    const res = await plain.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.shutdown).toBe('draining');
  });
});
