import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuestSupportConversation } from '@dars/contract';
import { fill } from '../../../test/fill';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { GuestFollowPage } from './guest-follow-page';

const TOKEN = 'k3J_abc-123';
const TICKET: GuestSupportConversation = {
  id: 12,
  reference: 'S-00012',
  title: 'سؤال عن الاشتراك',
  preview: 'نعم',
  state: 'answered',
  created_at: '2026-11-20T08:00:00.000Z',
  last_activity_at: '2026-11-20T09:00:00.000Z',
  content: 'هل توجد دورات للصف الثالث؟',
  messages: [
    {
      id: 40,
      from: 'staff',
      staff_name: 'كريم',
      content: 'نعم، توجد https://example.com/courses/very-long-address-that-must-wrap',
      created_at: '2026-11-20T09:00:00.000Z',
    },
  ],
  closed_at: null,
};

describe('GuestFollowPage', { timeout: 20_000 }, () => {
  it('opens the thread by the token, without an account, and takes a reply', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi({
      [`GET /api/v1/support/follow/${TOKEN}`]: () => ({ body: { data: TICKET } }),
      [`POST /api/v1/support/follow/${TOKEN}/messages`]: (_url, init) => ({
        body: {
          data: {
            ...TICKET,
            state: 'open',
            messages: [
              ...TICKET.messages,
              {
                id: 41,
                from: 'sender',
                staff_name: null,
                content: JSON.parse(String(init?.body)).content,
                created_at: '2026-11-20T10:00:00.000Z',
              },
            ],
          },
        },
      }),
    });
    renderWithApp(<GuestFollowPage token={TOKEN} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'سؤال عن الاشتراك' }),
    ).toBeVisible();
    expect(screen.getByText('S-00012')).toBeInTheDocument();
    expect(screen.getByText('كريم من فريق الدعم')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'ردك' }), 'ما سعر الاشتراك؟');
    await user.click(screen.getByRole('button', { name: 'إرسال الرد' }));
    await screen.findByText('تم إرسال ردك');
    const items = within(screen.getByRole('list', { name: 'الرسائل' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('هل توجد دورات للصف الثالث؟'),
      expect.stringContaining('نعم، توجد'),
      expect.stringContaining('ما سعر الاشتراك؟'),
    ]);
    const [, post] = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(new Headers(post?.headers).get('authorization')).toBeNull();
  });

  it('a wrong link, or too many of them, is the server’s Arabic message with no retry', async () => {
    mockApi({
      [`GET /api/v1/support/follow/${TOKEN}`]: () => ({
        status: 429,
        body: {
          code: 'TOO_MANY_REQUESTS',
          message: 'محاولات كثيرة برابط متابعة غير صحيح، حاول مرة أخرى بعد ساعة.',
        },
      }),
    });
    renderWithApp(<GuestFollowPage token={TOKEN} />);
    expect(
      await screen.findByText('محاولات كثيرة برابط متابعة غير صحيح، حاول مرة أخرى بعد ساعة.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'متابعة رسالتك' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'إعادة المحاولة' })).not.toBeInTheDocument();
  });

  it('a closed ticket is read-only', async () => {
    mockApi({
      [`GET /api/v1/support/follow/${TOKEN}`]: () => ({
        body: { data: { ...TICKET, state: 'closed', closed_at: '2026-11-21T08:00:00.000Z' } },
      }),
    });
    renderWithApp(<GuestFollowPage token={TOKEN} />);
    await waitFor(() => expect(screen.getByText(/أُغلقت هذه المحادثة/)).toBeInTheDocument());
    expect(screen.queryByRole('textbox', { name: 'ردك' })).not.toBeInTheDocument();
  });
});
