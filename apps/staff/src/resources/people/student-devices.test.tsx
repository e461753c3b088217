import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffEndpoints as e, type DevicesList, type SignInDevice } from '@dars/contract';
import { ADMIN, LEADER, answer, fakeStaffApi, isCall, staffBasics } from '../../test/fake-api';
import { openConsole } from '../../test/console';
import { staffStudentDetail } from '../../test/fixtures';

// A student's devices on the student's page (issue 28, ADR 051): what leaders see, what an
// admin does, and the calls each makes. Texts by hand.

const STUDENT = staffStudentDetail();

const device = (overrides: Partial<SignInDevice>): SignInDevice => ({
  device_id: 5,
  session_id: 50,
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
const LAPTOP = device({});
const PHONE = device({
  device_id: 6,
  session_id: null,
  platform: 'android',
  app_version: '1.0.7',
  browser: null,
  os: 'Android 14',
  model: 'SM-A525F',
  signed_in: false,
  last_ip: '41.33.9.9',
  signed_in_ip: null,
});
const LIST: DevicesList = { max_devices: 2, used: 2, devices: [LAPTOP, PHONE] };

beforeAll(async () => {
  await import('./students');
}, 240_000);

function api(role = ADMIN) {
  return fakeStaffApi([
    ...staffBasics(role),
    answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 40 } }),
    answer(e.staffListStudentDevices, { data: LIST }, { params: { id: 40 } }),
    (c) =>
      isCall(c, e.staffSignOutStudentDevice, { id: 40 })
        ? {
            body: {
              message: 'تم تسجيل الخروج من الجهاز',
              data: { max_devices: 2, used: 1, devices: [PHONE] },
            },
          }
        : undefined,
    (c) =>
      isCall(c, e.staffResetStudentDevices, { id: 40 })
        ? {
            body: {
              message: 'تمت إعادة ضبط أجهزة الطالب؛ يمكنه الدخول من أجهزة جديدة',
              data: { max_devices: 2, used: 0, devices: [] },
            },
          }
        : undefined,
  ]);
}

async function openDevices(role = ADMIN) {
  const calls = api(role);
  const user = openConsole('/students/40/show', role);
  expect(
    await screen.findByRole('heading', { name: 'منى علي' }, { timeout: 30_000 }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'الأجهزة' }));
  const panel = await screen.findByRole('tabpanel');
  await within(panel).findByRole('list', { name: 'أجهزة الطالب' });
  return { calls, user, panel };
}

describe('a student’s devices in the console', { timeout: 240_000 }, () => {
  it('shows a leader each device, the limit and where from, with no action', async () => {
    const { panel } = await openDevices(LEADER);
    expect(within(panel).getByText('الحد المسموح: جهازان؛ المستخدم الآن: 2.')).toBeVisible();
    const [laptop, phone] = within(panel).getAllByRole('listitem');
    expect(within(laptop!).getByText('Chrome على Windows')).toBeVisible();
    expect(within(laptop!).getByText('مسجّل الدخول')).toBeVisible();
    expect(within(laptop!).getByText('10.0.0.5')).toHaveAttribute('dir', 'ltr');
    expect(within(phone!).getByText('تطبيق أندرويد (SM-A525F)')).toBeVisible();
    expect(within(phone!).getByText('سُجّل خروجه، وما زال محسوباً من أجهزته')).toBeVisible();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets an admin sign one device out after the confirm, by its device id', async () => {
    const { calls, user, panel } = await openDevices();
    await user.click(
      within(panel).getByRole('button', { name: 'تسجيل الخروج: Chrome على Windows' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('تسجيل خروج Chrome على Windows')).toBeVisible();
    expect(calls.callsTo(e.staffSignOutStudentDevice)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الخروج' }));
    await waitFor(() =>
      expect(calls.callsTo(e.staffSignOutStudentDevice, { id: 40 })).toHaveLength(1),
    );
    expect(calls.callsTo(e.staffSignOutStudentDevice)[0]!.body).toEqual({ device_id: 5 });
    expect(await screen.findByText('تم تسجيل الخروج من الجهاز')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(1));
  });

  it('lets an admin reset the devices after the confirm', async () => {
    const { calls, user, panel } = await openDevices();
    await user.click(within(panel).getByRole('button', { name: 'إعادة ضبط الأجهزة' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('إعادة ضبط أجهزة منى علي')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'إعادة ضبط الأجهزة' }));
    await waitFor(() =>
      expect(calls.callsTo(e.staffResetStudentDevices, { id: 40 })).toHaveLength(1),
    );
    expect(
      await screen.findByText('تمت إعادة ضبط أجهزة الطالب؛ يمكنه الدخول من أجهزة جديدة'),
    ).toBeInTheDocument();
    expect(await within(panel).findByText('لم يدخل الطالب من أي جهاز بعد')).toBeVisible();
    expect(calls.callsTo(e.staffSignOutStudentEverywhere)).toHaveLength(0);
  });
});
