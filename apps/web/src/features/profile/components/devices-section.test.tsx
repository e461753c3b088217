import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DevicesList, SignInDevice } from '@dars/contract';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { DevicesSection, deviceTitle } from './devices-section';

const device = (overrides: Partial<SignInDevice>): SignInDevice => ({
  device_id: 1,
  session_id: 11,
  platform: 'web',
  app_version: '1.0.2',
  browser: 'Chrome',
  os: 'Windows',
  model: null,
  first_seen_at: '2026-11-01T08:00:00Z',
  last_seen_at: '2026-11-30T10:00:00Z',
  signed_in_ip: '10.0.0.5',
  last_ip: '10.0.0.5',
  signed_in: true,
  current: false,
  ...overrides,
});

const HERE = device({ device_id: 1, session_id: 11, current: true });
const PHONE = device({
  device_id: 2,
  session_id: 12,
  platform: 'android',
  app_version: '1.0.7',
  browser: null,
  os: 'Android 14',
  model: 'SM-A525F',
  signed_in_ip: '41.33.1.2',
  last_ip: '41.33.9.9',
});
const OLD_LAPTOP = device({
  device_id: 3,
  session_id: null,
  os: 'macOS',
  browser: 'Safari',
  signed_in: false,
});
const OLD_APP = device({ device_id: null, session_id: 14, browser: 'Firefox', os: 'Linux' });

function list(devices: SignInDevice[], max: number | null = 2): DevicesList {
  return { max_devices: max, used: devices.length, devices };
}

const setup = () => userEvent.setup({ delay: null });

function render(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi(routes);
  renderWithApp(<DevicesSection />);
  return api;
}

const bodyOf = (api: ReturnType<typeof mockApi>, path: string) =>
  api.mock.calls
    .filter(([url, init]) => String(url) === path && init?.method === 'POST')
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

describe('deviceTitle', () => {
  it('names the app, or the browser on its system, with the model when known', () => {
    expect(deviceTitle(HERE)).toBe('Chrome على Windows');
    expect(deviceTitle(PHONE)).toBe('تطبيق أندرويد (SM-A525F)');
    expect(deviceTitle({ platform: 'ios', browser: null, os: 'iOS 17.4', model: 'iPhone' })).toBe(
      'تطبيق iPhone (iPhone)',
    );
    expect(deviceTitle({ platform: 'web', browser: null, os: null, model: null })).toBe(
      'جهاز غير معروف',
    );
  });
});

