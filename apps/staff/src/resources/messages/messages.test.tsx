import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffEndpoints as e, type StaffPhoneMessage, type StaffPhoneOptOut } from '@dars/contract';
import { ADMIN, LEADER, answer, fakeStaffApi, list, staffBasics } from '../../test/fake-api';
import { loadScreensFirst, openConsole } from '../../test/console';
import { parentMessageBody } from './parent-message-form';

// The text messages' screens (issue 28, ADR 053): the list with each message's state and a
// retry of one that did not go; a message to a grade's parents; the numbers that opted out.

loadScreensFirst(
  () => import('./phone-messages'),
  () => import('./parent-message-form'),
  () => import('./opt-outs'),
);

const SENT: StaffPhoneMessage = {
  id: 12,
  phone: '01012345678',
  recipient: 'parent',
  student: { id: 40, name: 'منى علي' },
  channel: 'whatsapp',
  provider: 'whatsapp',
  template: 'exam_result',
  body: 'دَرس: نتيجة منى علي في امتحان «الكهرباء»: 18 من 20 (90%)، ناجح.',
  state: 'delivered',
  attempts: 1,
  error: null,
  sent_by: null,
  created_at: '2026-11-28T10:00:00.000Z',
  sent_at: '2026-11-28T10:00:01.000Z',
  delivered_at: '2026-11-28T10:00:09.000Z',
  failed_at: null,
};
const FAILED: StaffPhoneMessage = {
  ...SENT,
  id: 13,
  phone: '01112345678',
  channel: 'sms',
  provider: null,
  template: 'staff_message',
  body: 'دَرس: غدًا مراجعة عامة',
  state: 'failed',
  attempts: 5,
  error: 'لم تصل بعد كل المحاولات: CEQUENS 503',
  sent_by: ADMIN.name,
  delivered_at: null,
  failed_at: '2026-11-28T10:09:00.000Z',
};

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('the messages to parents', { timeout: 240_000 }, () => {
  it('lists each message with its state and reason, and retries only one that did not go', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListPhoneMessages, [FAILED, SENT]),
      answer(e.staffRetryPhoneMessage, { data: { ...FAILED, state: 'queued', error: null } }),
    ]);
    const user = openConsole('/phone-messages');
    expect(await screen.findByText('دَرس: غدًا مراجعة عامة')).toBeInTheDocument();
    expect(screen.getByText('وصلت')).toBeInTheDocument();
    expect(screen.getByText('لم تصل')).toBeInTheDocument();
    expect(screen.getByText('لم تصل بعد كل المحاولات: CEQUENS 503')).toBeInTheDocument();
    expect(screen.getAllByText('ولي الأمر · منى علي')).toHaveLength(2);
    expect(screen.getByText('نتيجة امتحان')).toBeInTheDocument();
    // Only the failed one has a retry.
    expect(screen.getAllByRole('button', { name: /إعادة إرسال الرسالة/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'إعادة إرسال الرسالة 13' }));
    expect(await screen.findByText('أُعيدت الرسالة إلى قائمة الإرسال')).toBeInTheDocument();
    expect(api.callsTo(e.staffRetryPhoneMessage, { id: 13 })).toHaveLength(1);
    // Newest first.
    expect(api.callsTo(e.staffListPhoneMessages)[0]!.query).toMatchObject({ order: 'desc' });
  });

  it('sends a message to a grade’s parents by SMS and says how many it reached', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListGrades, [{ id: 3, name: 'الصف الثالث الثانوي', position: 1 }]),
      list(e.staffListPhoneMessages, []),
      answer(e.staffSendParentMessage, {
        data: { queued: 118, opted_out: 2, without_phone: 5 },
      }),
    ]);
    const user = openConsole('/phone-messages/create');
    await user.click(await screen.findByRole('radio', { name: 'صف دراسي' }));
    await user.click(await screen.findByRole('combobox', { name: /الصف الدراسي/ }));
    await user.click(await screen.findByRole('option', { name: 'الصف الثالث الثانوي' }));
    await user.click(screen.getByRole('radio', { name: 'رسالة نصية' }));
    await fill(user, screen.getByLabelText(/نص الرسالة/), 'المراجعة النهائية يوم الخميس');
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(
      await screen.findByText(
        'رسائل في طريقها: 118 — أرقام أوقفت الرسائل: 2 — طلاب بلا رقم ولي أمر: 5',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(e.staffSendParentMessage).map((c) => c.body)).toEqual([
      { audience: 'grade', grade_id: 3, content: 'المراجعة النهائية يوم الخميس', channel: 'sms' },
    ]);
  });

  it('shows the server’s refusal in Arabic', async () => {
    fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListGrades, [{ id: 3, name: 'الصف الثالث الثانوي', position: 1 }]),
      answer(
        e.staffSendParentMessage,
        {
          message:
            'إرسال الرسائل غير متاح على هذا الخادم: لم تُضبط خدمة واتساب ولا خدمة الرسائل القصيرة',
          code: 'FEATURE_DISABLED',
        },
        { status: 404 },
      ),
    ]);
    const user = openConsole('/phone-messages/create');
    await user.click(await screen.findByRole('radio', { name: 'صف دراسي' }));
    await user.click(await screen.findByRole('combobox', { name: /الصف الدراسي/ }));
    await user.click(await screen.findByRole('option', { name: 'الصف الثالث الثانوي' }));
    await fill(user, screen.getByLabelText(/نص الرسالة/), 'رسالة');
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(
      await screen.findByText(
        'إرسال الرسائل غير متاح على هذا الخادم: لم تُضبط خدمة واتساب ولا خدمة الرسائل القصيرة',
      ),
    ).toBeInTheDocument();
  });

  it('builds the body with the chosen audience’s id only, and no channel for the school’s default', () => {
    expect(
      parentMessageBody({
        audience: 'course',
        course_id: '7',
        grade_id: 3,
        content: 'ن',
        channel: 'default',
      }),
    ).toEqual({ audience: 'course', course_id: 7, content: 'ن' });
    expect(
      parentMessageBody({ audience: 'student', student_id: 4, content: 'ن', channel: 'whatsapp' }),
    ).toEqual({ audience: 'student', student_id: 4, content: 'ن', channel: 'whatsapp' });
  });

  it('keeps the screens out of a leader’s menu', async () => {
    fakeStaffApi([...staffBasics(LEADER)]);
    openConsole('/', LEADER);
    await screen.findByRole('menuitem', { name: /الدورات/ });
    expect(screen.queryByRole('menuitem', { name: /رسائل أولياء الأمور/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /أرقام أوقفت الرسائل/ })).not.toBeInTheDocument();
  });
});

