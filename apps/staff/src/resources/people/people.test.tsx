import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  staffEndpoints as e,
  type StaffStudentPurchase,
  type StaffStudentRefund,
  type StaffStudentTransaction,
} from '@dars/contract';
import {
  ADMIN,
  LEADER,
  answer,
  fakeStaffApi,
  isCall,
  list,
  staffBasics,
} from '../../test/fake-api';
import { staffCourse, staffLecture, staffStudentDetail } from '../../test/fixtures';
import { messageBody } from './messages';
import { openConsole } from '../../test/console';

const STUDENT = staffStudentDetail({
  center_name: 'سنتر النور',
  parent_phone: '01099990000',
  courses_count: 1,
  transactions_count: 1,
});

const ROW: StaffStudentTransaction = {
  id: 9,
  serial: 'TX261120-12345678',
  type: 'admin_balance_update',
  value: 20,
  balance_after: 75.5,
  comment: 'تعويض عن عطل',
  course: null,
  lecture: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

const COURSE = staffCourse({ id: 7, name: 'فيزياء الصف الثالث' });
const LECTURE = staffLecture({ id: 12, course_id: 7, name: 'الكهربية التيارية' });

/** Puts text in a field as a paste (typing Arabic key by key is slow in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Opens the console at `path` already signed in. */
beforeAll(async () => {
  await Promise.all([import('./students'), import('./messages')]);
}, 240_000);

// react-admin on MUI in jsdom, on a machine shared with other suites.
describe('students', { timeout: 240_000 }, () => {
  it('searches the list by what was typed', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListStudents, [STUDENT]),
      list(e.staffListGrades, []),
    ]);
    const user = openConsole('/students');
    expect(await screen.findByText('منى علي', {}, { timeout: 30_000 })).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('بحث'), '0101');
    await waitFor(() =>
      expect(api.callsTo(e.staffListStudents).some((c) => c.query.q === '0101')).toBe(true),
    );
  });

  it("shows the profile and the ledger tab from the student's own calls", async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 40 } }),
      answer(e.staffListStudentLedger, { data: [ROW], meta: { total: 1 } }, { params: { id: 40 } }),
    ]);
    const user = openConsole('/students/40/show');
    expect(await screen.findByRole('heading', { name: 'منى علي' })).toBeInTheDocument();
    expect(screen.getByText('سنتر النور')).toBeInTheDocument();
    expect(screen.getByText('DW1234567890')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'المحفظة (1)' }));
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('تعويض عن عطل')).toBeInTheDocument();
    expect(within(panel).getByText('تعديل من الإدارة')).toBeInTheDocument();
    const [call] = api.callsTo(e.staffListStudentLedger, { id: 40 });
    expect(call?.query.per_page).toBe('10');
    expect(call?.authorization).toBe('Bearer tok-1');
  });

  it('blocks with a reason, then shows the account as blocked', async () => {
    let blocked = false;
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      (c) =>
        isCall(c, e.staffGetStudent, { id: 40 })
          ? {
              body: {
                data: blocked
                  ? {
                      ...STUDENT,
                      blocked: true,
                      blocked_at: '2026-11-21T10:00:00.000Z',
                      blocked_reason: 'مشاركة الحساب',
                    }
                  : STUDENT,
              },
            }
          : undefined,
      (c) => {
        if (!isCall(c, e.staffBlockStudent, { id: 40 })) return undefined;
        blocked = true;
        return { body: { data: { ...STUDENT, blocked: true } } };
      },
    ]);
    const user = openConsole('/students/40/show');
    await screen.findByRole('heading', { name: 'منى علي' });
    await user.click(screen.getByRole('button', { name: 'إيقاف الحساب' }));
    const dialog = await screen.findByRole('dialog', { name: 'إيقاف حساب منى علي' });
    await fill(user, within(dialog).getByLabelText(/سبب الإيقاف/), 'مشاركة الحساب');
    await user.click(within(dialog).getByRole('button', { name: 'إيقاف الحساب' }));
    await screen.findByText('تم إيقاف الحساب');
    expect(api.callsTo(e.staffBlockStudent, { id: 40 }).map((c) => c.body)).toEqual([
      { reason: 'مشاركة الحساب' },
    ]);
    expect(await screen.findByRole('button', { name: 'إعادة تفعيل الحساب' })).toBeInTheDocument();
    expect(screen.getByText('مشاركة الحساب')).toBeInTheDocument();
  });

  it("puts the server's 422 under the balance fields and sends the signed amount", async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 40 } }),
      (c) =>
        isCall(c, e.staffAdjustBalance, { id: 40 })
          ? // A zero the contract refuses, as the server does.
            !e.staffAdjustBalance.body.safeParse(c.body).success
            ? {
                status: 422,
                body: {
                  message: 'أدخل مبلغاً غير الصفر',
                  errors: { amount: ['أدخل مبلغاً غير الصفر'] },
                },
              }
            : {
                body: {
                  data: {
                    student_id: 40,
                    amount: -20,
                    balance: 55.5,
                    serial: 'TX',
                    comment: 'خصم',
                  },
                },
              }
          : undefined,
    ]);
    const user = openConsole('/students/40/show');
    await screen.findByRole('heading', { name: 'منى علي' });
    await user.click(screen.getByRole('button', { name: 'تعديل الرصيد' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل رصيد منى علي' });
    await user.type(within(dialog).getByLabelText(/المبلغ/), '0');
    await fill(user, within(dialog).getByLabelText(/الملاحظة/), 'خصم');
    await user.click(within(dialog).getByRole('button', { name: 'تعديل الرصيد' }));
    expect(await within(dialog).findByText('أدخل مبلغاً غير الصفر')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/المبلغ/));
    await user.type(within(dialog).getByLabelText(/المبلغ/), '-20');
    await user.click(within(dialog).getByRole('button', { name: 'تعديل الرصيد' }));
    expect(await screen.findByText(/تم تعديل الرصيد. الرصيد الآن 55.50 جنيه/)).toBeInTheDocument();
    expect(api.callsTo(e.staffAdjustBalance, { id: 40 }).map((c) => c.body)).toEqual([
      { amount: 0, comment: 'خصم' },
      { amount: -20, comment: 'خصم' },
    ]);
  });

  it('grants a course picked by name; a 409 keeps the dialog open with the reason', async () => {
    let granted = 0;
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 40 } }),
      list(e.staffListCourses, [COURSE]),
      answer(e.staffGetCourse, { data: COURSE }, { params: { id: 7 } }),
      (c) => {
        if (!isCall(c, e.staffGrantStudent, { id: 40 })) return undefined;
        granted += 1;
        return granted === 1
          ? { status: 409, body: { message: 'الطالب لديه هذه الدورة بالفعل', code: 'CONFLICT' } }
          : {
              body: {
                data: {
                  student_id: 40,
                  course_id: 7,
                  enrolled: true,
                  lecture_ids: [],
                  cash_amount: null,
                },
              },
            };
      },
    ]);
    const user = openConsole('/students/40/show');
    await screen.findByRole('heading', { name: 'منى علي' });
    await user.click(screen.getByRole('button', { name: 'منح دورة أو محاضرة' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'منح منى علي دورة أو محاضرة',
    });
    await user.click(within(dialog).getByRole('combobox', { name: /دورة كاملة/ }));
    await user.click(await screen.findByRole('option', { name: 'فيزياء الصف الثالث' }));
    const submit = within(dialog).getByRole('button', { name: 'منح دورة أو محاضرة' });
    await user.click(submit);
    expect(await screen.findByText('الطالب لديه هذه الدورة بالفعل')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByText('تم المنح')).toBeInTheDocument();
    expect(api.callsTo(e.staffGrantStudent, { id: 40 }).map((c) => c.body)).toEqual([
      { course_id: 7 },
      { course_id: 7 },
    ]);
  });

  it('grants a lecture with the cash paid at the centre, and shows it in the purchases tab', async () => {
    const PURCHASE: StaffStudentPurchase = {
      id: 3,
      lecture: { id: 12, name: 'الكهربية التيارية' },
      course: { id: 7, name: 'فيزياء الصف الثالث' },
      price_paid: 150.5,
      pay_by: 'cash',
      granted_by: ADMIN.name,
      created_at: '2026-11-27T10:00:00.000Z',
      expires_at: null,
      expired: false,
    };
    let purchases: StaffStudentPurchase[] = [];
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      (c) =>
        isCall(c, e.staffGetStudent, { id: 40 })
          ? { body: { data: { ...STUDENT, purchases_count: purchases.length } } }
          : undefined,
      list(e.staffListLectures, [LECTURE]),
      answer(e.staffGetLecture, { data: LECTURE }, { params: { id: 12 } }),
      (c) => {
        if (!isCall(c, e.staffGrantStudent, { id: 40 })) return undefined;
        purchases = [PURCHASE];
        return {
          body: {
            data: {
              student_id: 40,
              course_id: 7,
              enrolled: true,
              lecture_ids: [12],
              cash_amount: 150.5,
            },
          },
        };
      },
      answer(
        e.staffListStudentPurchases,
        () => ({ data: purchases, meta: { total: purchases.length } }),
        { params: { id: 40 } },
      ),
    ]);
    const user = openConsole('/students/40/show');
    await screen.findByRole('heading', { name: 'منى علي' });
    await user.click(screen.getByRole('button', { name: 'منح دورة أو محاضرة' }));
    const dialog = await screen.findByRole('dialog', { name: 'منح منى علي دورة أو محاضرة' });
    await user.click(within(dialog).getByRole('radio', { name: 'محاضرة' }));
    await user.click(within(dialog).getByRole('combobox', { name: /محاضرة/ }));
    await user.click(await screen.findByRole('option', { name: 'الكهربية التيارية' }));
    await fill(user, within(dialog).getByLabelText(/المدفوع نقدًا في المركز/), '150.5');
    await user.click(within(dialog).getByRole('button', { name: 'منح دورة أو محاضرة' }));
    expect(
      await screen.findByText('تم المنح وتسجيل 150.50 جنيه نقدًا في المركز'),
    ).toBeInTheDocument();
    expect(api.callsTo(e.staffGrantStudent, { id: 40 }).map((c) => c.body)).toEqual([
      { lecture_id: 12, cash_amount: 150.5 },
    ]);
    await user.click(await screen.findByRole('tab', { name: /المشتريات/ }));
    expect(await screen.findByText(/^نقدًا في المركز/)).toBeInTheDocument();
    expect(screen.getByText('150.50 جنيه')).toBeInTheDocument();
  });

  it('refunds a paid lecture in cash with a reason, then lists it in the refunds tab (ADR 050)', async () => {
    const PAID: StaffStudentPurchase = {
      id: 5,
      lecture: { id: 12, name: 'الكهربية التيارية' },
      course: { id: 7, name: 'فيزياء الصف الثالث' },
      price_paid: 80,
      pay_by: 'wallet',
      granted_by: null,
      created_at: '2026-11-20T10:00:00.000Z',
      expires_at: null,
      expired: false,
    };
    const GRANTED: StaffStudentPurchase = {
      ...PAID,
      id: 6,
      lecture: { id: 13, name: 'المقاومة' },
      price_paid: 0,
      pay_by: 'grant',
    };
    const REFUND: StaffStudentRefund = {
      id: 1,
      course: { id: 7, name: 'فيزياء الصف الثالث' },
      lecture: { id: 12, name: 'الكهربية التيارية' },
      sale_at: PAID.created_at,
      sale_pay_by: 'wallet',
      sale_amount: 80,
      amount: 30,
      refund_to: 'cash',
      reason: 'لم يحضر الحصة',
      staff_name: ADMIN.name,
      created_at: '2026-11-28T10:00:00.000Z',
    };
    let refunded = false;
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      (c) =>
        isCall(c, e.staffGetStudent, { id: 40 })
          ? { body: { data: { ...STUDENT, purchases_count: 2, refunds_count: refunded ? 1 : 0 } } }
          : undefined,
      answer(
        e.staffListStudentPurchases,
        () => {
          const rows = refunded ? [GRANTED] : [PAID, GRANTED];
          return { data: rows, meta: { total: rows.length } };
        },
        { params: { id: 40 } },
      ),
      (c) => {
        if (!isCall(c, e.staffRefundSale, { id: 40 })) return undefined;
        refunded = true;
        return { body: { data: REFUND } };
      },
      answer(
        e.staffListStudentRefunds,
        () => ({ data: refunded ? [REFUND] : [], meta: { total: refunded ? 1 : 0 } }),
        { params: { id: 40 } },
      ),
    ]);
    const user = openConsole('/students/40/show');
    await screen.findByRole('heading', { name: 'منى علي' });
    await user.click(screen.getByRole('tab', { name: 'المشتريات (2)' }));
    // Only what took money can be refunded: the paid lecture, not the grant.
    const button = await screen.findByRole('button', { name: 'رد المبلغ: الكهربية التيارية' });
    expect(screen.queryByRole('button', { name: 'رد المبلغ: المقاومة' })).not.toBeInTheDocument();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'رد ثمن «الكهربية التيارية»' });
    expect(within(dialog).getByText(/المدفوع: 80.00 جنيه/)).toBeInTheDocument();
    const amount = within(dialog).getByLabelText(/المبلغ المردود/);
    expect(amount).toHaveValue(80);
    await user.clear(amount);
    await user.type(amount, '30');
    await user.click(within(dialog).getByRole('radio', { name: 'نقدًا في المركز' }));
    await fill(user, within(dialog).getByLabelText(/السبب/), 'لم يحضر الحصة');
    await user.click(within(dialog).getByRole('button', { name: 'رد المبلغ' }));
    expect(await screen.findByText('تم رد 30.00 جنيه وإلغاء وصول الطالب')).toBeInTheDocument();
    expect(api.callsTo(e.staffRefundSale, { id: 40 }).map((c) => c.body)).toEqual([
      { purchase_id: 5, amount: 30, to: 'cash', reason: 'لم يحضر الحصة' },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'رد المبلغ: الكهربية التيارية' }),
      ).not.toBeInTheDocument(),
    );
    await user.click(await screen.findByRole('tab', { name: 'المرتجعات (1)' }));
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('لم يحضر الحصة')).toBeInTheDocument();
    expect(within(panel).getByText('الكهربية التيارية — فيزياء الصف الثالث')).toBeInTheDocument();
    expect(within(panel).getByText('30.00 جنيه')).toBeInTheDocument();
    expect(within(panel).getAllByText('نقدًا في المركز').length).toBeGreaterThan(0);
  });

  it('sends the password-reset mail after confirming, with the server message', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 40 } }),
      answer(
        e.staffResetStudentPassword,
        {
          data: { message: 'أرسلنا إلى الطالب رسالة برمز استعادة كلمة المرور' },
        },
        { params: { id: 40 } },
      ),
    ]);
    const user = openConsole('/students/40/show');
    await screen.findByRole('heading', { name: 'منى علي' });
    await user.click(screen.getByRole('button', { name: 'إرسال رمز استعادة كلمة المرور' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال' }));
    expect(
      await screen.findByText('أرسلنا إلى الطالب رسالة برمز استعادة كلمة المرور'),
    ).toBeInTheDocument();
    expect(api.callsTo(e.staffResetStudentPassword, { id: 40 })).toHaveLength(1);
  });

  it("shows a leader the student's page without the admin's actions", async () => {
    fakeStaffApi([
      ...staffBasics(LEADER),
      answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 40 } }),
    ]);
    openConsole('/students/40/show', LEADER);
    await screen.findByRole('heading', { name: 'منى علي' });
    expect(screen.getByRole('tab', { name: 'البيانات' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إيقاف الحساب' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تعديل الرصيد' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^رد المبلغ/ })).not.toBeInTheDocument();
  });
});

