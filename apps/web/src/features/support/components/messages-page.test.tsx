import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportTicketSummary } from '@dars/contract';
import { userFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { MessagesPage } from './messages-page';

function ticket(id: number, overrides: Partial<SupportTicketSummary> = {}): SupportTicketSummary {
  return {
    id,
    reference: `S-0000${id}`,
    title: `تذكرة ${id}`,
    preview: `آخر رسالة ${id}`,
    state: 'open',
    unread: false,
    created_at: '2026-11-20T08:00:00.000Z',
    last_activity_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

const page = (data: SupportTicketSummary[], next: string | null, current = 1) => ({
  data,
  links: { next, prev: null },
  meta: { current_page: current, per_page: 15 },
});

describe('MessagesPage', { timeout: 20_000 }, () => {
  it('lists each ticket with its reference, title, state in Arabic, unread mark and a link', async () => {
    mockApi({
      'GET /api/v1/support-tickets': () => ({
        body: page(
          [
            ticket(3, { state: 'answered', unread: true, preview: 'أضفنا الرصيد' }),
            ticket(2, { state: 'open' }),
            ticket(1, { state: 'closed' }),
          ],
          null,
        ),
      }),
    });
    renderWithApp(<MessagesPage />, { user: userFixture() });
    expect(await screen.findByRole('heading', { level: 1, name: 'رسائلي' })).toBeVisible();
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('link', { name: 'تذكرة 3، رد جديد' })).toHaveAttribute(
      'href',
      '/messages/3',
    );
    expect(items[0]).toHaveTextContent('تم الرد');
    expect(items[0]).toHaveTextContent('أضفنا الرصيد');
    expect(within(items[0]!).getByText('S-00003').tagName).toBe('BDI');
    expect(items[1]).toHaveTextContent('مفتوحة');
    expect(within(items[1]!).getByRole('link', { name: 'تذكرة 2' })).toBeInTheDocument();
    expect(items[1]).not.toHaveTextContent('رد جديد');
    expect(items[2]).toHaveTextContent('مغلقة');
    expect(screen.getByRole('link', { name: 'رسالة جديدة إلى الدعم' })).toHaveAttribute(
      'href',
      '/help',
    );
  });

  it('loads the next page on demand and shows each ticket once', async () => {
    mockApi({
      'GET /api/v1/support-tickets': (url) => ({
        body:
          url.searchParams.get('page') === '2'
            ? page([ticket(2), ticket(1)], null, 2)
            : page([ticket(4), ticket(3), ticket(2)], '/api/v1/support-tickets?page=2'),
      }),
    });
    renderWithApp(<MessagesPage />, { user: userFixture() });
    await userEvent.click(await screen.findByRole('button', { name: 'عرض المزيد' }));
    await screen.findByRole('link', { name: 'تذكرة 1' });
    expect(screen.getAllByRole('link', { name: /^تذكرة \d$/ }).map((l) => l.textContent)).toEqual([
      'تذكرة 4',
      'تذكرة 3',
      'تذكرة 2',
      'تذكرة 1',
    ]);
    expect(screen.queryByRole('button', { name: 'عرض المزيد' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    mockApi({ 'GET /api/v1/support-tickets': () => ({ body: page([], null) }) });
    renderWithApp(<MessagesPage />, { user: userFixture() });
    expect(await screen.findByText('لم ترسل أي رسالة إلى فريق الدعم بعد.')).toBeInTheDocument();
  });
});
