import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  staffEndpoints as e,
  type StaffMarkingItem,
  type StaffSessionAnswers,
  type StaffSupportTicketDetail,
} from '@dars/contract';
import { PENDING_PAYMENT, paymentApi } from '../../test/payment';
import { staffExam, staffExamSession } from '../../test/fixtures';
import { LEADER, answer, fakeStaffApi, list, staffBasics } from '../../test/fake-api';
import { openConsole } from '../../test/console';
import { stubObjectUrls } from '../../test/browser';

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
  course: null,
  replies: [],
};

const PAYMENT = PENDING_PAYMENT;

const EXAM = staffExam({ id: 5, name: 'امتحان الكهرباء' });

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

const SESSION = staffExamSession();

/** Opens the console at `path` already signed in as a leader. */
const open = (path: string) => openConsole(path, LEADER);

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
  stubObjectUrls('blob:receipt');
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
      answer(e.staffGetSupportTicket, { data: TICKET }, { params: { id: 3 } }),
      answer(e.staffReplySupportTicket, { data: replied }, { params: { id: 3 } }),
      answer(
        e.staffCloseSupportTicket,
        {
          data: {
            ...replied,
            status: 'closed',
            closed_at: '2026-11-21T11:00:00.000Z',
            closed_by: { id: 2, name: LEADER.name },
          },
        },
        { params: { id: 3 } },
      ),
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
    expect(api.callsTo(e.staffReplySupportTicket, { id: 3 }).map((c) => c.body)).toEqual([
      { content: 'تمت إضافة الرصيد' },
    ]);
    expect(api.callsTo(e.staffReplySupportTicket, { id: 3 })[0]!.authorization).toBe(
      'Bearer tok-1',
    );
    const thread = screen.getByRole('list');
    expect(within(thread).getByText('تمت إضافة الرصيد')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إغلاق الطلب' }));
    await screen.findByRole('button', { name: 'إعادة فتح الطلب' });
    expect(api.callsTo(e.staffCloseSupportTicket, { id: 3 })).toHaveLength(1);
  });

  it('shows the whole conversation, who said what, with the reference and the answered state', async () => {
    const conversation: StaffSupportTicketDetail = {
      ...TICKET,
      status: 'open',
      course: { id: 7, name: 'فيزياء الصف الثالث' },
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
          content: 'من رقم 01099998888، والرمز PAY-7F3K9Q-2026/11 في الإيصال',
          emailed_to: null,
          created_at: '2026-11-21T11:00:00.000Z',
        },
      ],
    };
    fakeStaffApi([
      ...staffBasics(LEADER),
      answer(e.staffGetSupportTicket, { data: conversation }, { params: { id: 3 } }),
      answer(
        e.staffReplySupportTicket,
        {
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
        },
        { params: { id: 3 } },
      ),
    ]);
    const user = open('/support-tickets/3/show');
    await screen.findByRole('heading', { name: 'لم يصل الرصيد' });
    expect(screen.getByText('S-00003')).toBeInTheDocument();
    // The course the student named (ADR 048).
    expect(screen.getByText('بخصوص دورة: فيزياء الصف الثالث')).toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('سلمى (فريق الدعم)');
    expect(items[0]).toHaveTextContent('ما رقم المحفظة التي حولت منها؟');
    expect(items[1]).toHaveTextContent('منى علي (الطالب)');
    expect(items[1]).toHaveTextContent('من رقم 01099998888');
    // A code inside the Arabic keeps its order where the line wraps: isolated left to right,
    // and only it (the phone number stays in the Arabic text).
    expect(Array.from(items[1]!.querySelectorAll('bdi[dir="ltr"]'), (b) => b.textContent)).toEqual([
      'PAY-7F3K9Q-2026/11',
    ]);
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
      answer(
        e.staffGetSupportTicket,
        {
          data: { ...TICKET, kind: 'guest', user_id: null },
        },
        { params: { id: 3 } },
      ),
      answer(
        e.staffReplySupportTicket,
        { message: 'بيانات غير صحيحة', errors: { content: ['هذا الحقل مطلوب'] } },
        { params: { id: 3 }, status: 422 },
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
      list(e.staffListSupportTickets, [row]),
      answer(e.staffGetSupportTicket, { data: TICKET }, { params: { id: 3 } }),
    ]);
    const user = open('/support-tickets');
    await user.click(await screen.findByText('لم يصل الرصيد'));
    const [call] = api.callsTo(e.staffListSupportTickets);
    expect(call?.query).toMatchObject({ status: 'open', order: 'desc' });
    // The list's row (no thread) shows first, then the ticket with its thread.
    await screen.findByRole('heading', { name: 'لم يصل الرصيد' });
    await screen.findByText('لم يُرد على هذا الطلب بعد');
  });

  it('shows the receipt fetched with the token, approves, and shows a 409 when already reviewed', async () => {
    const api = paymentApi(
      LEADER,
      answer(
        e.staffApproveMobilePayment,
        { message: 'تمت مراجعة طلب الشحن هذا من قبل', code: 'CONFLICT' },
        { params: { id: 4 }, status: 409 },
      ),
    );
    const user = open('/mobile-payments/4/show');
    const img = await screen.findByRole('img', { name: 'صورة إيصال التحويل — منى علي' });
    expect(img).toHaveAttribute('src', 'blob:receipt');
    expect(api.callsTo(e.staffGetMobilePaymentReceipt, { id: 4 })[0]!.authorization).toBe(
      'Bearer tok-1',
    );
    expect(screen.getByText('01233334444')).toBeInTheDocument();
    expect(screen.getByText('من محفظة والدي')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'قبول وإضافة الرصيد' }));
    const dialog = await screen.findByRole('dialog', { name: 'قبول طلب شحن منى علي' });
    await user.click(within(dialog).getByRole('button', { name: 'قبول وإضافة 150.00 جنيه' }));
    expect(await screen.findAllByText('تمت مراجعة طلب الشحن هذا من قبل')).not.toHaveLength(0);
    expect(api.callsTo(e.staffApproveMobilePayment, { id: 4 })).toHaveLength(1);
  });

  it('rejects with a reason', async () => {
    const api = paymentApi(
      LEADER,
      answer(
        e.staffRejectMobilePayment,
        { data: { ...PAYMENT, status: 'rejected', reject_reason: 'الإيصال غير واضح' } },
        { params: { id: 4 } },
      ),
    );
    const user = open('/mobile-payments/4/show');
    await user.click(await screen.findByLabelText('سبب الرفض (يصل للطالب)'));
    await user.paste('الإيصال غير واضح');
    await user.click(screen.getByRole('button', { name: 'رفض الطلب' }));
    await screen.findByText('تمت مراجعة هذا الطلب');
    expect(api.callsTo(e.staffRejectMobilePayment, { id: 4 }).map((c) => c.body)).toEqual([
      { reason: 'الإيصال غير واضح' },
    ]);
  });

  it('marks an essay answer and shows the result after', async () => {
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      list(e.staffListExams, []),
      list(e.staffListMarking, [ANSWER]),
      answer(
        e.staffMarkAnswer,
        {
          data: {
            ...ANSWER,
            mark: 3,
            comment: 'أحسنت',
            result: { correction_mark: 7, total_mark: 10, succeeded: true, corrected: true },
          },
        },
        { params: { id: 11 } },
      ),
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
    expect(api.callsTo(e.staffMarkAnswer, { id: 11 }).map((c) => c.body)).toEqual([
      { mark: 3, comment: 'أحسنت' },
    ]);
  });

  it('lists exam sessions with scores and downloads the chosen exam’s CSV with the token', async () => {
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      list(e.staffListExams, [EXAM]),
      answer(e.staffGetExam, { data: EXAM }, { params: { id: 5 } }),
      list(e.staffListExamSessions, [SESSION]),
      answer(e.staffExportExamResults, {}, { params: { id: 5 } }),
    ]);
    const filter = encodeURIComponent(JSON.stringify({ exam_id: 5 }));
    const user = open(`/exam-sessions?filter=${filter}`);
    await screen.findByText('7 / 10');
    expect(screen.getByText('70%')).toBeInTheDocument();
    expect(api.callsTo(e.staffListExamSessions)[0]?.query.exam_id).toBe('5');
    await user.click(screen.getByRole('button', { name: 'تنزيل النتائج (CSV)' }));
    await screen.findByText('تم تنزيل ملف النتائج');
    const csv = api.callsTo(e.staffExportExamResults, { id: 5 });
    expect(csv).toHaveLength(1);
    expect(csv[0]!.authorization).toBe('Bearer tok-1');
  });

  it('opens a session’s answers as the student saw them: order, picks, key, marks, drawn ones', async () => {
    const answers: StaffSessionAnswers = {
      session: { ...SESSION, correction_mark: 3, total_mark: 4, percentage: 75, corrected: false },
      questions: [
        {
          id: 21,
          type: 'choices',
          text: 'وحدة قياس المقاومة هي',
          image_url: null,
          mark: 1,
          drawn: true,
          options: [
            { id: 1, text: 'الفولت', image_url: null, correct: false, chosen: true },
            { id: 2, text: 'الأوم', image_url: null, correct: true, chosen: false },
          ],
          answer_text: null,
          answer_image_url: null,
          correct: false,
          correction_mark: 0,
          comment: null,
          answered_at: '2026-11-20T09:12:30.000Z',
        },
        {
          id: 22,
          type: 'essay',
          text: 'اشرح قانون أوم',
          image_url: null,
          mark: 2,
          drawn: false,
          options: [],
          answer_text: 'الجهد يساوي التيار في المقاومة',
          answer_image_url: null,
          correct: null,
          correction_mark: null,
          comment: null,
          answered_at: '2026-11-20T09:40:00.000Z',
        },
        {
          id: 23,
          type: 'truefalse',
          text: 'التيار يقاس بالأمبير',
          image_url: null,
          mark: 1,
          drawn: false,
          options: [
            { id: 5, text: 'صواب', image_url: null, correct: true, chosen: false },
            { id: 6, text: 'خطأ', image_url: null, correct: false, chosen: false },
          ],
          answer_text: null,
          answer_image_url: null,
          correct: null,
          correction_mark: null,
          comment: null,
          answered_at: null,
        },
      ],
    };
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      list(e.staffListExams, []),
      list(e.staffListExamSessions, [SESSION]),
      answer(e.staffExamSessionAnswers, { data: answers }, { params: { id: 8 } }),
    ]);
    const user = open('/exam-sessions');
    await screen.findByText('7 / 10');
    await user.click(screen.getByRole('button', { name: 'عرض الإجابات: منى علي' }));
    const dialog = await screen.findByRole('dialog', { name: 'إجابات منى علي — امتحان الكهرباء' });
    await within(dialog).findByText('الدرجة: 3 من 4');
    expect(api.callsTo(e.staffExamSessionAnswers, { id: 8 })).toHaveLength(1);
    const headings = within(dialog).getAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(['السؤال 1', 'السؤال 2', 'السؤال 3']);
    const items = within(dialog)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('h3'));
    // The first was drawn from a bank: the student picked «الفولت», the key is «الأوم».
    expect(items[0]).toHaveTextContent('مسحوب من بنك الأسئلة');
    expect(within(items[0]!).getByText('الفولت').closest('li')).toHaveTextContent('اختيار الطالب');
    expect(within(items[0]!).getByText('الأوم').closest('li')).toHaveTextContent('الإجابة الصحيحة');
    expect(items[0]).toHaveTextContent('إجابة خاطئة — الدرجة: 0 من 1');
    // Saved 12 minutes 30 seconds after the start: 12 whole minutes.
    expect(items[0]).toHaveTextContent('(بعد 12 دقيقة من البدء)');
    expect(items[1]).toHaveTextContent('الجهد يساوي التيار في المقاومة');
    expect(items[1]).toHaveTextContent('ينتظر التصحيح — من 2');
    expect(items[1]).not.toHaveTextContent('مسحوب من بنك الأسئلة');
    // Not answered in a submitted session: nothing earned.
    expect(items[2]).toHaveTextContent('لم يُجب — الدرجة: 0 من 1');
  });

  it('the CSV button waits for an exam to be chosen', async () => {
    fakeStaffApi([
      ...staffBasics(LEADER),
      list(e.staffListExams, []),
      list(e.staffListExamSessions, [SESSION]),
    ]);
    open('/exam-sessions');
    await screen.findByText('7 / 10');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'تنزيل النتائج (CSV)' })).toBeDisabled(),
    );
  });
});