describe('messages', { timeout: 240_000 }, () => {
  it("sends a grade's message and saves the announcement", async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListGrades, [{ id: 3, name: 'الصف الثالث الثانوي', position: 1 }]),
      answer(e.staffGetAnnouncement, { data: { general_announcement: 'قديم' } }),
      answer(e.staffPutAnnouncement, { data: { general_announcement: 'الامتحان الجمعة' } }),
      answer(e.staffSendMessage, { data: { sent: 120 } }),
    ]);
    const user = openConsole('/messages');
    expect(await screen.findByRole('menuitem', { name: /الرسائل والإعلان/ })).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: 'طلاب صف دراسي' }));
    await user.click(await screen.findByRole('combobox', { name: /الصف الدراسي/ }));
    await user.click(await screen.findByRole('option', { name: 'الصف الثالث الثانوي' }));
    await fill(user, screen.getByLabelText(/عنوان الإشعار/), 'تنبيه');
    await fill(user, screen.getByLabelText(/نص الإشعار/), 'المراجعة غداً');
    await user.click(screen.getByRole('button', { name: 'إرسال الإشعار' }));
    // 120 reads like 20 (its last two digits): the accusative singular (useCount, ADR 035).
    expect(await screen.findByText('تم إرسال الإشعار إلى 120 طالبًا')).toBeInTheDocument();
    expect(api.callsTo(e.staffSendMessage).map((c) => c.body)).toEqual([
      { audience: 'grade', grade_id: 3, title: 'تنبيه', content: 'المراجعة غداً' },
    ]);

    const announcement = await screen.findByLabelText(/نص الإعلان/);
    expect(announcement).toHaveValue('قديم');
    await user.clear(announcement);
    await user.type(announcement, 'الامتحان الجمعة');
    await user.click(screen.getByRole('button', { name: 'حفظ الإعلان' }));
    expect(await screen.findByText('تم حفظ الإعلان العام')).toBeInTheDocument();
    expect(api.callsTo(e.staffPutAnnouncement).map((c) => c.body)).toEqual([
      { general_announcement: 'الامتحان الجمعة' },
    ]);
  });

  it('asks before sending to every student', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffGetAnnouncement, { data: { general_announcement: null } }),
      answer(e.staffSendMessage, { data: { sent: 5000 } }),
    ]);
    const user = openConsole('/messages');
    await user.click(await screen.findByRole('radio', { name: 'كل الطلاب' }));
    await fill(user, screen.getByLabelText(/عنوان الإشعار/), 'للجميع');
    await fill(user, screen.getByLabelText(/نص الإشعار/), 'إجازة');
    await user.click(screen.getByRole('button', { name: 'إرسال الإشعار' }));
    const dialog = await screen.findByRole('dialog', { name: 'إرسال الإشعار إلى كل الطلاب؟' });
    expect(api.callsTo(e.staffSendMessage)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الإشعار' }));
    // Counts in texts carry the thousands separator like every count (ADR 035).
    expect(await screen.findByText('تم إرسال الإشعار إلى 5,000 طالب')).toBeInTheDocument();
    expect(api.callsTo(e.staffSendMessage).map((c) => c.body)).toEqual([
      { audience: 'all', title: 'للجميع', content: 'إجازة' },
    ]);
  });

  it('tells a leader the page is for admins and keeps it out of the menu', async () => {
    fakeStaffApi([...staffBasics(LEADER)]);
    openConsole('/messages', LEADER);
    expect(await screen.findByText('هذه الصفحة متاحة للمدير فقط')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /الرسائل والإعلان/ })).not.toBeInTheDocument();
  });

  it('builds the body with only the chosen audience id and a link when given', () => {
    expect(
      messageBody({
        audience: 'course',
        course_id: '7',
        grade_id: 3,
        title: 'ع',
        content: 'ن',
        to: ' /wallet ',
      }),
    ).toEqual({ audience: 'course', course_id: 7, title: 'ع', content: 'ن', to: '/wallet' });
    expect(
      messageBody({ audience: 'all', student_id: 4, title: 'ع', content: 'ن', to: '' }),
    ).toEqual({
      audience: 'all',
      title: 'ع',
      content: 'ن',
    });
  });
});
