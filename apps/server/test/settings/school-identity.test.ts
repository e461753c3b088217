import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { multipartForm } from '../factories/uploads';
import { PNG } from '../exams/exam-client';
import type { TestStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { makeStudent } from '../factories/students';
import { lastMailTo } from '../outbox';

/**
 * The school's identity (issue 27, ADR 049): «دَرس» in its own colours until the admin sets
 * the school's; set with the settings (whole, audited), a logo uploaded first; colours that
 * white or dark text cannot be read on are refused.
 */

let server: TestServer;
let admin: TestStudent;
let leader: TestStudent;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  admin = await makeStaff(server.db, 'admin');
  leader = await makeStaff(server.db, 'leader');
});
afterAll(() => server.close());

function api(method: 'GET' | 'PATCH' | 'POST', url: string, token?: string, payload?: object) {
  return server.app.inject({
    method,
    url: API_BASE + url,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const SCHOOL = {
  name: 'سنتر النخبة',
  logo_light: null,
  logo_dark: null,
  favicon: null,
  primary_color: '#0b6e4f',
  secondary_color: '#ffd166',
  footer_text: '12 شارع الجامعة، المنصورة',
  legal_links: [{ label: 'سياسة الخصوصية', url: 'https://elnokhba.example/privacy' }],
};

describe("the school's identity", () => {
  it('is «دَرس» in its blue and amber on a fresh installation', async () => {
    const app = (await api('GET', '/app')).json().data;
    expect(app.school).toEqual({
      name: 'دَرس',
      logo_light: null,
      logo_dark: null,
      favicon: null,
      primary_color: '#1f4fa3',
      secondary_color: '#f59e0b',
      footer_text: null,
      legal_links: [],
    });
  });

  it('is set by the admin with an uploaded logo, audited, and answered to every client', async () => {
    const form = multipartForm([{ name: 'file', value: PNG, filename: 'logo.png' }]);
    const uploaded = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/staff/settings/brand-image`,
      headers: { ...WEB_HEADERS, ...form.headers, authorization: `Bearer ${admin.token}` },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo = uploaded.json().data.url as string;
    expect(logo).toMatch(/^\/storage\/brand\/.+\.png$/);
    // The file is there to be served.
    const served = await server.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);

    const saved = await api('PATCH', '/staff/settings', admin.token, {
      school: { ...SCHOOL, logo_light: logo },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const school = { ...SCHOOL, logo_light: logo };
    expect(saved.json().data.school).toEqual(school);
    expect((await api('GET', '/app')).json().data.school).toEqual(school);

    const [row] = (await api('GET', '/staff/audit-log?resource=settings', admin.token)).json().data;
    expect(row.before.school.name).toBe('دَرس');
    expect(row.after.school).toEqual(school);
  });

  it("sends mail in the school's name: the sender and the text", async () => {
    const student = await makeStudent(server.db);
    const email = (
      await server.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', student.userId)
        .executeTakeFirstOrThrow()
    ).email!;
    expect((await api('POST', '/password/reset', undefined, { email })).statusCode).toBe(200);
    await expect.poll(() => lastMailTo(server.config.dataDir, email)).toBeDefined();
    const mail = lastMailTo(server.config.dataDir, email) as { from?: string; text: string };
    // The address stays the server's (MAIL_FROM's); the name is the school's.
    expect(mail.from).toBe('"سنتر النخبة" <no-reply@dars.local>');
    expect(mail.text).toContain('رمز استعادة كلمة المرور على سنتر النخبة هو:');
  });

  it("gives the web app's manifest and icon its name and colour (ADR 049)", async () => {
    const manifest = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({
      name: 'سنتر النخبة',
      short_name: 'سنتر النخبة',
      dir: 'rtl',
      lang: 'ar',
      start_url: '/',
      theme_color: '#0b6e4f',
      icons: [
        { src: '/icon.svg', type: 'image/svg+xml' },
        { src: '/icon-maskable.png', type: 'image/png', purpose: 'maskable' },
      ],
    });
    const icon = await server.app.inject({ method: 'GET', url: '/icon.svg' });
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body).toContain('fill="#0b6e4f"');
    // The maskable one too (ADR 056): a PNG whose corner is the colour.
    const maskable = await server.app.inject({ method: 'GET', url: '/icon-maskable.png' });
    expect(maskable.headers['content-type']).toBe('image/png');
    const { data } = await sharp(maskable.rawPayload)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data]).toEqual([0x0b, 0x6e, 0x4f]);
  });

  it('refuses a primary colour white text cannot be read on, and keeps the one before', async () => {
    const before = (await api('GET', '/app')).json().data.school;
    const res = await api('PATCH', '/staff/settings', admin.token, {
      school: { ...SCHOOL, primary_color: '#f59e0b' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['school.primary_color'][0]).toBe(
      'اللون الأساسي فاتح جداً: تباينه مع الأبيض 2.1:1 وأقل ما يُقرأ بوضوح 4.5:1؛ اختر درجة أغمق',
    );
    expect((await api('GET', '/app')).json().data.school).toEqual(before);
  });

  it('is the admin’s alone: a leader can neither upload a logo nor change it', async () => {
    const form = multipartForm([{ name: 'file', value: PNG, filename: 'logo.png' }]);
    const upload = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/staff/settings/brand-image`,
      headers: { ...WEB_HEADERS, ...form.headers, authorization: `Bearer ${leader.token}` },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(403);
    const change = await api('PATCH', '/staff/settings', leader.token, { school: SCHOOL });
    expect(change.statusCode).toBe(403);
  });
});
