import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAppResponseSchema } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeCategory, makeGrade } from '../factories/catalog';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

describe('GET /api/v1/app', () => {
  it('answers every switch of spec §3 with the grades and categories lists', async () => {
    const grades = [await makeGrade(server.db, 'الصف الثالث الثانوي'), await makeGrade(server.db)];
    const categories = [await makeCategory(server.db, 'الفيزياء'), await makeCategory(server.db)];
    await putSettings(server.db, {
      contact_email: 'support@dars.example',
      general_announcement: 'مرحباً بكم في العام الدراسي الجديد',
    });
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/app',
      headers: WEB_HEADERS,
    });
    expect(res.statusCode).toBe(200);
    const { data } = getAppResponseSchema.parse(res.json());
    expect(data.grades.map((g) => g.id)).toEqual(grades);
    expect(data.grades[0]!.name).toBe('الصف الثالث الثانوي');
    expect(data.categories.map((c) => c.id)).toEqual(categories);
    expect(data.categories[0]!.name).toBe('الفيزياء');
    expect(data.contact_email).toBe('support@dars.example');
    expect(data.recharge_info.supported_methods).toContain('recharge_card');
    expect(data.general_announcement).toBe('مرحباً بكم في العام الدراسي الجديد');
  });

  it('reflects stored changes, and never offers account deletion', async () => {
    await putSettings(server.db, {
      appIsDown: true,
      home_mode: 'classic',
      enable_account_deletion: true,
    });
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/app' });
    const { data } = getAppResponseSchema.parse(res.json());
    expect(data.appIsDown).toBe(true);
    expect(data.home_mode).toBe('classic');
    expect(data.enable_account_deletion).toBe(false);
    await putSettings(server.db, { appIsDown: false, home_mode: 'default' });
  });

  it('answers without the client headers too (they are optional)', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/app',
      headers: { 'app-platform': 'toaster', 'app-version': 'x; drop table' },
    });
    expect(res.statusCode).toBe(200);
  });
});
