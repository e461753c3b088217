import { screen, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffExamSession, StaffMarkingItem, StaffSupportTicketDetail } from '@dars/contract';
import { StaffApp } from '../../app';
import { session } from '../../data/token';
import { PENDING_PAYMENT } from '../../test/payment';
import { LEADER, fakeStaffApi, list, staffBasics, type Call } from '../../test/fake-api';

type Handler = Parameters<typeof fakeStaffApi>[0][number];

const TICKET: StaffSupportTicketDetail = {
  id: 3,
  reference: 'S-00003',
  title: 'لم يصل الرصيد',
  content: 'حولت أمس ولم يصل الرصيد',
  status: 'open',
  kind: 'student',
  user_id: 40,
  name: 'منى علي',
  email: 'mona@example.com',
  phone: '01011112222',
  platform: 'web',
  replies_count: 0,
  last_reply_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  closed_at: null,
  closed_by: null,
  replies: [],
};

const PAYMENT = PENDING_PAYMENT;

const ANSWER: StaffMarkingItem = {
  id: 11,
  session_id: 8,
  exam: { id: 5, name: 'امتحان الكهرباء' },
  student: { id: 40, name: 'منى علي' },
  question: { id: 2, text: 'اشرح قانون أوم', image_url: null, mark: 4 },
  answer_text: 'الجهد يساوي التيار في المقاومة',
  image_url: '/api/v1/exams/answer-image/11?sig=x',
  mark: null,
  comment: null,
  submitted_at: '2026-11-20T10:00:00.000Z',
};

const SESSION: StaffExamSession = {
  id: 8,
  exam: { id: 5, name: 'امتحان الكهرباء' },
  student: { id: 40, name: 'منى علي', phone: '01011112222' },
  started_at: '2026-11-20T09:00:00.000Z',
  finished_at: '2026-11-20T10:00:00.000Z',
  finished_by: 'student',
  correction_mark: 7,
  total_mark: 10,
  percentage: 70,
  succeeded: true,
  corrected: true,
};

const is = (method: string, path: string) => (c: Call) => c.method === method && c.path === path;
const answer =
  (method: string, path: string, body: unknown, status = 200): Handler =>
  (c) =>
    is(method, path)(c) ? { status, body } : undefined;
const sent = (calls: Call[], method: string, path: string) => calls.filter(is(method, path));

/** Opens the console at `path` already signed in as a leader. */
function open(path: string) {
  session.save('tok-1', LEADER as never);
  window.history.replaceState(null, '', `/staff${path}`);
  render(<StaffApp />);
  return userEvent.setup();
}

beforeAll(async () => {
  await Promise.all([
    import('./support-tickets'),
    import('./mobile-payments'),
    import('./marking'),
    import('./exam-sessions'),
  ]);
}, 240_000);

beforeEach(() => {
  // jsdom has no object URLs: the receipt and the CSV go through them.
  URL.createObjectURL = vi.fn(() => 'blob:receipt');
  URL.revokeObjectURL = vi.fn();
});