describe('the numbers that opted out', { timeout: 240_000 }, () => {
  const OPTED: StaffPhoneOptOut = {
    id: 5,
    phone: '01098765432',
    reason: 'طلب ولي الأمر بالهاتف',
    created_by: ADMIN.name,
    created_at: '2026-11-28T10:00:00.000Z',
  };

  it('lists them and lets a number get messages again', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListPhoneOptOuts, [OPTED]),
      answer(e.staffDeletePhoneOptOut, { data: { id: 5 } }, { params: { id: 5 } }),
    ]);
    const user = openConsole('/phone-opt-outs');
    expect(await screen.findByText('01098765432')).toBeInTheDocument();
    const row = screen.getByText('طلب ولي الأمر بالهاتف').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'السماح بالرسائل إلى 01098765432' }));
    expect(await screen.findByText('ستصل الرسائل إلى هذا الرقم مرة أخرى')).toBeInTheDocument();
    expect(api.callsTo(e.staffDeletePhoneOptOut, { id: 5 })).toHaveLength(1);
  });

  it('stops messages to a number typed in Arabic digits', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListPhoneOptOuts, []),
      answer(e.staffCreatePhoneOptOut, { data: OPTED }),
    ]);
    const user = openConsole('/phone-opt-outs/create');
    await fill(user, await screen.findByLabelText(/رقم الهاتف/), '٠١٠٩٨٧٦٥٤٣٢');
    await fill(user, screen.getByLabelText(/السبب/), 'طلب ولي الأمر بالهاتف');
    await user.click(screen.getByRole('button', { name: /حفظ/ }));
    await screen.findByText('تمت الإضافة');
    expect(api.callsTo(e.staffCreatePhoneOptOut).map((c) => c.body)).toEqual([
      { phone: '٠١٠٩٨٧٦٥٤٣٢', reason: 'طلب ولي الأمر بالهاتف' },
    ]);
  });
});
