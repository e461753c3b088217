import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { notificationFixture, userFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { NotificationsBell } from './notifications-bell';

const many = (count: number) =>
  Array.from({ length: count }, (_, i) => notificationFixture(i + 1, { minutesAgo: i + 1 }));

function renderBell(notifications = many(3), count = notifications.length) {
  const routes: RouteObject[] = [
    { path: '/', element: <NotificationsBell /> },
    { path: '/wallet', element: <p>صفحة المحفظة</p> },
  ];
  return renderRoutes(routes, {
    user: userFixture({ notifications, notifications_count: count }),
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

const setup = () => userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
// `hidden`: while the full-screen dialog is open, the page behind it is hidden from the tree.
const bell = () => screen.getByRole('button', { name: /^الإشعارات/, hidden: true });

describe('NotificationsBell', { timeout: 15_000 }, () => {
  it("caps the badge at '+99'", () => {
    mockApi({});
    renderBell(many(3), 150);
    expect(within(bell()).getByText('+99')).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('الإشعارات، +99 غير مقروءة');
  });

  it('shows the unread count below the cap and nothing at 0', () => {
    mockApi({});
    const { unmount } = renderBell(many(3), 7);
    expect(within(bell()).getByText('7')).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('الإشعارات، 7 غير مقروءة');
    unmount();
    renderBell(many(3), 0);
    expect(within(bell()).queryByText('0')).not.toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('الإشعارات');
  });

  it('marks everything read 2 s after opening and sets the badge to 0', async () => {
    const api = mockApi({
      'POST /api/v1/notifications/read': () => ({ body: { notifications_count: 0 } }),
    });
    renderBell(many(3), 150);
    await setup().click(bell());
    expect(await screen.findByRole('dialog', { name: 'الإشعارات' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(api).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(api).toHaveBeenCalledOnce();
    expect(String(api.mock.calls[0]?.[0])).toBe('/api/v1/notifications/read');
    await vi.waitFor(() => expect(within(bell()).queryByText('+99')).not.toBeInTheDocument());
  });

  it('leaves them unread when closed within 2 s', async () => {
    const api = mockApi({});
    renderBell(many(3), 3);
    const user = setup();
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: 'إغلاق' }));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(api).not.toHaveBeenCalled();
    expect(within(bell()).getByText('3')).toBeInTheDocument();
  });

  it('shows 10 notifications, then 10 more per "show more"', async () => {
    mockApi({ 'POST /api/v1/notifications/read': () => ({ body: { notifications_count: 0 } }) });
    renderBell(many(25));
    const user = setup();
    await user.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'الإشعارات' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(dialog).getByRole('button', { name: 'عرض المزيد' }));
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(20);
    await user.click(within(dialog).getByRole('button', { name: 'عرض المزيد' }));
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(25);
    expect(within(dialog).queryByRole('button', { name: 'عرض المزيد' })).not.toBeInTheDocument();
  });

  it('shows relative Arabic times and renews them every 20 s', async () => {
    mockApi({});
    const fresh = notificationFixture(1, { minutesAgo: 0, read: true });
    renderBell([fresh], 0);
    await setup().click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'الإشعارات' });
    expect(within(dialog).getByText('الآن')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(within(dialog).getByText('منذ دقيقة')).toBeInTheDocument();
  });

  it('leads to the `to` of a notification and closes', async () => {
    mockApi({ 'POST /api/v1/notifications/read': () => ({ body: { notifications_count: 0 } }) });
    const recharge = notificationFixture(1, {
      data: { type: 'recharge', title: 'تم شحن رصيدك', content: 'أضيف 100 جنيه', to: '/wallet' },
    });
    const { router } = renderBell([recharge]);
    const user = setup();
    await user.click(bell());
    await user.click(await screen.findByRole('link', { name: /تم شحن رصيدك/ }));
    expect(router.state.location.pathname).toBe('/wallet');
    expect(await screen.findByText('صفحة المحفظة')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    mockApi({});
    renderBell([], 0);
    await setup().click(bell());
    expect(await screen.findByText('لا توجد إشعارات حتى الآن')).toBeInTheDocument();
  });
});
