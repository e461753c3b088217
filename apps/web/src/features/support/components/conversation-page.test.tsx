import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportConversation } from '@dars/contract';
import { userFixture } from '../../../test/fixtures';
import { fill } from '../../../test/fill';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { ConversationPage } from './conversation-page';

const TICKET: SupportConversation = {
  id: 7,
  reference: 'S-00007',
  title: 'لم يصل الشحن',
  preview: 'أضفنا الرصيد',
  state: 'answered',
  unread: true,
  created_at: '2026-11-20T08:00:00.000Z',
  last_activity_at: '2026-11-20T10:30:00.000Z',
  content: 'أرسلت طلب شحن أمس ولم يصل، والرمز PAY-7F3K9Q',
  messages: [
    {
      id: 31,
      from: 'staff',
      staff_name: 'سلمى',
      content: 'أضفنا الرصيد، تأكد من محفظتك',
      created_at: '2026-11-20T10:30:00.000Z',
    },
  ],
  closed_at: null,
};

const setup = () => userEvent.setup({ delay: null });

function render(ticket: SupportConversation, routes: Parameters<typeof mockApi>[0] = {}) {
  const onNotificationsRead = vi.fn();
  const api = mockApi({
    'GET /api/v1/support-tickets/7': () => ({ body: { data: ticket } }),
    'POST /api/v1/support-tickets/7/read': () => ({
      body: { data: { id: 7, unread: false }, notifications_count: 1 },
    }),
    ...routes,
  });
  renderWithApp(
    <ConversationPage
      ticketId={7}
      notificationsCount={2}
      onNotificationsRead={onNotificationsRead}
    />,
    { user: userFixture() },
  );
  return { api, onNotificationsRead };
}

const calls = (api: ReturnType<typeof mockApi>, method: string, path: string) =>
  api.mock.calls.filter(
    ([url, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(url), 'http://x').pathname === path,
  );

describe('ConversationPage', { timeout: 20_000 }, () => {
  it('shows the whole thread, who wrote each message and when in Cairo, and reads the ticket', async () => {
    const { api, onNotificationsRead } = render(TICKET);
    expect(await screen.findByRole('heading', { level: 1, name: 'لم يصل الشحن' })).toBeVisible();
    expect(screen.getByText('S-00007').tagName).toBe('BDI');
    expect(screen.getByText('تم الرد')).toBeInTheDocument();
    const thread = screen.getByRole('list', { name: 'الرسائل' });
    const items = within(thread).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('أنت');
    expect(items[0]).toHaveTextContent('أرسلت طلب شحن أمس ولم يصل، والرمز PAY-7F3K9Q');
    // A code keeps its order where it wraps: isolated left to right.
    expect(within(items[0]!).getByText('PAY-7F3K9Q')).toHaveAttribute('dir', 'ltr');
    expect(items[1]).toHaveTextContent('سلمى من فريق الدعم');
    expect(items[1]).toHaveTextContent('أضفنا الرصيد، تأكد من محفظتك');
    // 10:30 UTC is 12:30 in Cairo (UTC+2 in November).
    const time = within(items[1]!).getByText(/12:30/);
    expect(time).toHaveAttribute('datetime', '2026-11-20T10:30:00.000Z');
    // Opening reads the ticket and its notifications; the bell's count changed: the user is read again.
    await waitFor(() =>
      expect(calls(api, 'POST', '/api/v1/support-tickets/7/read')).toHaveLength(1),
    );
    await waitFor(() => expect(onNotificationsRead).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('link', { name: 'العودة إلى رسائلي' })).toHaveAttribute(
      'href',
      '/messages',
    );
  });

  it('sends a reply, says so in a live region, and shows it in the thread', async () => {
    const user = setup();
    const { api } = render(TICKET, {
      'POST /api/v1/support-tickets/7/messages': () => ({
        body: {
          data: {
            ...TICKET,
            state: 'open',
            unread: false,
            messages: [
              ...TICKET.messages,
              {
                id: 32,
                from: 'sender',
                staff_name: null,
                content: 'وصل، شكراً لكم',
                created_at: '2026-11-20T11:00:00.000Z',
              },
            ],
          },
        },
      }),
    });
    const box = await screen.findByRole('textbox', { name: 'ردك' });
    await user.click(screen.getByRole('button', { name: 'إرسال الرد' }));
    expect(await screen.findByText('لا يمكنك ترك حقل فارغاً')).toBeInTheDocument();
    expect(calls(api, 'POST', '/api/v1/support-tickets/7/messages')).toHaveLength(0);
    await fill(user, box, 'وصل، شكراً لكم');
    await user.click(screen.getByRole('button', { name: 'إرسال الرد' }));
    await waitFor(() =>
      expect(screen.getByText('تم إرسال ردك').closest('[role="status"]')).toHaveAttribute(
        'aria-live',
        'polite',
      ),
    );
    const sent = calls(api, 'POST', '/api/v1/support-tickets/7/messages');
    expect(JSON.parse(String(sent[0]?.[1]?.body))).toEqual({ content: 'وصل، شكراً لكم' });
    expect(box).toHaveValue('');
    const items = within(screen.getByRole('list', { name: 'الرسائل' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[2]).toHaveTextContent('أنت');
    expect(screen.getByText('مفتوحة')).toBeInTheDocument();
  });

  it('shows the server’s Arabic message when the ticket was closed meanwhile (409)', async () => {
    const user = setup();
    render(TICKET, {
      'POST /api/v1/support-tickets/7/messages': () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'هذه المحادثة مغلقة ولا يمكن الرد عليها.' },
      }),
    });
    await fill(user, await screen.findByRole('textbox', { name: 'ردك' }), 'سؤال آخر');
    await user.click(screen.getByRole('button', { name: 'إرسال الرد' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'هذه المحادثة مغلقة ولا يمكن الرد عليها.',
    );
    expect(screen.getByRole('textbox', { name: 'ردك' })).toHaveValue('سؤال آخر');
  });

  it('a closed ticket says so, with no reply box', async () => {
    render({ ...TICKET, state: 'closed', unread: false, closed_at: '2026-11-21T08:00:00.000Z' });
    expect(await screen.findByText(/أُغلقت هذه المحادثة/)).toBeInTheDocument();
    expect(screen.getByText('مغلقة')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'ردك' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'رسالة جديدة إلى الدعم' })).toHaveAttribute(
      'href',
      '/help',
    );
  });

  it('someone else’s ticket is the server’s 404 message, and nothing is marked read', async () => {
    const { api } = render(TICKET, {
      'GET /api/v1/support-tickets/7': () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'المحادثة غير موجودة' },
      }),
    });
    expect(await screen.findByText('المحادثة غير موجودة')).toBeInTheDocument();
    expect(calls(api, 'POST', '/api/v1/support-tickets/7/read')).toHaveLength(0);
  });

  it('a failed load says so and offers a retry, which shows the thread', async () => {
    let failing = true;
    render(TICKET, {
      'GET /api/v1/support-tickets/7': () =>
        failing ? { status: 503, body: { message: '' } } : { body: { data: TICKET } },
    });
    const retry = await screen.findByRole('button', { name: 'إعادة المحاولة' });
    expect(screen.getByText('حدثت مشكلة أثناء تحميل المحادثة')).toBeInTheDocument();
    // The way back to «رسائلي» stays above the message.
    expect(screen.getByRole('link', { name: /رسائلي/ })).toBeInTheDocument();
    failing = false;
    await setup().click(retry);
    expect(await screen.findByText('أضفنا الرصيد، تأكد من محفظتك')).toBeInTheDocument();
  });
});
