import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';

/**
 * A known path asked with a method it does not take answers 405 with `Allow` and the Arabic
 * error shape, under a code of its own (issue 23); an unknown path stays a 404. The methods
 * are written out by hand.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server?.close());

const NOT_ALLOWED = {
  message: 'هذا الرابط لا يقبل هذا النوع من الطلبات',
  code: 'METHOD_NOT_ALLOWED',
};
const NOT_FOUND = { message: 'غير موجود', code: 'NOT_FOUND' };

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', url: string) {
  return server.app.inject({ method, url, headers: WEB_HEADERS });
}

describe('405 Method Not Allowed', () => {
  it.each([
    ['DELETE', '/api/v1/courses', 'GET, HEAD'],
    ['POST', '/api/v1/courses/7', 'GET, HEAD'],
    ['GET', '/api/v1/login', 'POST'],
    ['PUT', '/api/v1/staff/courses/7?x=1', 'GET, HEAD, PATCH, DELETE'],
    ['DELETE', '/api/v1/wallet/recharge/mobile-wallet', 'POST'],
    ['POST', '/storage/avatars/1.png', 'GET, HEAD'],
    ['OPTIONS', '/api/v1/app', 'GET, HEAD'],
  ] as const)('%s %s: 405, Allow: %s', async (method, url, allow) => {
    const res = await call(method, url);
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(NOT_ALLOWED);
  });

  it('keeps an unknown path a 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      for (const url of ['/api/v1/nothing-here', '/api/v1/courses/7/nothing', '/storage']) {
        const res = await call(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers.allow).toBeUndefined();
        expect(res.json()).toEqual(NOT_FOUND);
      }
    }
  });

  it('is a code of the contract, and the OpenAPI document says when it is answered', async () => {
    expect(isErrorCode('METHOD_NOT_ALLOWED')).toBe(true);
    const doc = (await call('GET', '/api/v1/openapi.json')).json();
    expect(doc.info.description).toContain(
      'answers 405 with code `METHOD_NOT_ALLOWED` and an `Allow` header',
    );
  });

  it('keeps a 404 where a route serves the method but found nothing (a missing console file)', async () => {
    const res = await call('GET', '/staff/assets/missing.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});