describe('the daily-work screens (leader)', () => {
  it('answers a support ticket: the reply is sent, shown in the thread, and the ticket closed', async () => {
    const replied: StaffSupportTicketDetail = {
      ...TICKET,
      replies_count: 1,
      replies: [
        {
          id: 1,
          author: 'staff',
          name: LEADER.name,
          staff: { id: 2, name: LEADER.name },
          content: 'تمت إضافة الرصيد',
          emailed_to: null,
          created_at: '2026-11-21T10:00:00.000Z',
        },
      ],
    };
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      answer('GET', '/staff/support-tickets/3', { data: TICKET }),
      answer('POST', '/staff/support-tickets/3/replies', { data: replied }),
      answer('POST', '/staff/support-tickets/3/close', {
        data: {
          ...replied,
          status: 'closed',
          closed_at: '2026-11-21T11:00:00.000Z',
          closed_by: { id: 2, name: LEADER.name },
        },
      }),
    ]);
    const user = open('/support-tickets/3/show');
    await screen.findByRole('heading', { name: 'لم يصل الرصيد' });
    expect(screen.getByText('حولت أمس ولم يصل الرصيد')).toBeInTheDocument();
    expect(screen.getByText('لم يُرد على هذا الطلب بعد')).toBeInTheDocument();
    expect(screen.getByText('يصل الرد للطالب في الإشعارات وفي «رسائلي»')).toBeInTheDocument();
    await user.click(screen.getByLabelText('ردك'));
    await user.paste('تمت إضافة الرصيد');
    await user.click(screen.getByRole('button', { name: 'إرسال الرد' }));
    await screen.findByText('تم إرسال الرد');
    expect(sent(api.calls, 'POST', '/staff/support-tickets/3/replies').map((c) => c.body)).toEqual([
      { content: 'تمت إضافة الرصيد' },
    ]);
    expect(sent(api.calls, 'POST', '/staff/support-tickets/3/replies')[0]!.authorization).toBe(
      'Bearer tok-1',
    );
    const thread = screen.getByRole('list');
    expect(within(thread).getByText('تمت إضافة الرصيد')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إغلاق الطلب' }));
    await screen.findByRole('button', { name: 'إعادة فتح الطلب' });
    expect(sent(api.calls, 'POST', '/staff/support-tickets/3/close')).toHaveLength(1);
  });

  it('shows the whole conversation, who said what, with the reference and the answered state', async () => {
    const conversation: StaffSupportTicketDetail = {
      ...TICKET,
      status: 'open',
      replies_count: 2,
      replies: [
        {
          id: 1,
          author: 'staff',
          name: 'سلمى',
          staff: { id: 2, name: 'سلمى' },
          content: 'ما رقم المحفظة التي حولت منها؟',
          emailed_to: null,
          created_at: '2026-11-21T10:00:00.000Z',
        },
        {
          id: 2,
          author: 'student',
          name: 'منى علي',
          staff: null,
          content: 'من رقم 01099998888',
          emailed_to: null,
          created_at: '2026-11-21T11:00:00.000Z',
        },
      ],
    };
    fakeStaffApi([
      ...staffBasics(LEADER),
      answer('GET', '/staff/support-tickets/3', { data: conversation }),
      answer('POST', '/staff/support-tickets/3/replies', {
        data: {
          ...conversation,
          status: 'answered',
          replies_count: 3,
          replies: [
            ...conversation.replies,
            {
              id: 3,
              author: 'staff',
              name: LEADER.name,
              staff: { id: 2, name: LEADER.name },
              content: 'وصل، شكراً',
              emailed_to: null,
              created_at: '2026-11-21T12:00:00.000Z',
            },
          ],
        },
      }),
    ]);
    const user = open('/support-tickets/3/show');
    await screen.findByRole('heading', { name: 'لم يصل الرصيد' });
    expect(screen.getByText('S-00003')).toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('سلمى (فريق الدعم)');
    expect(items[0]).toHaveTextContent('ما رقم المحفظة التي حولت منها؟');
    expect(items[1]).toHaveTextContent('منى علي (الطالب)');
    expect(items[1]).toHaveTextContent('من رقم 01099998888');
    expect(screen.getByText('مفتوح')).toBeInTheDocument();
    await user.click(screen.getByLabelText('ردك'));
    await user.paste('وصل، شكراً');
    await user.click(screen.getByRole('button', { name: 'إرسال الرد' }));
    await screen.findByText('تم الرد');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
    // Answered is not closed: the reply-and-close and close buttons stay.
    expect(screen.getByRole('button', { name: 'إرسال وإغلاق الطلب' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إغلاق الطلب' })).toBeInTheDocument();
  });

  it("shows the server's 422 under the reply field", async () => {
    fakeStaffApi([
      ...staffBasics(LEADER),
      answer('GET', '/staff/support-tickets/3', {
        data: { ...TICKET, kind: 'guest', user_id: null },
      }),
      answer(
        'POST',
        '/staff/support-tickets/3/replies',
        { message: 'بيانات غير صحيحة', errors: { content: ['هذا الحقل مطلوب'] } },
        422,
      ),
    ]);
    const user = open('/support-tickets/3/show');
    await screen.findByText(/يصله الرد بالبريد الإلكتروني على mona@example.com/);
    await user.click(screen.getByRole('button', { name: 'إرسال الرد' }));
    await screen.findByText('هذا الحقل مطلوب');
  });

  it('lists open tickets newest first by default, and a row opens the ticket', async () => {
    const { replies: _, ...row } = TICKET;
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      list('support-tickets', [row]),
      answer('GET', '/staff/support-tickets/3', { data: TICKET }),
    ]);
    const user = open('/support-tickets');
    await user.click(await screen.findByText('لم يصل الرصيد'));
    const call = api.calls.find((c) => c.path.startsWith('/staff/support-tickets?'))!;
    const query = new URLSearchParams(call.path.split('?')[1]);
    expect(query.get('status')).toBe('open');
    expect(query.get('order')).toBe('desc');
    // The list's row (no thread) shows first, then the ticket with its thread.
    await screen.findByRole('heading', { name: 'لم يصل الرصيد' });
    await screen.findByText('لم يُرد على هذا الطلب بعد');
  });

  it('shows the receipt fetched with the token, approves, and shows a 409 when already reviewed', async () => {
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      answer('GET', '/staff/mobile-payments/4', { data: PAYMENT }),
      answer('GET', '/staff/mobile-payments/4/receipt', {}),
      answer(
        'POST',
        '/staff/mobile-payments/4/approve',
        { message: 'تمت مراجعة طلب الشحن هذا من قبل', code: 'CONFLICT' },
        409,
      ),
    ]);
    const user = open('/mobile-payments/4/show');
    const img = await screen.findByRole('img', { name: 'صورة إيصال التحويل — منى علي' });
    expect(img).toHaveAttribute('src', 'blob:receipt');
    expect(sent(api.calls, 'GET', '/staff/mobile-payments/4/receipt')[0]!.authorization).toBe(
      'Bearer tok-1',
    );
    expect(screen.getByText('01233334444')).toBeInTheDocument();
    expect(screen.getByText('من محفظة والدي')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'قبول وإضافة الرصيد' }));
    const dialog = await screen.findByRole('dialog', { name: 'قبول طلب شحن منى علي' });
    await user.click(within(dialog).getByRole('button', { name: 'قبول وإضافة 150.00 جنيه' }));
    expect(await screen.findAllByText('تمت مراجعة طلب الشحن هذا من قبل')).not.toHaveLength(0);
    expect(sent(api.calls, 'POST', '/staff/mobile-payments/4/approve')).toHaveLength(1);
  });

  it('rejects with a reason', async () => {
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      answer('GET', '/staff/mobile-payments/4', { data: PAYMENT }),
      answer('GET', '/staff/mobile-payments/4/receipt', {}),
      answer('POST', '/staff/mobile-payments/4/reject', {
        data: { ...PAYMENT, status: 'rejected', reject_reason: 'الإيصال غير واضح' },
      }),
    ]);
    const user = open('/mobile-payments/4/show');
    await user.click(await screen.findByLabelText('سبب الرفض (يصل للطالب)'));
    await user.paste('الإيصال غير واضح');
    await user.click(screen.getByRole('button', { name: 'رفض الطلب' }));
    await screen.findByText('تمت مراجعة هذا الطلب');
    expect(sent(api.calls, 'POST', '/staff/mobile-payments/4/reject').map((c) => c.body)).toEqual([
      { reason: 'الإيصال غير واضح' },
    ]);
  });

  it('marks an essay answer and shows the result after', async () => {
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      list('exams', []),
      list('marking', [ANSWER]),
      answer('POST', '/staff/marking/11', {
        data: {
          ...ANSWER,
          mark: 3,
          comment: 'أحسنت',
          result: { correction_mark: 7, total_mark: 10, succeeded: true, corrected: true },
        },
      }),
    ]);
    const user = open('/marking');
    await screen.findByText('الجهد يساوي التيار في المقاومة');
    expect(screen.getByRole('img', { name: 'صورة إجابة منى علي' })).toHaveAttribute(
      'src',
      ANSWER.image_url,
    );
    await user.click(screen.getByLabelText(/^الدرجة \(من 0 إلى 4\)/));
    await user.paste('3');
    await user.click(screen.getByLabelText('تعليق للطالب (اختياري)'));
    await user.paste('أحسنت');
    await user.click(screen.getByRole('button', { name: 'حفظ الدرجة' }));
    const result = await screen.findByText(/نتيجة الطالب الآن: 7 من 10/);
    expect(result).toHaveTextContent('درجة هذه الإجابة: 3 من 4');
    expect(result).toHaveTextContent('ناجح');
    expect(sent(api.calls, 'POST', '/staff/marking/11').map((c) => c.body)).toEqual([
      { mark: 3, comment: 'أحسنت' },
    ]);
  });

  it('lists exam sessions with scores and downloads the chosen exam’s CSV with the token', async () => {
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      list('exams', [{ id: 5, name: 'امتحان الكهرباء' }]),
      answer('GET', '/staff/exams/5', { data: { id: 5, name: 'امتحان الكهرباء' } }),
      list('exam-sessions', [SESSION]),
      answer('GET', '/staff/exams/5/results.csv', {}),
    ]);
    const filter = encodeURIComponent(JSON.stringify({ exam_id: 5 }));
    const user = open(`/exam-sessions?filter=${filter}`);
    await screen.findByText('7 / 10');
    expect(screen.getByText('70%')).toBeInTheDocument();
    const call = api.calls.find((c) => c.path.startsWith('/staff/exam-sessions?'))!;
    expect(new URLSearchParams(call.path.split('?')[1]).get('exam_id')).toBe('5');
    await user.click(screen.getByRole('button', { name: 'تنزيل النتائج (CSV)' }));
    await screen.findByText('تم تنزيل ملف النتائج');
    const csv = sent(api.calls, 'GET', '/staff/exams/5/results.csv');
    expect(csv).toHaveLength(1);
    expect(csv[0]!.authorization).toBe('Bearer tok-1');
  });

  it('the CSV button waits for an exam to be chosen', async () => {
    fakeStaffApi([...staffBasics(LEADER), list('exams', []), list('exam-sessions', [SESSION])]);
    open('/exam-sessions');
    await screen.findByText('7 / 10');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'تنزيل النتائج (CSV)' })).toBeDisabled(),
    );
  });
});
