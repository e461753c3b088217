import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSettings } from '../../src/modules/settings/settings-service';
import { startTestServer, type TestServer } from '../helpers';

// The staff console under /staff (plugins/staff-spa.ts, ADR 023), beside the student SPA.
let server: TestServer;
let unbuilt: TestServer;
let webDist: string;
let staffDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><p>student app</p>');
  staffDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-staff-'));
  fs.mkdirSync(path.join(staffDist, 'assets'));
  fs.writeFileSync(
    path.join(staffDist, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><head><title>لوحة إدارة دَرس</title></head><p>staff console</p></html>',
  );
  fs.writeFileSync(path.join(staffDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  server = await startTestServer({ webDist, seed: false, env: { STAFF_DIST: staffDist } });
  unbuilt = await startTestServer({
    webDist,
    seed: false,
    env: { STAFF_DIST: path.join(staffDist, 'missing') },
  });
});
afterAll(async () => {
  await server.close();
  await unbuilt.close();
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(staffDist, { recursive: true, force: true });
});

describe('the staff console under /staff', () => {
  it("answers /staff and its client routes with the console's page and its own policy", async () => {
    for (const url of [
      '/staff',
      '/staff/',
      '/staff/login',
      '/staff/courses/7',
      '/staff/settings?x=1',
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('staff console');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Not the student app's policy: no chat widget, no payment gateway.
      expect(csp).not.toContain('crisp');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-robots-tag']).toContain('noindex');
    }
  });

  it("is answered in the school's name, with its identity for the console to read (ADR 049)", async () => {
    const before = await server.app.inject({ method: 'GET', url: '/staff/login' });
    expect(before.body).toContain('<title>لوحة إدارة دَرس</title>');
    const school = {
      name: 'سنتر <النخبة>',
      logo_light: null,
      logo_dark: null,
      favicon: null,
      primary_color: '#0b6e4f',
      secondary_color: '#ffd166',
      footer_text: null,
      legal_links: [],
    };
    await putSettings(server.db, { school });
    const res = await server.app.inject({ method: 'GET', url: '/staff/login' });
    expect(res.body).toContain('<title>لوحة إدارة سنتر &lt;النخبة&gt;</title>');
    const block = /<script type="application\/json" id="dars-school">(.*?)<\/script>/.exec(
      res.body,
    );
    expect(JSON.parse(block![1]!)).toEqual(school);
    // A block is data, never run: the console's policy needs no hash for it.
    expect(String(res.headers['content-security-policy'])).not.toContain('sha256');
  });

  it('serves its hashed assets with a long cache, and 404s a missing file', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/staff/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await server.app.inject({ method: 'GET', url: '/staff/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('leaves the student app and the staff API alone', async () => {
    const home = await server.app.inject({ method: 'GET', url: '/courses' });
    expect(home.body).toContain('student app');
    expect(String(home.headers['content-security-policy'])).not.toContain("frame-ancestors 'none'");
    // /staffroom is not the console; /api/v1/staff/* is the API (JSON, never the page).
    const other = await server.app.inject({ method: 'GET', url: '/staffroom' });
    expect(other.body).toContain('student app');
    for (const url of ['/api/v1/staff/me', '/api/v1/staff/no-such-call']) {
      const api = await server.app.inject({ method: 'GET', url });
      expect(api.headers['content-type'], url).toMatch(/application\/json/);
      expect(api.body, url).not.toContain('staff console');
    }
  });

  it('says the console is not built yet when there is no build', async () => {
    const res = await unbuilt.app.inject({ method: 'GET', url: '/staff/courses' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('لوحة الإدارة غير مبنية بعد');
  });
});
