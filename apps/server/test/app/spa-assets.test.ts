import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';

// A built SPA as the web build leaves it: hashed assets under assets/ with brotli and gzip
// copies beside them, and index.html with its own copies.
const SCRIPT = `console.log(${JSON.stringify('دَرس '.repeat(400))});`;
const PAGE = `<!doctype html><html lang="ar" dir="rtl"><div id="root"></div>${'<!-- -->'.repeat(200)}</html>`;

let server: TestServer;
let webDist: string;

function writeWithCopies(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  fs.writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  writeWithCopies(path.join(webDist, 'index.html'), PAGE);
  writeWithCopies(path.join(webDist, 'assets', 'index-abc123.js'), SCRIPT);
  // Small files are left uncompressed by the build.
  fs.writeFileSync(path.join(webDist, 'assets', 'tiny-def456.js'), 'export {};');
  // The build's manifest, for tools only.
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{}');
  server = await startTestServer({ webDist, seed: false });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'GET',
    url,
    headers:
      acceptEncoding === undefined ? headers : { 'accept-encoding': acceptEncoding, ...headers },
  });

describe('precompressed assets', () => {
  it('sends the brotli copy of a script to a browser that accepts brotli', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted or refused with q=0', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('sends the plain file, still varying on Accept-Encoding, to a client without compression', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const res = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};');
  });

  it('caches hashed assets for a year as immutable, in every encoding', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers a revalidation of an unchanged asset with 304', async () => {
    const first = await get('/assets/index-abc123.js', 'br');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get('/assets/index-abc123.js', 'br', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('still answers a missing script with a 404, whatever the encoding', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/index-gone.js', accept);
      expect(res.statusCode, accept).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/text\/html/);
    }
  });
});

describe('the page itself', () => {
  it('sends index.html compressed on deep links, revalidated on every visit and never immutable', async () => {
    for (const url of ['/', '/courses', '/courses/5?tab=1', '/index.html']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(PAGE);
    }
  });

  it('sends index.html in gzip or plain to clients that ask for it', async () => {
    const gz = await get('/courses', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(PAGE);
    const plain = await get('/courses');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('does not publish the build manifest', async () => {
    const res = await get('/.vite/manifest.json', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toBe('{}');
  });

  it('does not serve the page in place of API, storage or player paths', async () => {
    for (const url of ['/api/v1/nope', '/storage/nope', '/player/nope']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
  });
});