describe('DevicesSection', { timeout: 15_000 }, () => {
  it('lists each device with since when, where from and this device marked; addresses read left to right', async () => {
    render({
      'GET /api/v1/profile/devices': () => ({ body: { data: list([HERE, PHONE, OLD_LAPTOP]) } }),
    });
    const items = within(await screen.findByRole('list', { name: 'أجهزتك' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(
      screen.getByText('عدد الأجهزة المسموح بها لحسابك: 2، والمستخدم منها الآن: 3.'),
    ).toBeVisible();
    expect(within(items[0]!).getByRole('heading', { name: 'Chrome على Windows' })).toBeVisible();
    expect(within(items[0]!).getByText('هذا الجهاز')).toBeVisible();
    // No sign-out button for the device in use: the ordinary sign-out is for that.
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    const phone = items[1]!;
    expect(within(phone).getByRole('heading', { name: 'تطبيق أندرويد (SM-A525F)' })).toBeVisible();
    expect(within(phone).getByText('41.33.9.9')).toHaveAttribute('dir', 'ltr');
    expect(within(phone).getByText('41.33.1.2')).toHaveAttribute('dir', 'ltr');
    expect(within(phone).getByText('1.0.7')).toBeVisible();
    expect(within(phone).getByText('أول دخول:')).toBeVisible();
    expect(within(phone).queryByText('هذا الجهاز')).not.toBeInTheDocument();
    // Known but signed out: it still takes a place, and is removed rather than signed out.
    expect(
      within(items[2]!).getByText('سُجّل الخروج منه، وما زال محسوباً من أجهزتك حتى تزيله'),
    ).toBeVisible();
    expect(
      within(items[2]!).getByRole('button', { name: 'إزالة الجهاز Safari على macOS' }),
    ).toBeVisible();
  });

  it('says what the list is when the school sets no limit', async () => {
    render({ 'GET /api/v1/profile/devices': () => ({ body: { data: list([HERE], null) } }) });
    expect(
      await screen.findByText('الأجهزة التي دخلت منها إلى حسابك. سجّل الخروج من أي جهاز لا تعرفه.'),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'تسجيل الخروج من الأجهزة الأخرى' }),
    ).not.toBeInTheDocument();
  });

  it('signs one device out only after the confirm, by its device id, and shows the list the server answers', async () => {
    const user = setup();
    const api = render({
      'GET /api/v1/profile/devices': () => ({ body: { data: list([HERE, PHONE]) } }),
      'POST /api/v1/profile/devices/sign-out': () => ({
        body: { message: 'تم تسجيل الخروج من الجهاز', data: list([HERE]) },
      }),
    });
    const button = await screen.findByRole('button', {
      name: 'تسجيل الخروج من تطبيق أندرويد (SM-A525F)',
    });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الخروج من هذا الجهاز' });
    expect(dialog).toHaveAccessibleDescription(/تطبيق أندرويد \(SM-A525F\)/);
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(api, '/api/v1/profile/devices/sign-out')).toEqual([]);

    await user.click(button);
    const again = await screen.findByRole('dialog', { name: 'تسجيل الخروج من هذا الجهاز' });
    await user.click(within(again).getByRole('button', { name: 'تسجيل الخروج' }));
    expect(await screen.findByText('تم تسجيل الخروج من الجهاز')).toBeVisible();
    expect(bodyOf(api, '/api/v1/profile/devices/sign-out')).toEqual([{ device_id: 2 }]);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('signs out a session of an app that sends no device id by the session’s id', async () => {
    const user = setup();
    const api = render({
      'GET /api/v1/profile/devices': () => ({ body: { data: list([HERE, OLD_APP]) } }),
      'POST /api/v1/profile/devices/sign-out': () => ({
        body: { message: 'تم تسجيل الخروج من الجهاز', data: list([HERE]) },
      }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'تسجيل الخروج من Firefox على Linux' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الخروج من هذا الجهاز' });
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الخروج' }));
    await screen.findByText('تم تسجيل الخروج من الجهاز');
    expect(bodyOf(api, '/api/v1/profile/devices/sign-out')).toEqual([{ session_id: 14 }]);
  });

  it('signs every other device out after the confirm', async () => {
    const user = setup();
    const api = render({
      'GET /api/v1/profile/devices': () => ({ body: { data: list([HERE, PHONE, OLD_LAPTOP]) } }),
      'POST /api/v1/profile/devices/sign-out-others': () => ({
        body: { message: 'تم تسجيل الخروج من الأجهزة الأخرى', data: list([HERE]) },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'تسجيل الخروج من الأجهزة الأخرى' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الخروج من الأجهزة الأخرى' });
    expect(dialog).toHaveAccessibleDescription(/إلا هذا الجهاز/);
    await user.click(
      within(dialog).getByRole('button', { name: 'تسجيل الخروج من الأجهزة الأخرى' }),
    );
    expect(await screen.findByText('تم تسجيل الخروج من الأجهزة الأخرى')).toBeVisible();
    expect(
      api.mock.calls.filter(([url]) => String(url) === '/api/v1/profile/devices/sign-out-others'),
    ).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('shows the server’s refusal and keeps the list', async () => {
    const user = setup();
    render({
      'GET /api/v1/profile/devices': () => ({ body: { data: list([HERE, PHONE]) } }),
      'POST /api/v1/profile/devices/sign-out': () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'لم نجد هذا الجهاز؛ ربما سُجّل الخروج منه بالفعل' },
      }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'تسجيل الخروج من تطبيق أندرويد (SM-A525F)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الخروج من هذا الجهاز' });
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الخروج' }));
    expect(await screen.findByText('لم نجد هذا الجهاز؛ ربما سُجّل الخروج منه بالفعل')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers to try again when the list does not load', async () => {
    const user = setup();
    let fail = true;
    render({
      'GET /api/v1/profile/devices': () =>
        fail ? { status: 500, body: { message: 'x' } } : { body: { data: list([HERE]) } },
    });
    expect(await screen.findByText('تعذر تحميل الأجهزة')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('list', { name: 'أجهزتك' })).toBeVisible();
  });
});
